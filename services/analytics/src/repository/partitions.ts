import { isEmbedded, type Knex } from "@rsv/kit/db";

/** A calendar month of raw events, UTC: `2026-11`. */
export type Month = string;

const MONTH = /^(\d{4})-(\d{2})$/;

/** A time in UTC as events carry it (`2026-11-26T22:06:39.123Z`), whose month is its first seven characters. */
const UTC_TIME = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/;

/** The month of a time; the worker asks it of each event it writes, so a UTC time is not parsed. */
export const monthOf = (at: Date | string): Month =>
  typeof at === "string" && UTC_TIME.test(at) ? at.slice(0, 7) : new Date(at).toISOString().slice(0, 7);

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
const UNDEFINED_TABLE = "42P01";
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

/** Rows written into a month since its statistics were last gathered, at which they are gathered again: */
const ANALYZE_AFTER_ROWS = 1_000;
/** ... or this share of the rows it held then, whichever is more. */
const ANALYZE_AFTER_GROWTH = 0.2;
/**
 * ... but not sooner than this after the last time, unless the month has doubled since. A young month
 * grows by a fifth every few seconds under load: analysed at each step, it spent a third of
 * PostgreSQL's CPU per event (14 of 44 µs) on statistics. Doubling keeps the figures within a factor
 * of two of the rows, which is what the lookups' plans need.
 */
const ANALYZE_AT_MOST_EVERY_MS = 10_000;
/**
 * The columns the writer's own lookups filter on (a visitor's last page view, a uid seen before): the
 * only statistics it needs before autovacuum gathers them all. On a month of 150,000 page views these
 * four took 60 ms against 112 for every column; under a steady load of single page views on a young
 * month, PostgreSQL's CPU per event fell from 44 to 37 µs. PGlite runs no autovacuum: there the writer
 * gathers every column.
 */
const LOOKUP_COLUMNS = `"uid", "visitor_hash", "timestamp", "event_type"`;

/**
 * The monthly partitions of analytics.events. Writers ask for the months of what they are about to
 * insert: known months cost nothing, a new one is made once per process. The worker also makes next
 * month's ahead, so an insert seldom waits for one.
 *
 * Writers also say what they wrote, and a month that grew by a fifth since its statistics were
 * gathered is analysed again: at once when it doubled, else once ten seconds have passed. The
 * writer's own lookups (a visitor's last page view, a uid) are planned from them: on a month filling
 * faster than autovacuum looks (its first minutes, a backlog drained), stale figures made PostgreSQL
 * scan every page view of the last half hour for each visitor, 10 s a batch instead of a few
 * milliseconds.
 */
export class EventPartitions {
  private readonly known = new Set<Month>();
  /** Per month: rows it held when last analysed (as this process knows), rows written since, and when. */
  private readonly growth = new Map<Month, { analysed: number; since: number; at: number }>();

  /** What a growing month's analyse covers: the lookups' columns, or every one where no autovacuum runs. */
  private readonly analysed: string;

  constructor(private readonly db: Knex) {
    this.analysed = isEmbedded(db) ? "" : ` (${LOOKUP_COLUMNS})`;
  }

  async ensure(times: Array<Date | string>): Promise<void> {
    const missing = [...new Set(times.map(monthOf))].filter((month) => !this.known.has(month));
    if (missing.length === 0) return;
    const existing = new Set(await this.months());
    for (const month of missing) {
      if (!existing.has(month)) await createMonth(this.db, month);
      this.known.add(month);
    }
  }

  /** Counts rows written at these times; analyses a month that has grown enough (see the class). */
  async wrote(times: Array<Date | string>): Promise<void> {
    const perMonth = new Map<Month, number>();
    for (const at of times) {
      const month = monthOf(at);
      perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
    }
    for (const [month, rows] of perMonth) {
      let growth = this.growth.get(month);
      if (!growth) this.growth.set(month, (growth = { analysed: await this.estimatedRows(month), since: 0, at: 0 }));
      growth.since += rows;
      if (growth.since < Math.max(ANALYZE_AFTER_ROWS, growth.analysed * ANALYZE_AFTER_GROWTH)) continue;
      if (growth.since < growth.analysed && Date.now() - growth.at < ANALYZE_AT_MOST_EVERY_MS) continue;
      // Another writer analysing the month already does the work: skip_locked leaves it to them.
      await this.db
        .raw(`analyze (skip_locked) analytics.??${this.analysed}`, [tableOf(month)])
        .catch((error: { code?: string }) => {
          // A month purged meanwhile has nothing left to analyse.
          if (error.code !== UNDEFINED_TABLE) throw error;
        });
      growth.analysed += growth.since;
      growth.since = 0;
      growth.at = Date.now();
    }
  }

  /** The rows PostgreSQL's statistics say the month holds (none when never analysed). */
  private async estimatedRows(month: Month): Promise<number> {
    const result = await this.db.raw(`select reltuples from pg_class where oid = to_regclass(?)`, [
      `analytics.${tableOf(month)}`,
    ]);
    return Math.max(0, Number((result.rows as Array<{ reltuples: number }>)[0]?.reltuples ?? 0));
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
      this.growth.delete(month);
      removed += Number(row?.n ?? 0);
    }
    removed += await this.db("analytics.events").where("timestamp", "<", cutoff).delete();
    return removed;
  }
}
