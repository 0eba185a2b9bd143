import type { Knex } from "@rsv/kit/db";
import {
  BREAKDOWN_COLUMNS,
  BREAKDOWNS,
  dayIn,
  eventsKeptFrom,
  figures,
  NONE,
  previousPeriod,
  type AnalyticsReport,
  type Breakdown,
  type Figures,
} from "../domain/report.js";
import {
  COUNTED,
  daysFrom,
  DEFAULT_CURRENCY,
  EARNINGS,
  PAIR_DIMENSIONS,
  RollupRepository,
  spansOutside,
  TOTAL,
  wholeMonths,
} from "./rollups.repository.js";

export interface ReportQuery {
  from: string;
  to: string;
  breakdown: Breakdown;
  /** Only events whose dimension has this value (NONE for events without one). */
  filters: Partial<Record<Breakdown, string>>;
  limit: number;
}

interface Counted {
  views: number | string;
  visitors: number | string;
  clicks: number | string;
  conversions: number | string;
  revenue_cents: number | string;
}

const toFigures = (row: Counted | undefined): Figures =>
  figures(
    Number(row?.views ?? 0),
    Number(row?.visitors ?? 0),
    Number(row?.clicks ?? 0),
    Number(row?.conversions ?? 0),
    Number(row?.revenue_cents ?? 0),
  );

/** The sums a period's per-day rows add up to. */
const SUMS = {
  views: "views",
  visitors: "visitors",
  clicks: "clicks",
  conversions: "conversions",
  revenue_cents: "revenue_cents",
};

/** Where a report reads one period's figures: roll-ups for up-to-date days, raw events for the rest. */
interface Sources {
  /** Days the roll-ups do not hold yet: read from raw events. */
  stale: Set<string>;
  /** Days rolled up but for their pairs (today, mostly): a filtered breakdown reads them raw. */
  unpaired: Set<string>;
  /** Today in the site's time zone: months before its own are finished. */
  today: string;
  /** Finished months whose monthly rows are summed (YYYY-MM-01): the others are read by day. */
  summed: Set<string>;
  /**
   * The report's sweeps (see ReportRepository.sweep) by what they read: the previous period's totals
   * and, once the rows are known, its rows come from one sweep.
   */
  sweeps: Map<string, Promise<Sweep>>;
}

/** Memory each sort of a sweep may take before it spills to disk (a few sorts at a time, one sweep per view). */
const SWEEP_WORK_MEM = "64MB";

/**
 * The sweep's statement, for the subquery of filtered events bound to its one placeholder: per
 * breakdown and key the figures summed over the days (visitors counted per day), and with `days` the
 * totals of each day. A row's mask is grouping() of the breakdowns' columns: a bit per column, set
 * where its set leaves the column out (leftmost highest), so the totals' mask has every bit set.
 */
function sweepSql(
  breakdowns: Breakdown[],
  days: boolean,
): { sql: string; totalsMask: number; breakdownOf: Map<number, Breakdown> } {
  const columns = breakdowns.map((breakdown) => BREAKDOWN_COLUMNS[breakdown]).join(", ");
  const totalsMask = (1 << breakdowns.length) - 1;
  const maskOf = (at: number) => totalsMask & ~(1 << (breakdowns.length - 1 - at));
  const keys = breakdowns.map(
    (breakdown, at) => `when ${maskOf(at)} then coalesce(${BREAKDOWN_COLUMNS[breakdown]}::text, '${NONE}')`,
  );
  const sets = [...breakdowns.map((breakdown) => `(${BREAKDOWN_COLUMNS[breakdown]}, day)`), ...(days ? ["(day)"] : [])];
  const sums = Object.keys(SUMS)
    .map((figure) => `sum(${figure}) as ${figure}`)
    .join(", ");
  const sql = `with per_day as (
      select grouping(${columns}) as mask, ${columns}, day, ${COUNTED}
      from (?) events group by grouping sets (${sets.join(", ")})
    )
    select mask, case mask ${keys.join(" ")} end as key, null as day, ${sums}
    from per_day where mask <> ${totalsMask} group by 1, 2
    union all
    select mask, '' as key, to_char(day, 'YYYY-MM-DD') as day, ${sums} from per_day where mask = ${totalsMask} group by 1, 2, 3
    order by mask, views desc, clicks desc, key`;
  return { sql, totalsMask, breakdownOf: new Map(breakdowns.map((breakdown, at) => [maskOf(at), breakdown])) };
}

/** One pass over raw events (see ReportRepository.sweep): rows per breakdown in report order, totals per day. */
interface Sweep {
  rows: Map<Breakdown, Array<Counted & { key: string }>>;
  days: Array<Counted & { day: string }>;
}

/** The roll-up rows that hold a breakdown's figures (or the totals'), per day or per finished month. */
interface RolledView {
  daily: string;
  monthly: string;
  where: Record<string, string>;
}

/** The filters a report was given a value for. */
function activeFilters(filters: ReportQuery["filters"]): Array<[Breakdown, string]> {
  return (Object.entries(filters) as Array<[Breakdown, string | undefined]>).filter(
    (entry): entry is [Breakdown, string] => entry[1] !== undefined,
  );
}

/**
 * Where the roll-ups hold what a report asks, unfiltered or filtered by one value: the totals and a
 * breakdown come from rollups_daily (the filter value's own row for filtered totals, or for the
 * breakdown by the filter's dimension), a breakdown by another dimension from the pairs. Undefined
 * for what is only in raw events (two filters, a page in a filtered report).
 */
function rolledView(breakdown: Breakdown | null, filters: ReportQuery["filters"]): RolledView | undefined {
  const active = activeFilters(filters);
  const plain = { daily: "rollups_daily", monthly: "rollups_monthly" };
  if (active.length === 0) return { ...plain, where: { dimension: breakdown ?? TOTAL } };
  if (active.length > 1) return undefined;
  const [[filter, value]] = active as [[Breakdown, string]];
  if (breakdown === null || breakdown === filter) return { ...plain, where: { dimension: filter, key: value } };
  if (!PAIR_DIMENSIONS.includes(filter) || !PAIR_DIMENSIONS.includes(breakdown)) return undefined;
  return {
    daily: "rollups_pairs_daily",
    monthly: "rollups_pairs_monthly",
    where: { filter, filter_key: value, dimension: breakdown },
  };
}

/**
 * The owner's reports: a breakdown's rows, the totals and a time series for a range of days in the
 * site's time zone, with the period before for comparison. Figures come from the roll-ups (daily,
 * monthly, hourly, and the pairs for one filter, see rolledView), and from the raw events for the days
 * whose roll-ups are being brought up to date (today, usually); what the roll-ups do not hold (two
 * filters, a page in a filtered report, a filtered day's hours) is read from raw events, so it covers
 * the retention period only, and a report says when it reached past it (`complete`). Visitors are
 * counted per day (the visitor key changes daily) and summed.
 */
export class ReportRepository {
  private readonly rollups: RollupRepository;
  /** Reads under way, by what they read: see `shared`. */
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Knex,
    readonly timeZone: string,
    readonly currency = DEFAULT_CURRENCY,
    /** How long raw events are kept (the purge's setting); null when they are kept for good. */
    readonly retentionDays: number | null = null,
  ) {
    this.rollups = new RollupRepository(db, { timeZone, currency });
  }

  /**
   * One read for the reports asking the same thing at once. The dashboard asks for ten breakdowns of
   * one view together, whose totals, previous totals and chart are the same: the first request's reads
   * answer the others that arrive while they run. Nothing is kept once a read is over, so a report
   * never answers from before a request was made.
   */
  private shared<T>(what: unknown[], read: () => Promise<T>): Promise<T> {
    const key = JSON.stringify(what);
    const running = this.running.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = read().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }

  /**
   * The events of the days, filtered, each click with what it earned: the join's `conversions` and
   * `revenue_cents` (null for the rest), which COUNTED adds up.
   */
  private scoped(from: string, to: string, filters: ReportQuery["filters"]) {
    const query = this.db("analytics.events")
      .leftJoin(this.db.raw(`${EARNINGS} as earned`, [this.currency]), (on) =>
        on.on("earned.click_id", "=", "events.uid").andOnVal("events.event_type", "=", "affiliate_click"),
      )
      .where("timestamp", ">=", this.dayStart(from))
      .where("timestamp", "<", this.dayStart(to, 1));
    for (const [dimension, value] of activeFilters(filters)) {
      const column = BREAKDOWN_COLUMNS[dimension];
      if (value === NONE) query.whereNull(column);
      else query.where(column, value);
    }
    return query;
  }

  private dayStart(day: string, plus = 0) {
    return this.db.raw("((?::date) + ?::int)::timestamp at time zone ?", [day, plus, this.timeZone]);
  }

  /**
   * Per day and key (the breakdown's value, or "" for the totals): views, visitors and clicks of the
   * days from..to, each day from its roll-up or, when stale, from its raw events.
   */
  private perDay(
    query: ReportQuery,
    from: string,
    to: string,
    breakdown: Breakdown | null,
    view: RolledView,
    sources: Sources,
    byMonth = true,
  ) {
    const key = breakdown ? `coalesce(${BREAKDOWN_COLUMNS[breakdown]}::text, '${NONE}')` : `''`;
    const raw = (days: string[]) =>
      this.scoped(from, to, query.filters)
        .select(this.db.raw(`${key} as key, ("timestamp" at time zone ?)::date as day, ${COUNTED}`, [this.timeZone]))
        .groupByRaw("1, 2")
        .where((inDays) => {
          for (const day of days) {
            inDays.orWhere((one) =>
              one.where("timestamp", ">=", this.dayStart(day)).where("timestamp", "<", this.dayStart(day, 1)),
            );
          }
        });
    const paired = view.daily === "rollups_pairs_daily";
    const stale = daysFrom(from, to).filter((day) => sources.stale.has(day) || (paired && sources.unpaired.has(day)));
    // Finished months with every day up to date come from their monthly rows (not for a daily series).
    const months = byMonth
      ? wholeMonths(from, to, sources.today).filter(
          (month) => sources.summed.has(month) && !stale.some((day) => day.startsWith(month.slice(0, 8))),
        )
      : [];
    const figures = ["views", "visitors", "clicks", "conversions", "revenue_cents"];
    // The days outside those months as ranges of their own, each one index range of the daily rows: a
    // year's report reads its edges' days, not the whole year's rows less the months'.
    const parts = spansOutside(from, to, months).map(([first, last]) => {
      const days = this.db(`analytics.${view.daily}`)
        .select("key", "day", ...figures)
        .where(view.where)
        .whereBetween("day", [first, last]);
      return stale.length > 0 ? days.whereNotIn("day", stale) : days;
    });
    if (months.length > 0) {
      parts.push(
        this.db(`analytics.${view.monthly}`)
          .select("key", this.db.raw("month as day"), ...figures)
          .where(view.where)
          .whereIn("month", months),
      );
    }
    if (stale.length > 0) parts.push(raw(stale));
    const [rolled, ...rest] = parts as [(typeof parts)[number], ...typeof parts];
    for (const part of rest) rolled.unionAll(part, true);
    return rolled;
  }

  private async rows(
    query: ReportQuery,
    from: string,
    to: string,
    sources: Sources,
    keys?: string[],
  ): Promise<Array<Counted & { key: string }>> {
    const view = rolledView(query.breakdown, query.filters);
    if (!view) {
      const all = (await this.sweep(from, to, query.filters, sources)).rows.get(query.breakdown) ?? [];
      return keys ? all.filter((row) => keys.includes(row.key)) : all.slice(0, query.limit);
    }
    const summed = this.db
      .from(this.perDay(query, from, to, query.breakdown, view, sources).as("per_day"))
      .select("key")
      .sum(SUMS)
      .groupBy("key")
      .orderBy([
        { column: "views", order: "desc" },
        { column: "clicks", order: "desc" },
        { column: "key", order: "asc" },
      ]);
    if (keys) summed.whereIn("key", keys);
    else summed.limit(query.limit);
    // Roll-up rows in one process: PostgreSQL gave a year's pages (120,000 rows) two parallel workers,
    // 160 ms where one process takes 100, and the dashboard's ten reports at once only fought over
    // the same cores with them. Raw reads (the sweep) keep their workers.
    return this.db.transaction(async (trx) => {
      await trx.raw("set local max_parallel_workers_per_gather = 0");
      return (await summed.transacting(trx)) as Array<Counted & { key: string }>;
    });
  }

  private totals(query: ReportQuery, from: string, to: string, sources: Sources): Promise<Figures> {
    return this.shared(["totals", from, to, sorted(query.filters), sourcesKey(sources)], async () => {
      const view = rolledView(null, query.filters);
      if (!view) return toFigures(sumOf((await this.sweep(from, to, query.filters, sources)).days));
      const [row] = (await this.db
        .from(this.perDay(query, from, to, null, view, sources).as("per_day"))
        .sum(SUMS)) as Counted[];
      return toFigures(row);
    });
  }

  /** Per day, or per hour for a one-day range, zero-filled. */
  private series(query: ReportQuery, sources: Sources): Promise<AnalyticsReport["series"]> {
    return this.shared(["series", query.from, query.to, sorted(query.filters), sourcesKey(sources)], () =>
      this.readSeries(query, sources),
    );
  }

  private async readSeries(query: ReportQuery, sources: Sources): Promise<AnalyticsReport["series"]> {
    const hourly = query.from === query.to;
    const view = rolledView(null, query.filters);
    let found: Array<Counted & { at: string }>;
    if (!hourly && !view) {
      found = (await this.sweep(query.from, query.to, query.filters, sources)).days.map(({ day, ...row }) => ({
        ...row,
        at: day,
      }));
    } else if (!hourly && view) {
      found = (await this.db
        .from(this.perDay(query, query.from, query.to, null, view, sources, false).as("per_day"))
        .select(this.db.raw(`to_char(day, 'YYYY-MM-DD') as at`))
        .sum(SUMS)
        .groupBy("day")) as Array<Counted & { at: string }>;
    } else if (!filtered(query) && !sources.stale.has(query.from)) {
      found = (await this.db("analytics.rollups_hourly")
        .select(this.db.raw(`to_char(hour, 'YYYY-MM-DD"T"HH24:00') as at`), "views", "visitors", "clicks")
        .where("day", query.from)) as Array<Counted & { at: string }>;
    } else {
      found = (await this.scoped(query.from, query.to, query.filters)
        .select(
          this.db.raw(
            `to_char(date_trunc('hour', "timestamp" at time zone ?), 'YYYY-MM-DD"T"HH24:00') as at, ${COUNTED}`,
            [this.timeZone],
          ),
        )
        .groupByRaw("1")) as Array<Counted & { at: string }>;
    }
    const byAt = new Map(found.map((row) => [row.at, row]));
    return buckets(query.from, query.to, hourly).map((at) => {
      const row = byAt.get(at);
      return {
        at,
        views: Number(row?.views ?? 0),
        visitors: Number(row?.visitors ?? 0),
        clicks: Number(row?.clicks ?? 0),
      };
    });
  }

  /**
   * Whatever a report of these filters needs from the raw events over from..to, in one pass over them:
   * the rows of every breakdown the roll-ups do not hold (all of them for two filters, the pages for
   * one), and the totals per day when they are not rolled up either. The dashboard asks for its ten
   * breakdowns at once: they share this read (see `shared`) instead of scanning the same events
   * twelve times (with two filters over a year of ten million events: 9.3 s before, one pass here).
   */
  private sweep(from: string, to: string, filters: ReportQuery["filters"], sources: Sources): Promise<Sweep> {
    const what = ["sweep", from, to, sorted(filters)];
    const key = JSON.stringify(what);
    let sweep = sources.sweeps.get(key);
    if (!sweep) {
      sweep = this.shared(what, () => this.readSweep(from, to, filters));
      sources.sweeps.set(key, sweep);
    }
    return sweep;
  }

  private async readSweep(from: string, to: string, filters: ReportQuery["filters"]): Promise<Sweep> {
    const breakdowns = BREAKDOWNS.filter((breakdown) => !rolledView(breakdown, filters));
    const { sql, totalsMask, breakdownOf } = sweepSql(breakdowns, !rolledView(null, filters));
    const events = this.scoped(from, to, filters).select(
      ...breakdowns.map((breakdown) => BREAKDOWN_COLUMNS[breakdown]),
      "visitor_hash",
      "event_type",
      "conversions",
      "revenue_cents",
      this.db.raw(`("timestamp" at time zone ?)::date as day`, [this.timeZone]),
    );
    // The grouping sets sort the filtered events once per breakdown: in memory rather than in files
    // (a year of one product in one market, 97,000 events: 1.25 s with the default 4 MB, 0.85 s).
    const result = await this.db.transaction(async (trx) => {
      await trx.raw(`set local work_mem = '${SWEEP_WORK_MEM}'`);
      return (await trx.raw(sql, [events])) as { rows: Array<Counted & { mask: number; key: string; day: string }> };
    });
    const sweep: Sweep = { rows: new Map(breakdowns.map((breakdown) => [breakdown, []])), days: [] };
    for (const { mask, key, day, ...counted } of result.rows) {
      if (mask === totalsMask) sweep.days.push({ ...counted, day });
      else sweep.rows.get(breakdownOf.get(mask)!)!.push({ ...counted, key });
    }
    return sweep;
  }

  /**
   * Product names for product keys (slugs), from the latest click naming each: one indexed lookup per
   * key (events_click_slug_idx), however many clicks are stored.
   */
  private async labels(breakdown: Breakdown, keys: string[]): Promise<Map<string, string>> {
    if (breakdown !== "product" || keys.length === 0) return new Map();
    const result = await this.db.raw(
      `select keys.slug, latest.name from unnest(?::text[]) as keys(slug)
       cross join lateral (
         select event_data->>'productName' as name from analytics.events
         where event_type = 'affiliate_click' and product_slug = keys.slug and event_data->>'productName' is not null
         order by "timestamp" desc limit 1
       ) latest`,
      [keys],
    );
    return new Map((result.rows as Array<{ slug: string; name: string }>).map((row) => [row.slug, row.name]));
  }

  async report(query: ReportQuery): Promise<AnalyticsReport> {
    const previous = previousPeriod(query.from, query.to);
    const [stale, summed, unpaired] = await Promise.all([
      this.shared(["stale", previous.from, query.to], () => this.rollups.staleDays(previous.from, query.to)),
      this.shared(["summed", previous.from, query.to], () => this.rollups.summedMonths(previous.from, query.to)),
      filtered(query)
        ? this.shared(["unpaired", previous.from, query.to], () =>
            this.rollups.unpairedDays(this.db, previous.from, query.to),
          )
        : Promise.resolve([]),
    ]);
    const sources: Sources = {
      stale: new Set(stale),
      unpaired: new Set(unpaired),
      today: dayIn(this.timeZone, new Date()),
      summed: new Set(summed),
      sweeps: new Map(),
    };
    const [rows, totals, previousTotals, series] = await Promise.all([
      this.rows(query, query.from, query.to, sources),
      this.totals(query, query.from, query.to, sources),
      this.totals(query, previous.from, previous.to, sources),
      this.series(query, sources),
    ]);
    const keys = rows.map((row) => row.key);
    const [before, labels] = await Promise.all([
      keys.length ? this.rows(query, previous.from, previous.to, sources, keys) : Promise.resolve([]),
      this.labels(query.breakdown, keys),
    ]);
    const beforeByKey = new Map(before.map((row) => [row.key, row]));
    const keptFrom = this.retentionDays === null ? null : eventsKeptFrom(this.timeZone, this.retentionDays);
    const raw = rawReads(query);
    return {
      from: query.from,
      to: query.to,
      timeZone: this.timeZone,
      currency: this.currency,
      breakdown: query.breakdown,
      rows: rows.map((row) => ({
        key: row.key,
        label: labels.get(row.key) ?? row.key,
        ...toFigures(row),
        previous: toFigures(beforeByKey.get(row.key)),
      })),
      totals,
      previous: { ...previous, totals: previousTotals },
      series,
      eventsKeptFrom: keptFrom,
      complete:
        keptFrom === null || !((raw.current && query.from < keptFrom) || (raw.previous && previous.from < keptFrom)),
    };
  }
}

/**
 * Whether a report's figures need raw events (what the roll-ups do not hold) for its own period, and
 * for the period before: its totals, and its rows' figures of then.
 */
function rawReads(query: ReportQuery): { current: boolean; previous: boolean } {
  const rowsRaw = !rolledView(query.breakdown, query.filters);
  const totalsRaw = !rolledView(null, query.filters);
  const hoursRaw = query.from === query.to && filtered(query);
  return { current: rowsRaw || totalsRaw || hoursRaw, previous: rowsRaw || totalsRaw };
}

const filtered = (query: ReportQuery) => activeFilters(query.filters).length > 0;

/** The figures of rows added up (visitors too: each row's are one day's). */
function sumOf(rows: Counted[]): Counted {
  const sum: Counted = { views: 0, visitors: 0, clicks: 0, conversions: 0, revenue_cents: 0 };
  for (const row of rows) {
    for (const figure of Object.keys(sum) as Array<keyof Counted>)
      sum[figure] = Number(sum[figure]) + Number(row[figure]);
  }
  return sum;
}

/** The filters given a value, in one order whatever order they were given in. */
const sorted = (filters: ReportQuery["filters"]) => activeFilters(filters).sort(([a], [b]) => a.localeCompare(b));

const sourcesKey = (sources: Sources) => [
  [...sources.stale].sort(),
  [...sources.unpaired].sort(),
  [...sources.summed].sort(),
  sources.today,
];

/** Every day from..to, or every hour of the one day, as the series names them. */
function buckets(from: string, to: string, hourly: boolean): string[] {
  if (hourly) return Array.from({ length: 24 }, (_, hour) => `${from}T${String(hour).padStart(2, "0")}:00`);
  return daysFrom(from, to);
}
