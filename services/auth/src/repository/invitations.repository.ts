import type { AdminRole, Knex } from "@rsv/kit";
import { INVITATION_TTL_MS, type InvitationTimes } from "../domain/invitation.js";

const INVITATIONS = "auth.invitations";
const ADMINS = "auth.admins";

export interface Invitation extends InvitationTimes {
  id: number;
  email: string;
  role: AdminRole;
  createdAt: Date;
}

interface InvitationRow {
  id: number;
  email: string;
  role: AdminRole;
  created_at: Date | string;
  expires_at: Date | string;
  accepted_at: Date | string | null;
  revoked_at: Date | string | null;
}

const COLUMNS = ["id", "email", "role", "created_at", "expires_at", "accepted_at", "revoked_at"];
const date = (value: Date | string | null) => (value === null ? null : new Date(value));

function fromRow(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    acceptedAt: date(row.accepted_at),
    revokedAt: date(row.revoked_at),
  };
}

/** What accepting came to: the new account's id, or why there is none. */
export type Acceptance = { accountId: number } | { refused: "gone" | "email_taken" };

class EmailTaken extends Error {}

export class InvitationsRepository {
  /** `now` is the clock invitations are timed by (the tests move it). */
  constructor(
    private readonly db: Knex,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new invitation, usable for 7 days; any pending one to the same address is revoked. */
  async create(input: { email: string; role: AdminRole; tokenHash: string; invitedBy: number }): Promise<Invitation> {
    const now = this.now();
    return this.db.transaction(async (trx) => {
      await this.pending(trx(INVITATIONS)).where({ email: input.email }).update({ revoked_at: now });
      const [row] = (await trx(INVITATIONS)
        .insert({
          email: input.email,
          role: input.role,
          token_hash: input.tokenHash,
          invited_by: input.invitedBy,
          created_at: now,
          expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
        })
        .returning(COLUMNS)) as InvitationRow[];
      return fromRow(row!);
    });
  }

  /** Invitations neither accepted, revoked nor expired, newest first. */
  async listPending(): Promise<Invitation[]> {
    const rows = (await this.pending(this.db(INVITATIONS)).select(COLUMNS).orderBy("id", "desc")) as InvitationRow[];
    return rows.map(fromRow);
  }

  async findByTokenHash(tokenHash: string): Promise<Invitation | undefined> {
    const row = (await this.db(INVITATIONS).select(COLUMNS).where({ token_hash: tokenHash }).first()) as
      InvitationRow | undefined;
    return row ? fromRow(row) : undefined;
  }

  /** Revokes a pending invitation; false when there is none with this id (or it was already used or ended). */
  async revoke(id: number): Promise<boolean> {
    const rows = await this.pending(this.db(INVITATIONS))
      .where({ id })
      .update({ revoked_at: this.now() })
      .returning("id");
    return rows.length > 0;
  }

  /**
   * Revokes every pending invitation the account made (in `trx` when given): an account leaving the
   * owners, or signing out everywhere, leaves no link behind that makes an account after it.
   */
  async revokeMadeBy(adminId: number, trx: Knex = this.db): Promise<number> {
    const rows = await this.pending(trx(INVITATIONS))
      .where({ invited_by: adminId })
      .update({ revoked_at: this.now() })
      .returning("id");
    return rows.length;
  }

  /**
   * Uses the invitation and creates its account in one transaction: the link works once even when two
   * requests bring it at the same moment, and an address that got an account meanwhile is refused.
   */
  async accept(tokenHash: string, passwordHash: string): Promise<Acceptance> {
    const now = this.now();
    try {
      return await this.db.transaction(async (trx) => {
        // Only while the owner who made it still is one: an inviter removed or demoted since (the link
        // was revoked then; this holds under a race with that change too) leaves nothing to accept.
        const [used] = (await this.pending(trx(INVITATIONS))
          .where({ token_hash: tokenHash })
          .whereIn("invited_by", trx(ADMINS).select("id").where({ role: "owner" }))
          .update({ accepted_at: now })
          .returning(["email", "role"])) as Array<{ email: string; role: AdminRole }>;
        if (!used) return { refused: "gone" as const };
        const [created] = (await trx(ADMINS)
          .insert({ email: used.email, password_hash: passwordHash, role: used.role })
          .onConflict("email")
          .ignore()
          .returning("id")) as Array<{ id: number }>;
        // Thrown, so the invitation stays unused: the owner may remove that account and the link works again.
        if (!created) throw new EmailTaken();
        return { accountId: created.id };
      });
    } catch (error) {
      if (error instanceof EmailTaken) return { refused: "email_taken" };
      throw error;
    }
  }

  private pending(query: Knex.QueryBuilder): Knex.QueryBuilder {
    return query.whereNull("accepted_at").whereNull("revoked_at").andWhere("expires_at", ">", this.now());
  }
}
