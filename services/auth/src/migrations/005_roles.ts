import type { Migration } from "@rsv/kit";

/**
 * Roles and invitations. Every account there is at upgrade is an owner, as the one admin was before
 * roles; after it the column has no default, so each new account names its role.
 */
export const auth005: Migration = {
  name: "005_roles",
  async up(db) {
    await db.schema.withSchema("auth").alterTable("admins", (t) => {
      t.text("role").notNullable().defaultTo("owner");
    });
    await db.raw("alter table auth.admins alter column role drop default");
    await db.raw("alter table auth.admins add constraint admins_role_known check (role in ('owner', 'editor'))");
    await db.schema.withSchema("auth").createTable("invitations", (t) => {
      t.increments("id");
      t.text("email").notNullable();
      t.text("role").notNullable().checkIn(["owner", "editor"], "invitations_role_known");
      // sha256 (hex) of the token in the link; the token itself is never stored.
      t.text("token_hash").notNullable().unique();
      t.integer("invited_by").references("id").inTable("auth.admins").onDelete("SET NULL");
      t.timestamp("created_at", { useTz: true }).notNullable();
      t.timestamp("expires_at", { useTz: true }).notNullable();
      t.timestamp("accepted_at", { useTz: true });
      t.timestamp("revoked_at", { useTz: true });
    });
  },
  async down(db) {
    await db.schema.withSchema("auth").dropTable("invitations");
    await db.schema.withSchema("auth").alterTable("admins", (t) => {
      t.dropColumn("role");
    });
  },
};
