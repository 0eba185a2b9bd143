import type { Knex } from "@rsv/kit/db";

/** A calendar month of raw events, UTC: `2026-11`. */
export type Month = string;

const MONTH = /^(\d{4})-(\d{2})$/;

export const monthOf = (at: Date | string): Month => new Date(at).toISOString().slice(0, 7);

/** The first instant of the month, and of the month after it. */
export function monthBounds(month: Month): { start: Date; end: Date } {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return { start: new Date(Date.UTC(year, index, 1)), end: new Date(Date.UTC(year, index + 1, 1)) };
}

/** Every month from the one holding `first` to the one holding `last`. */
export function monthsBetween(first: Date, last: Date): Month[] {
  const months: Month[] = [];
  for (let month = monthOf(first); month <= monthOf(last); month = monthOf(monthBounds(month).end)) months.push(month);
  return months;
}

const tableOf = (month: Month) => `events_p${month.replace("-", "")}`;

/** PostgreSQL's answer when the default partition already holds rows of the month being made. */
const DEFAULT_HOLDS_ROWS = "23514";
/** Two replicas making the same month at once: the loser sees the winner's table or type. */
const ALREADY_MADE = new Set(["42P07", "23505"]);

async function createMonth(db: Knex, month: Month): Promise<void> {
  const { start, end } = monthBounds(month);
  const table = tableOf(month);
  // PostgreSQL takes no parameters in DDL: the bounds are ISO times made here, not input.
  const bounds = `for values from ('${start.toISOString()}') to ('${end.toISOString()}')`;
  try {
    await db.raw(`create table if not exists analytics.?? partition of analytics.events ${bounds}`, [table]);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && ALREADY_MADE.has(code)) return;
    if (code !== DEFAULT_HOLDS_ROWS) throw error;
    // Rows of the month went to the default partition: move them into the month's own table.
    await db.transaction(async (trx) => {
      await trx.raw(`create table analytics.?? (like analytics.events including defaults including constraints)`, [
        table,
      ]);
      await trx.raw(
        `with moved as (delete from analytics.events_default where "timestamp" >= ? and "timestamp" < ? returning *)
         insert into analytics.?? select * from moved`,
        [start.toISOString(), end.toISOString(), table],
      );
      await trx.raw(`alter table analytics.events attach partition analytics.?? ${bounds}`, [table]);
    });
  }
}

/** Makes the months' partitions that are missing (the migration, and EventPartitions). */
export async function createMonthPartitions(db: Knex, months: Month[]): Promise<void> {
  for (const month of months) await createMonth(db, month);
}

/**
 * The monthly partitions of analytics.events. Writers ask for the months of what they are about to
 * insert: known months cost nothing, a new one is made once per process. The worker also makes next
 * month's ahead, so an insert seldom waits for one.
 */
export class EventPartitions {
  private readonly known = new Set<Month>();

  constructor(private readonly db: Knex) {}

  async ensure(times: Array<Date | string>): Promise<void> {
    const missing = [...new Set(times.map(monthOf))].filter((month) => !this.known.has(month));
    if (missing.length === 0) return;
    const existing = new Set(await this.months());
    for (const month of missing) {
      if (!existing.has(month)) await createMonth(this.db, month);
      this.known.add(month);
    }
  }

  /** The months that have a partition, oldest first. */
  async months(): Promise<Month[]> {
    const result = await this.db.raw(
      `select c.relname as name from pg_inherits i
       join pg_class c on c.oid = i.inhrelid
       join pg_class p on p.oid = i.inhparent
       join pg_namespace n on n.oid = p.relnamespace
       where n.nspname = 'analytics' and p.relname = 'events'`,
    );
    return (result.rows as Array<{ name: string }>)
      .map(({ name }) => /^events_p(\d{4})(\d{2})$/.exec(name))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => `${match[1]}-${match[2]}`)
      .sort();
  }

  /**
   * Removes raw events older than the cutoff: a month wholly before it loses its table, the month it
   * falls in and the default partition lose their rows before it. Answers how many rows went.
   */
  async purgeBefore(cutoff: Date): Promise<number> {
    let removed = 0;
    for (const month of await this.months()) {
      const { end } = monthBounds(month);
      if (end > cutoff) continue;
      const table = tableOf(month);
      const row = (await this.db(`analytics.${table}`).count({ n: "*" }).first()) as { n: number | string } | undefined;
      await this.db.raw(`drop table analytics.??`, [table]);
      this.known.delete(month);
      removed += Number(row?.n ?? 0);
    }
    removed += await this.db("analytics.events").where("timestamp", "<", cutoff).delete();
    return removed;
  }
}
