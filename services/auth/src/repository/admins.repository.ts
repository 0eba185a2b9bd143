import { fromColumns, type AdminRole, type Knex } from "@rsv/kit";

const ADMINS = "auth.admins";

export interface AdminAccount {
  id: number;
  email: string;
  passwordHash: string;
  role: AdminRole;
}

/** An account as the owner sees it in the list: never its password hash. */
export interface AccountSummary {
  id: number;
  email: string;
  role: AdminRole;
  createdAt: Date;
}

/** Work that stands or falls with an account's change: done in its transaction, before the change itself. */
export type AlsoInTransaction = (trx: Knex.Transaction) => Promise<unknown>;

interface AdminRow {
  id: number;
  email: string;
  password_hash: string;
  role: AdminRole;
}

interface SummaryRow {
  id: number;
  email: string;
  role: AdminRole;
  created_at: Date | string;
}

const summaryOf = (row: SummaryRow): AccountSummary => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdAt: new Date(row.created_at),
});

/** What a change to an account came to; `last_owner` when it would have left the site without an owner. */
export type AccountChange = "done" | "not_found" | "last_owner";

export class AdminsRepository {
  constructor(private readonly db: Knex) {}

  async findByEmail(email: string): Promise<AdminAccount | undefined> {
    const row = await this.db<AdminRow>(ADMINS).select("id", "email", "password_hash", "role").where({ email }).first();
    return row ? fromColumns(row) : undefined;
  }

  async findById(id: number): Promise<AdminAccount | undefined> {
    const row = await this.db<AdminRow>(ADMINS).select("id", "email", "password_hash", "role").where({ id }).first();
    return row ? fromColumns(row) : undefined;
  }

  async any(): Promise<boolean> {
    return (await this.db(ADMINS).select("id").first()) !== undefined;
  }

  /** Every account, oldest first. */
  async list(): Promise<AccountSummary[]> {
    const rows = (await this.db(ADMINS).select("id", "email", "role", "created_at").orderBy("id")) as SummaryRow[];
    return rows.map(summaryOf);
  }

  async findSummary(id: number): Promise<AccountSummary | undefined> {
    const row = (await this.db(ADMINS).select("id", "email", "role", "created_at").where({ id }).first()) as
      SummaryRow | undefined;
    return row ? summaryOf(row) : undefined;
  }

  /** Creates the account unless one with this email exists (also when another replica creates it at the same moment). */
  async createIfMissing(email: string, passwordHash: string, role: AdminRole): Promise<boolean> {
    const rows = await this.db(ADMINS)
      .insert({ email, password_hash: passwordHash, role })
      .onConflict("email")
      .ignore()
      .returning("id");
    return rows.length > 0;
  }

  async updatePasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.db(ADMINS).where({ id }).update({ password_hash: passwordHash, updated_at: this.db.fn.now() });
  }

  /** Gives the account a role, unless that would demote the last owner. */
  setRole(id: number, role: AdminRole, also?: AlsoInTransaction): Promise<AccountChange> {
    return this.changeKeepingAnOwner(id, role === "owner", async (trx) => {
      await also?.(trx);
      await trx(ADMINS).where({ id }).update({ role, updated_at: trx.fn.now() });
    });
  }

  /** Removes the account (its sessions and known devices go with it), unless it is the last owner. */
  delete(id: number, also?: AlsoInTransaction): Promise<AccountChange> {
    return this.changeKeepingAnOwner(id, false, async (trx) => {
      await also?.(trx);
      await trx(ADMINS).where({ id }).delete();
    });
  }

  /**
   * Runs a change to one account with every owner row locked, so two owners demoting each other at
   * the same moment cannot both succeed: the second sees one owner left.
   */
  private async changeKeepingAnOwner(
    id: number,
    staysOwner: boolean,
    change: (trx: Knex.Transaction) => Promise<unknown>,
  ): Promise<AccountChange> {
    return this.db.transaction(async (trx) => {
      const owners = (await trx(ADMINS).select("id").where({ role: "owner" }).forUpdate()) as Array<{ id: number }>;
      const target = await trx(ADMINS).select("id", "role").where({ id }).forUpdate().first();
      if (!target) return "not_found";
      const isOwner = owners.some((owner) => owner.id === id);
      if (isOwner && !staysOwner && owners.length <= 1) return "last_owner";
      await change(trx);
      return "done";
    });
  }
}
