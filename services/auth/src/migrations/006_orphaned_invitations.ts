import type { Migration } from "@rsv/kit";

/**
 * Invitations outlive no owner: removing or demoting an account now revokes the links it made, and
 * one is accepted only while its inviter is an owner. Links made by accounts removed or demoted before
 * that are revoked here, so the owner's list and the invitation page say what they are.
 */
export const auth006: Migration = {
  name: "006_orphaned_invitations",
  async up(db) {
    await db.raw(`
      update auth.invitations set revoked_at = now()
      where accepted_at is null and revoked_at is null
        and (invited_by is null or invited_by not in (select id from auth.admins where role = 'owner'))`);
  },
  async down() {
    // A revoked link stays revoked: there is nothing to undo safely.
  },
};
