import type { Knex } from "@rsv/kit/db";
import { BREAKDOWN_COLUMNS, BREAKDOWNS, NONE, type Breakdown } from "../domain/report.js";

/** The first wait before a day whose recount failed is tried again, and the longest. */
const FAILED_DAY_WAIT_MS = 60_000;
const FAILED_DAY_MAX_WAIT_MS = 3_600_000;

/** A refresh that made the other days' roll-ups but not these days' (they stay listed for the next one). */
export class RollupDaysFailed extends Error {
  constructor(
    readonly failed: Array<{ day: string; error: unknown }>,
    readonly done: string[],
  ) {
    super(`roll-ups of ${failed.map(({ day }) => day).join(", ")} not made: ${String(failed[0]?.error)}`, {
      cause: failed[0]?.error,
    });
    this.name = "RollupDaysFailed";
  }
}

/** The currency revenue is counted in when no setting names one. */
export const DEFAULT_CURRENCY = "EUR";

/** The dimension of a day's totals in rollups_daily. */
export const TOTAL = "total";

/** One refresh at a time across replicas: a transaction-scoped advisory lock under this key. */
const REFRESH_LOCK = 7_300_519;

/**
 * Per click id, the imported commissions that count (not declined) in the site's currency: joined to
 * a click by the uid its sub-ID carried. Binds the currency.
 */
export const EARNINGS = `(select click_id, count(*) as conversions, sum(commission_cents) as revenue_cents
  from analytics.conversions where status <> 'declined' and currency = ? group by click_id)`;

/** The events of one day of the site's time zone, each with what it earned. Binds currency, day, zone, day, zone. */
const dayEvents = `select e.*, coalesce(earned.conversions, 0) as conversions, coalesce(earned.revenue_cents, 0) as revenue_cents
  from analytics.events e left join ${EARNINGS} earned on e.event_type = 'affiliate_click' and earned.click_id = e.uid
  where e."timestamp" >= (?::date)::timestamp at time zone ? and e."timestamp" < (?::date + 1)::timestamp at time zone ?`;

/** A group's figures from rows carrying each click's conversions and revenue_cents (0 for the rest). */
export const COUNTED = `count(*) filter (where event_type = 'page_view') as views,
  count(distinct visitor_hash) as visitors,
  count(*) filter (where event_type = 'affiliate_click') as clicks,
  coalesce(sum(conversions), 0) as conversions, coalesce(sum(revenue_cents), 0) as revenue_cents`;

const FIGURES = "views, visitors, clicks, conversions, revenue_cents";
const SUMMED = "sum(views), sum(visitors), sum(clicks), sum(conversions), sum(revenue_cents)";

/** Every breakdown's value, and the day's totals, in one pass over the day's events. */
function dailySql(): string {
  const columns = BREAKDOWNS.map((dimension) => BREAKDOWN_COLUMNS[dimension]);
  const dimension = BREAKDOWNS.map((name) => `when grouping(${BREAKDOWN_COLUMNS[name]}) = 0 then '${name}'`).join(" ");
  const key = columns
    .map((column) => `when grouping(${column}) = 0 then coalesce(${column}::text, '${NONE}')`)
    .join(" ");
  return `insert into analytics.rollups_daily (day, dimension, key, views, visitors, clicks, conversions, revenue_cents)
    select ?::date, case ${dimension} else '${TOTAL}' end, case ${key} else '' end, ${COUNTED}
    from (${dayEvents}) day_events
    group by grouping sets (${columns.map((column) => `(${column})`).join(", ")}, ())`;
}

const DAILY = dailySql();

/**
 * The dimensions whose pairs are rolled up, for reports filtered by one value. Not the page: it pairs
 * with some twenty values of each other dimension a day (60,000 rows a day at 40,000 events, more
 * than the events), so a report filtered by a page, or a filtered page breakdown, reads raw events.
 */
export const PAIR_DIMENSIONS: readonly Breakdown[] = BREAKDOWNS.filter((dimension) => dimension !== "page");

/**
 * Every pair of PAIR_DIMENSIONS' values in one pass over the day's events, each pair stored both ways
 * round (filter and dimension), so a filtered breakdown reads one index range.
 */
function pairsSql(): string {
  const columns = PAIR_DIMENSIONS.map((dimension) => BREAKDOWN_COLUMNS[dimension]);
  const sets: Array<[Breakdown, Breakdown]> = [];
  PAIR_DIMENSIONS.forEach((first, index) => {
    for (const second of PAIR_DIMENSIONS.slice(index + 1)) sets.push([first, second]);
  });
  // grouping() of every column: a bit per column, set where the set leaves it out (leftmost highest).
  const maskOf = (pair: Breakdown[]) =>
    PAIR_DIMENSIONS.reduce(
      (mask, dimension, at) => (pair.includes(dimension) ? mask : mask | (1 << (columns.length - 1 - at))),
      0,
    );
  const ways = sets.flatMap(([first, second]) => [
    `(${maskOf([first, second])}, '${first}', '${second}')`,
    `(${maskOf([first, second])}, '${second}', '${first}')`,
  ]);
  const keyOf = (name: string) =>
    `case ${name} ${PAIR_DIMENSIONS.map((dimension) => `when '${dimension}' then coalesce(${BREAKDOWN_COLUMNS[dimension]}::text, '${NONE}')`).join(" ")} end`;
  return `insert into analytics.rollups_pairs_daily
      (day, filter, filter_key, dimension, key, views, visitors, clicks, conversions, revenue_cents)
    select ?::date, ways.filter, ${keyOf("ways.filter")}, ways.dimension, ${keyOf("ways.dimension")},
      views, visitors, clicks, conversions, revenue_cents
    from (
      select grouping(${columns.join(", ")}) as mask, ${columns.join(", ")}, ${COUNTED}
      from (${dayEvents}) day_events
      group by grouping sets (${sets.map(([first, second]) => `(${BREAKDOWN_COLUMNS[first]}, ${BREAKDOWN_COLUMNS[second]})`).join(", ")})
    ) grouped
    join (values ${ways.join(", ")}) as ways(mask, filter, dimension) on ways.mask = grouped.mask`;
}

const PAIRS = pairsSql();

const HOURLY = `insert into analytics.rollups_hourly (hour, day, views, visitors, clicks, conversions, revenue_cents)
  select date_trunc('hour', "timestamp" at time zone ?), ?::date, ${COUNTED}
  from (${dayEvents}) day_events group by 1`;

/**
 * The hourly and daily roll-ups the reports read (see migration 005_rollups). Writers of events list
 * the hours they touched in rollup_dirty; `refresh` recomputes the days holding those hours from the
 * raw events, in one transaction, so a day's roll-up is always whole. A day whose start is older than
 * the raw events' retention is never recomputed: its raw events are gone, its roll-up is all there is.
 */
export class RollupRepository {
  readonly timeZone: string;
  private readonly currency: string;
  private readonly retentionDays: number;
  /** Days whose recount failed, and when to try again (in this process). */
  private readonly failing = new Map<string, { wait: number; retryAt: number }>();

  constructor(
    private readonly db: Knex,
    settings: {
      timeZone: string;
      /** The currency revenue is counted in (ANALYTICS_CURRENCY). */
      currency?: string;
      /** Days the raw events are kept (ANALYTICS_RETENTION_DAYS); only `refresh` needs it. */
      retentionDays?: number;
    },
  ) {
    this.timeZone = settings.timeZone;
    this.currency = settings.currency ?? DEFAULT_CURRENCY;
    this.retentionDays = settings.retentionDays ?? 3650;
  }

  /**
   * Recomputes the days with changed hours; answers them (none when another replica is refreshing).
   * With `today: false`, the day under way is left for later: it changes all day long, and reports read
   * it from raw events until its roll-up is made, so recounting it at every turn would only cost.
   * Deleting the dirty rows first, in the same transaction, takes only rows committed before it began:
   * a writer committing meanwhile leaves its rows for the next refresh, and never waits for this one.
   */
  async refresh(options: { today?: boolean } = {}): Promise<string[]> {
    const today = options.today ?? true;
    const outcome = await this.db.transaction(async (trx) => {
      const lock = await trx.raw("select pg_try_advisory_xact_lock(?) as ok", [REFRESH_LOCK]);
      if (!(lock.rows as Array<{ ok: boolean }>)[0]?.ok) return { done: [], failed: [] };
      // A day's passes sort its events once per grouping set: in memory they took 1.3 s a day at 35,000
      // events against 2 s spilled to disk, and compiling each statement (JIT) cost 0.2 s more than it saved.
      await trx.raw("set local work_mem = '64MB'");
      await trx.raw("set local jit = off");
      await this.followTimeZone(trx);
      // Without today: only hours wholly before today's midnight; today's stay listed (and read raw).
      const result = await trx.raw(
        `with taken as (
           delete from analytics.rollup_dirty
           where ? or hour + interval '1 hour' <= (now() at time zone ?)::date::timestamp at time zone ?
           returning hour
         )
         select distinct to_char(day, 'YYYY-MM-DD') as day from (
           select (hour at time zone ?)::date as day from taken
           union select ((hour + interval '59 minutes') at time zone ?)::date from taken
         ) days
         where (day::timestamp at time zone ?) >= now() - make_interval(days => ?)
         order by 1`,
        [today, this.timeZone, this.timeZone, this.timeZone, this.timeZone, this.timeZone, this.retentionDays],
      );
      const [{ underWay, oldest }] = (
        await trx.raw(
          `select to_char((now() at time zone ?)::date, 'YYYY-MM-DD') as "underWay",
             to_char(((now() - make_interval(days => ?)) at time zone ?)::date + 1, 'YYYY-MM-DD') as oldest`,
          [this.timeZone, this.retentionDays, this.timeZone],
        )
      ).rows as [{ underWay: string; oldest: string }];
      // Days counted while under way have no pairs yet: they get them once they are over (as long as
      // their raw events are kept).
      const ended = (await this.unpairedDays(trx, oldest)).filter((day) => day < underWay);
      const days = [...new Set([...(result.rows as Array<{ day: string }>).map((row) => row.day), ...ended])].sort();
      // Each day under a savepoint of its own: a day that cannot be counted keeps its old rows and stays
      // listed (read from raw events meanwhile), and the other days are not held back with it. One
      // value too long for an index once made every refresh fail for good.
      const done: string[] = [];
      const failed: Array<{ day: string; error: unknown }> = [];
      const relist = (day: string) =>
        trx.raw(
          `insert into analytics.rollup_dirty (hour)
           select generate_series((?::date)::timestamp at time zone ?, (?::date + 1)::timestamp at time zone ? - interval '1 hour', interval '1 hour')`,
          [day, this.timeZone, day, this.timeZone],
        );
      for (const day of days) {
        // A day that failed is tried again after a wait that doubles (1 minute to an hour), not at
        // every round: its recount costs as much each time, and fails alike until someone mends it.
        if ((this.failing.get(day)?.retryAt ?? 0) > Date.now()) {
          await relist(day);
          continue;
        }
        try {
          await trx.transaction((one) => this.recompute(one, day, day < underWay));
          this.failing.delete(day);
          done.push(day);
        } catch (error) {
          failed.push({ day, error });
          const wait = Math.min(FAILED_DAY_MAX_WAIT_MS, 2 * (this.failing.get(day)?.wait ?? FAILED_DAY_WAIT_MS / 2));
          this.failing.set(day, { wait, retryAt: Date.now() + wait });
          await relist(day);
        }
      }
      await this.sumMonths(trx, done);
      return { done, failed };
    });
    if (outcome.failed.length > 0) throw new RollupDaysFailed(outcome.failed, outcome.done);
    return outcome.done;
  }

  /**
   * Sums the finished months whose days were recomputed, and last month when it has no rows yet (it
   * just finished). The month under way is read from its days.
   */
  private async sumMonths(trx: Knex.Transaction, days: string[]): Promise<void> {
    const current = (
      await trx.raw(`select to_char(date_trunc('month', now() at time zone ?), 'YYYY-MM-DD') as month`, [this.timeZone])
    ).rows[0].month as string;
    const months = new Set(days.map((day) => `${day.slice(0, 7)}-01`).filter((month) => month < current));
    const previous = monthBefore(current);
    const summed = await trx("analytics.rollups_monthly").where({ month: previous, dimension: TOTAL }).first("month");
    if (!summed) months.add(previous);
    for (const month of months) {
      await trx("analytics.rollups_monthly").where("month", month).delete();
      await trx("analytics.rollups_pairs_monthly").where("month", month).delete();
      const inMonth = `day >= ?::date and day < (?::date + interval '1 month')`;
      await trx.raw(
        `insert into analytics.rollups_monthly (month, dimension, key, ${FIGURES})
         select ?::date, dimension, key, ${SUMMED} from analytics.rollups_daily where ${inMonth}
         group by dimension, key`,
        [month, month, month],
      );
      await trx.raw(
        `insert into analytics.rollups_pairs_monthly (month, filter, filter_key, dimension, key, ${FIGURES})
         select ?::date, filter, filter_key, dimension, key, ${SUMMED} from analytics.rollups_pairs_daily where ${inMonth}
         group by filter, filter_key, dimension, key`,
        [month, month, month],
      );
    }
  }

  /** True when no hour waits for a refresh and no refresh is running (in this process or another). */
  async settled(): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      const result = await trx.raw(
        "select (select count(*) from analytics.rollup_dirty) as dirty, pg_try_advisory_xact_lock(?) as free",
        [REFRESH_LOCK],
      );
      const [row] = result.rows as Array<{ dirty: number | string; free: boolean }>;
      return Number(row?.dirty) === 0 && row?.free === true;
    });
  }

  /**
   * Recounts a day. The pairs, most of the cost, only for a day that is over: the day under way is
   * recounted every few minutes, and a filtered report reads it from raw events (see unpairedDays).
   */
  private async recompute(trx: Knex.Transaction, day: string, pairs: boolean): Promise<void> {
    const range = [this.currency, day, this.timeZone, day, this.timeZone];
    for (const table of ["rollups_daily", "rollups_hourly", "rollups_pairs_daily"]) {
      await trx(`analytics.${table}`).where("day", day).delete();
    }
    await trx.raw(DAILY, [day, ...range]);
    await trx.raw(HOURLY, [this.timeZone, day, ...range]);
    if (pairs) await trx.raw(PAIRS, [day, ...range]);
  }

  /**
   * Days from..to (any, by default) whose roll-up counts events but has no pairs: the day under way,
   * and a day counted while under way whose end no refresh has seen yet. A filtered report reads those
   * days' pairs from raw events. Every day with events has pairs once made (an event has a value, or
   * none, for every dimension).
   */
  async unpairedDays(db: Knex = this.db, from = "0001-01-01", to = "9999-12-31"): Promise<string[]> {
    const result = await db.raw(
      `select to_char(d.day, 'YYYY-MM-DD') as day from analytics.rollups_daily d
       where d.dimension = ? and d.day between ?::date and ?::date and d.views + d.clicks > 0
         and not exists (select 1 from analytics.rollups_pairs_daily p where p.day = d.day)
       order by 1`,
      [TOTAL, from, to],
    );
    return (result.rows as Array<{ day: string }>).map((row) => row.day);
  }

  /**
   * Roll-ups made in another time zone (or none yet): every stored hour is marked, so the days the raw
   * events still hold are counted again in this one. Older days keep the zone they were counted in.
   */
  private async followTimeZone(trx: Knex.Transaction): Promise<void> {
    const state = (await trx("analytics.rollup_state").where("id", 1).first("time_zone")) as
      { time_zone: string | null } | undefined;
    if (state?.time_zone === this.timeZone) return;
    await trx.raw(`insert into analytics.rollup_dirty (hour)
      select distinct date_trunc('hour', "timestamp") from analytics.events`);
    await trx("analytics.rollup_state").where("id", 1).update({ time_zone: this.timeZone });
  }

  /**
   * The months from `from`'s to `to` whose monthly rows are summed. A month just over has none until
   * the next refresh (and none while the worker is away): its days are read from their daily rows.
   */
  async summedMonths(from: string, to: string): Promise<string[]> {
    const result = await this.db.raw(
      `select to_char(month, 'YYYY-MM-DD') as month from analytics.rollups_monthly
       where dimension = ? and month between date_trunc('month', ?::date)::date and ?::date order by 1`,
      [TOTAL, from, to],
    );
    return (result.rows as Array<{ month: string }>).map((row) => row.month);
  }

  /** The days from..to whose roll-ups are not up to date: the reports read those from the raw events. */
  async staleDays(from: string, to: string): Promise<string[]> {
    const state = (await this.db("analytics.rollup_state").where("id", 1).first("time_zone")) as
      { time_zone: string | null } | undefined;
    if (state?.time_zone !== this.timeZone) return daysFrom(from, to);
    const result = await this.db.raw(
      `select distinct to_char(day, 'YYYY-MM-DD') as day from (
         select (hour at time zone ?)::date as day from analytics.rollup_dirty
         union select ((hour + interval '59 minutes') at time zone ?)::date from analytics.rollup_dirty
       ) days where day between ?::date and ?::date order by 1`,
      [this.timeZone, this.timeZone, from, to],
    );
    return (result.rows as Array<{ day: string }>).map((row) => row.day);
  }
}

/** The first day of the month before the one starting on `month` (YYYY-MM-01). */
export function monthBefore(month: string): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 2, 1)).toISOString().slice(0, 10);
}

/**
 * The finished months (before the one holding `today`) wholly inside from..to: first days, YYYY-MM-01.
 */
export function wholeMonths(from: string, to: string, today: string): string[] {
  const months: string[] = [];
  let month = from.slice(8) === "01" ? from : nextMonth(from);
  while (month < `${today.slice(0, 7)}-01`) {
    const after = nextMonth(month);
    if (dayBefore(after) > to) break;
    months.push(month);
    month = after;
  }
  return months;
}

/**
 * The days from..to outside the given months (first days, YYYY-MM-01, in order and inside the range),
 * as inclusive ranges [first, last].
 */
export function spansOutside(from: string, to: string, months: string[]): Array<[string, string]> {
  const spans: Array<[string, string]> = [];
  let start = from;
  for (const month of months) {
    if (month > start) spans.push([start, dayBefore(month)]);
    start = nextMonth(month);
  }
  if (start <= to) spans.push([start, to]);
  return spans;
}

function nextMonth(day: string): string {
  const [year, index] = day.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, index, 1)).toISOString().slice(0, 10);
}

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** Every day from..to, both included. */
export function daysFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000) {
    out.push(new Date(day).toISOString().slice(0, 10));
  }
  return out;
}
