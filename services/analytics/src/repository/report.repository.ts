import type { Knex } from "@rsv/kit/db";
import {
  BREAKDOWN_COLUMNS,
  figures,
  NONE,
  previousPeriod,
  type AnalyticsReport,
  type Breakdown,
  type Figures,
} from "../domain/report.js";

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
}

const toFigures = (row: Counted | undefined): Figures =>
  figures(Number(row?.views ?? 0), Number(row?.visitors ?? 0), Number(row?.clicks ?? 0));

/**
 * The owner's reports, read from the events: a breakdown's rows, the totals and a time series for a
 * range of days in the site's time zone, with the period before for comparison. Visitors are counted
 * per day (the visitor key changes daily) and summed.
 */
export class ReportRepository {
  constructor(
    private readonly db: Knex,
    readonly timeZone: string,
  ) {}

  /** The events of the days, filtered: each with its day in the site's time zone. */
  private scoped(from: string, to: string, filters: ReportQuery["filters"]) {
    const query = this.db("analytics.events")
      .where("timestamp", ">=", this.db.raw("(?::date)::timestamp at time zone ?", [from, this.timeZone]))
      .where("timestamp", "<", this.db.raw("((?::date) + 1)::timestamp at time zone ?", [to, this.timeZone]));
    for (const [dimension, value] of Object.entries(filters) as Array<[Breakdown, string | undefined]>) {
      if (value === undefined) continue;
      const column = BREAKDOWN_COLUMNS[dimension];
      if (value === NONE) query.whereNull(column);
      else query.where(column, value);
    }
    return query;
  }

  private counts(group: string) {
    return this.db.raw(
      `${group}, ("timestamp" at time zone ?)::date as day,
       count(*) filter (where event_type = 'page_view') as views,
       count(*) filter (where event_type = 'affiliate_click') as clicks,
       count(distinct visitor_hash) as visitors`,
      [this.timeZone],
    );
  }

  private async rows(query: ReportQuery, from: string, to: string, keys?: string[]) {
    const column = BREAKDOWN_COLUMNS[query.breakdown];
    const perDay = this.scoped(from, to, query.filters)
      .select(this.counts(`coalesce(${column}::text, '${NONE}') as key`))
      .groupByRaw("1, 2");
    if (keys) perDay.whereRaw(`coalesce(${column}::text, '${NONE}') = any(?)`, [keys]);
    const summed = this.db
      .from(perDay.as("per_day"))
      .select("key")
      .sum({ views: "views", visitors: "visitors", clicks: "clicks" })
      .groupBy("key")
      .orderBy([
        { column: "views", order: "desc" },
        { column: "clicks", order: "desc" },
        { column: "key", order: "asc" },
      ]);
    if (!keys) summed.limit(query.limit);
    return (await summed) as Array<Counted & { key: string }>;
  }

  private async totals(query: ReportQuery, from: string, to: string): Promise<Figures> {
    const perDay = this.scoped(from, to, query.filters).select(this.counts("1 as one")).groupByRaw("1, 2");
    const [row] = (await this.db
      .from(perDay.as("per_day"))
      .sum({ views: "views", visitors: "visitors", clicks: "clicks" })) as Counted[];
    return toFigures(row);
  }

  /** Per day, or per hour for a one-day range, zero-filled. */
  private async series(query: ReportQuery): Promise<AnalyticsReport["series"]> {
    const hourly = query.from === query.to;
    const bucket = hourly
      ? `to_char(date_trunc('hour', "timestamp" at time zone ?), 'YYYY-MM-DD"T"HH24:00')`
      : `to_char(("timestamp" at time zone ?)::date, 'YYYY-MM-DD')`;
    const found = (await this.scoped(query.from, query.to, query.filters)
      .select(
        this.db.raw(
          `${bucket} as at,
           count(*) filter (where event_type = 'page_view') as views,
           count(*) filter (where event_type = 'affiliate_click') as clicks,
           count(distinct visitor_hash) as visitors`,
          [this.timeZone],
        ),
      )
      .groupByRaw("1")) as Array<Counted & { at: string }>;
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

  /** Product names for product keys (slugs), from the latest click naming each. */
  private async labels(breakdown: Breakdown, keys: string[]): Promise<Map<string, string>> {
    if (breakdown !== "product" || keys.length === 0) return new Map();
    const rows = (await this.db("analytics.events")
      .distinctOn("product_slug")
      .select("product_slug", this.db.raw(`event_data->>'productName' as name`))
      .where("event_type", "affiliate_click")
      .whereIn("product_slug", keys)
      .orderBy([{ column: "product_slug" }, { column: "timestamp", order: "desc" }])) as Array<{
      product_slug: string;
      name: string | null;
    }>;
    return new Map(rows.filter((row) => row.name).map((row) => [row.product_slug, row.name!]));
  }

  async report(query: ReportQuery): Promise<AnalyticsReport> {
    const previous = previousPeriod(query.from, query.to);
    const [rows, totals, previousTotals, series] = await Promise.all([
      this.rows(query, query.from, query.to),
      this.totals(query, query.from, query.to),
      this.totals(query, previous.from, previous.to),
      this.series(query),
    ]);
    const keys = rows.map((row) => row.key);
    const [before, labels] = await Promise.all([
      keys.length ? this.rows(query, previous.from, previous.to, keys) : Promise.resolve([]),
      this.labels(query.breakdown, keys),
    ]);
    const beforeByKey = new Map(before.map((row) => [row.key, row]));
    return {
      from: query.from,
      to: query.to,
      timeZone: this.timeZone,
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
    };
  }
}

/** Every day from..to, or every hour of the one day, as the series names them. */
function buckets(from: string, to: string, hourly: boolean): string[] {
  if (hourly) return Array.from({ length: 24 }, (_, hour) => `${from}T${String(hour).padStart(2, "0")}:00`);
  const out: string[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000) {
    out.push(new Date(day).toISOString().slice(0, 10));
  }
  return out;
}
