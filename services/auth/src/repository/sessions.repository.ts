import type { AdminUser, Knex } from "@rsv/kit";

const SESSIONS = "auth.sessions";
const ADMINS = "auth.admins";

export class SessionsRepository {
  constructor(private readonly db: Knex) {}

  async create(idHash: string, adminId: number, expiresAt: Date): Promise<void> {
    await this.db(SESSIONS).insert({ id_hash: idHash, admin_id: adminId, expires_at: expiresAt });
  }

  /** The admin of a session that exists and has not expired. */
  async resolve(idHash: string): Promise<AdminUser | undefined> {
    const row = await this.db(`${SESSIONS} as s`)
      .join(`${ADMINS} as a`, "a.id", "s.admin_id")
      .select<{ id: number; email: string }[]>("a.id", "a.email")
      .where("s.id_hash", idHash)
      .andWhere("s.expires_at", ">", this.db.fn.now())
      .first();
    return row ? { id: row.id, email: row.email } : undefined;
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

  async deleteExpired(): Promise<number> {
    return (await this.db(SESSIONS).where("expires_at", "<=", this.db.fn.now()).delete().returning("id_hash")).length;
  }
}
