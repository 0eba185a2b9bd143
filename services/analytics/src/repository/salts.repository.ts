import { randomBytes } from "node:crypto";
import type { Knex } from "@rsv/kit";
import { SALT_KEEP_DAYS } from "../domain/visitor-hash.js";

/** Days whose salts a process keeps in memory: today's, and yesterday's for clicks handed over late. */
const DAYS_HELD = 2;

/**
 * One random salt per day of the site's time zone in analytics.salts. Every replica inserts its
 * candidate with ON CONFLICT DO NOTHING and reads back the row that won, so all replicas hash alike.
 */
export class DailySalts {
  private readonly held = new Map<string, Promise<string>>();

  constructor(private readonly db: Knex) {}

  forDay(day: string): Promise<string> {
    let salt = this.held.get(day);
    if (!salt) {
      const loading = this.load(day);
      salt = loading;
      this.held.set(day, loading);
      // The earliest day first out (Maps keep their order of insertion).
      if (this.held.size > DAYS_HELD) this.held.delete(this.held.keys().next().value!);
      // A failed read is not remembered: the next event tries again.
      loading.catch(() => {
        if (this.held.get(day) === loading) this.held.delete(day);
      });
    }
    return salt;
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
