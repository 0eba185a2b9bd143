import { randomBytes } from "node:crypto";
import type { Knex } from "@rsv/kit";
import { SALT_KEEP_DAYS } from "../domain/visitor-hash.js";

/**
 * One random salt per UTC day in analytics.salts. Every replica inserts its candidate with
 * ON CONFLICT DO NOTHING and reads back the row that won, so all replicas hash alike.
 */
export class DailySalts {
  private current: { day: string; salt: Promise<string> } | undefined;

  constructor(private readonly db: Knex) {}

  forDay(day: string): Promise<string> {
    if (this.current?.day !== day) {
      const salt = this.load(day);
      this.current = { day, salt };
      // A failed read is not remembered: the next event tries again.
      salt.catch(() => {
        if (this.current?.salt === salt) this.current = undefined;
      });
    }
    return this.current.salt;
  }

  private async load(day: string): Promise<string> {
    await this.db.raw("insert into analytics.salts (day, salt) values (?::date, ?) on conflict (day) do nothing", [
      day,
      randomBytes(32).toString("hex"),
    ]);
    const row = (await this.db("analytics.salts").whereRaw("day = ?::date", [day]).first("salt")) as
      { salt: string } | undefined;
    if (!row) throw new Error(`no salt for ${day}`);
    await this.db.raw("delete from analytics.salts where day <= ?::date - ?::int", [day, SALT_KEEP_DAYS]);
    return row.salt;
  }
}
