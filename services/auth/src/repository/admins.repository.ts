import { fromColumns, type Knex } from "@rsv/kit";

const ADMINS = "auth.admins";

export interface AdminAccount {
  id: number;
  email: string;
  passwordHash: string;
}

interface AdminRow {
  id: number;
  email: string;
  password_hash: string;
}

export class AdminsRepository {
  constructor(private readonly db: Knex) {}

  async findByEmail(email: string): Promise<AdminAccount | undefined> {
    const row = await this.db<AdminRow>(ADMINS).select("id", "email", "password_hash").where({ email }).first();
    return row ? fromColumns(row) : undefined;
  }

  async findById(id: number): Promise<AdminAccount | undefined> {
    const row = await this.db<AdminRow>(ADMINS).select("id", "email", "password_hash").where({ id }).first();
    return row ? { id: row.id, email: row.email, passwordHash: row.password_hash } : undefined;
  }

  async any(): Promise<boolean> {
    return (await this.db(ADMINS).select("id").first()) !== undefined;
  }

  /** Creates the account unless one with this email exists (also when another replica creates it at the same moment). */
  async createIfMissing(email: string, passwordHash: string): Promise<boolean> {
    const rows = await this.db(ADMINS)
      .insert({ email, password_hash: passwordHash })
      .onConflict("email")
      .ignore()
      .returning("id");
    return rows.length > 0;
  }

  async updatePasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.db(ADMINS).where({ id }).update({ password_hash: passwordHash, updated_at: this.db.fn.now() });
  }
}
