import type { AdminUser, Knex } from "@rsv/kit";
import { idleSince, needsTouch, type SessionLifetime } from "../domain/session-lifetime.js";

const SESSIONS = "auth.sessions";
const ADMINS = "auth.admins";

export class SessionsRepository {
  /** `now` is the clock every lifetime check reads (the tests move it). */
  constructor(
    private readonly db: Knex,
    private readonly lifetime: SessionLifetime,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new session, last used now, ending at the absolute lifetime; answers when it ends. */
  async create(idHash: string, adminId: number): Promise<Date> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.lifetime.absoluteMs);
    await this.db(SESSIONS).insert({
      id_hash: idHash,
      admin_id: adminId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    });
    return expiresAt;
  }

  /**
   * The admin of a session that has neither expired nor gone idle. Resolving it counts as a use:
   * the last use moves forward, written at most once a minute.
   */
  async resolve(idHash: string): Promise<AdminUser | undefined> {
    const now = this.now();
    const row = await this.db(`${SESSIONS} as s`)
      .join(`${ADMINS} as a`, "a.id", "s.admin_id")
      .select<{ id: number; email: string; role: AdminUser["role"]; last_seen_at: Date | string }[]>(
        "a.id",
        "a.email",
        "a.role",
        "s.last_seen_at",
      )
      .where("s.id_hash", idHash)
      .andWhere("s.expires_at", ">", now)
      .andWhere("s.last_seen_at", ">", idleSince(now, this.lifetime))
      .first();
    if (!row) return undefined;
    if (needsTouch(new Date(row.last_seen_at), now)) {
      // Never backwards: two replicas touching at once leave the later time.
      await this.db(SESSIONS)
        .where({ id_hash: idHash })
        .andWhere("last_seen_at", "<", now)
        .update({ last_seen_at: now });
    }
    return { id: row.id, email: row.email, role: row.role };
  }

  /** Revokes at once: the row is gone, so no later request resolves it. */
  async revoke(idHash: string): Promise<boolean> {
    // returning(): knex-pglite answers a bare delete with a result object, not a count.
    return (await this.db(SESSIONS).where({ id_hash: idHash }).delete().returning("id_hash")).length > 0;
  }

  /** Revokes every session of the account except the one whose hash is kept (none when omitted). */
  async revokeAllOf(adminId: number, keepIdHash?: string): Promise<number> {
    const query = this.db(SESSIONS).where({ admin_id: adminId });
    if (keepIdHash) query.whereNot({ id_hash: keepIdHash });
    return (await query.delete().returning("id_hash")).length;
  }

  /** Removes sessions past their lifetime or gone idle: none of them can resolve again. */
  async deleteEnded(): Promise<number> {
    const now = this.now();
    return (
      await this.db(SESSIONS)
        .where("expires_at", "<=", now)
        .orWhere("last_seen_at", "<=", idleSince(now, this.lifetime))
        .delete()
        .returning("id_hash")
    ).length;
  }
}
