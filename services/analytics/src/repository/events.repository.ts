import { fromColumns, snakeCase, type Knex } from "@rsv/kit/db";
import { browserFamily } from "../domain/browser-family.js";
import { attributeVisits, VISIT_GAP_MS, type VisitState } from "../domain/dimensions.js";
import type { EventRecord } from "../domain/event.js";
import { BREAKDOWN_COLUMNS, NONE } from "../domain/report.js";
import { EventPartitions } from "./partitions.js";
import { RECENT_ACTIVITY_HOURS, RECENT_ACTIVITY_LIMIT, RECENT_EVENTS, TOP_PRODUCTS } from "../domain/summary.js";

const CLICK = "affiliate_click";

export interface ClickRow {
  id: number;
  productId: number | null;
  productName: string | null;
  productSlug: string | null;
  country: string | null;
  timestamp: Date;
}

interface RawClick {
  id: number;
  product_id: number | null;
  product_name: string | null;
  product_slug: string | null;
  country: string | null;
  timestamp: Date | string;
}

const toClick = (row: RawClick): ClickRow => ({ ...fromColumns(row), timestamp: new Date(row.timestamp) });

const clickColumns = `id, product_id, event_data->>'productName' as product_name, event_data->>'productSlug' as product_slug,
  country, "timestamp"`;

/**
 * A record as stored. One queued before events kept only the browser's family still carries the
 * user-agent string: it is reduced here, so the string never reaches a table. A breakdown's value
 * that is the reports' own key for no value (NONE: a link tagged utm_source=(none), as some analytics
 * tools tag direct traffic) is stored as no value: kept, it and the events without one would make two
 * roll-up rows under one key, which the roll-ups refuse, stopping every refresh.
 */
function storable(event: EventRecord & { userAgent?: string | null }): EventRecord {
  const { userAgent, ...record } = event;
  const stored: EventRecord = { ...record, browser: record.browser ?? browserFamily(userAgent) };
  for (const field of BREAKDOWN_FIELDS) {
    if (stored[field] === NONE) Object.assign(stored, { [field]: null });
  }
  return stored;
}

/**
 * Every stored field of an event (all but sentId, which only says whether to look the uid up) with
 * its column's type: a field added to EventRecord fails to compile until it is listed here.
 */
const STORED: Record<Exclude<keyof EventRecord, "sentId">, string> = {
  uid: "uuid",
  eventType: "text",
  eventData: "jsonb",
  productId: "int",
  browser: "text",
  referrer: "text",
  visitorHash: "text",
  country: "text",
  timestamp: "timestamptz",
  path: "text",
  lang: "text",
  productSlug: "text",
  referrerHost: "text",
  source: "text",
  medium: "text",
  campaign: "text",
  device: "text",
  placement: "text",
  retailer: "text",
  offerId: "int",
};
const STORED_FIELDS = Object.keys(STORED) as Array<keyof typeof STORED>;

/** The fields whose columns hold a breakdown's value (BREAKDOWN_COLUMNS). */
const BREAKDOWN_FIELDS = STORED_FIELDS.filter((field) => Object.values(BREAKDOWN_COLUMNS).includes(snakeCase(field)));

/**
 * A batch's insert: one array per column, unnested into rows, so a batch of 200 events sends 20
 * parameters rather than 4,000, which PostgreSQL parses and plans in a fraction of the time (200-row
 * batches: 28,000 rows/s as a multi-row VALUES list, 39,000 to 53,000 as arrays, with a third less
 * CPU in Node). A uid seen before is skipped; the hours written go to rollup_dirty for the roll-ups.
 * Values keep their checks: text too long for its column, or a number out of range, is refused as before.
 */
const INSERT_EVENTS = `with inserted as (
    insert into analytics.events (${STORED_FIELDS.map((field) => `"${snakeCase(field)}"`).join(", ")})
    select * from unnest(${STORED_FIELDS.map((field) => `?::${STORED[field]}[]`).join(", ")})
    on conflict ("uid", "timestamp") do nothing
    returning "timestamp"
  )
  insert into analytics.rollup_dirty (hour) select distinct date_trunc('hour', "timestamp") from inserted`;

/** The batch as one array per column of INSERT_EVENTS; a field a record lacks (queued before it existed) is null. */
function columnArrays(rows: EventRecord[]): unknown[][] {
  return STORED_FIELDS.map((field) =>
    rows.map((row) => (field === "eventData" ? JSON.stringify(row.eventData) : (row[field] ?? null))),
  );
}

/**
 * The last page view of each visitor (an array) before a time of their own (an array as long), within
 * a visit's gap (seconds) before it; then the bounds of every window (since, until), which choose the
 * months' partitions. One index probe per visitor (events_visitor_time_idx, newest first), however
 * many events they made. The visitor and the window are one row comparison, which only that index can
 * answer, in that index's order: with `visitor_hash = ?` PostgreSQL could walk the time index back
 * instead, and did when a month's statistics said nearly every event was one visitor's (a flood
 * analysed before others came): 5.5 ms a visitor, the half hour's 60,000 rows filtered, against 0.03 ms.
 */
export const LAST_PAGE_VIEWS = `select visitors.visitor_hash, latest.*
  from unnest(?::text[], ?::timestamptz[]) as visitors(visitor_hash, before)
  cross join lateral (
    select "timestamp", path, lang, source, medium, campaign from analytics.events
    where (visitor_hash, "timestamp") >= (visitors.visitor_hash, visitors.before - make_interval(secs => ?))
      and (visitor_hash, "timestamp") < (visitors.visitor_hash, visitors.before)
      and "timestamp" >= ? and "timestamp" < ? and event_type = 'page_view'
    order by visitor_hash desc, "timestamp" desc limit 1
  ) latest`;

/** The analytics events: batched inserts from the queue task, and the reads of the dashboard. */
export class EventsRepository {
  private readonly partitions: EventPartitions;

  constructor(
    private readonly db: Knex,
    /** Days raw events are kept: an event older than that (a click handed over very late) is not stored. */
    private readonly retentionDays = 3650,
  ) {
    this.partitions = new EventPartitions(db);
  }

  /**
   * One statement per batch: a multi-row insert in which a uid seen before (a retried job, a click
   * handed over twice) is skipped, which lists the hours it wrote in rollup_dirty for the roll-ups.
   * Each event is first credited to its visit (see attributeVisits), from the visitors' page views
   * stored before it.
   *
   * Events that came with their id (a page view the browser may send again, a click the catalog may
   * hand over again) are looked up first and stored in one transaction that holds a lock on each of
   * their uids: two copies of one event timed apart, in batches written at once (two workers, or a
   * worker's batches overlapping), would otherwise both find the other not yet stored.
   */
  async insert(batch: EventRecord[]): Promise<void> {
    const cutoff = Date.now() - this.retentionDays * 86_400_000;
    const unique = [...new Map(batch.map((event) => [event.uid, storable(event)])).values()].filter(
      (row) => Date.parse(row.timestamp) >= cutoff,
    );
    if (unique.length === 0) return;
    await this.partitions.ensure(unique.map((row) => row.timestamp));
    const sent = unique.filter((row) => row.sentId !== false).map((row) => row.uid);
    const written =
      sent.length === 0
        ? await this.write(this.db, unique)
        : await this.db.transaction(async (trx) => {
            // In one order, so that two batches sharing uids never wait on each other's locks.
            await trx.raw(
              "select count(pg_advisory_xact_lock(hashtextextended(uid, 7300519))) from unnest(?::text[]) as ids(uid)",
              [sent.toSorted()],
            );
            return this.write(trx, await this.withoutStored(trx, unique, sent));
          });
    await this.partitions.wrote(written.map((row) => row.timestamp));
  }

  /** Credits the rows to their visits and inserts them; answers the rows written. */
  private async write(db: Knex, rows: EventRecord[]): Promise<EventRecord[]> {
    if (rows.length === 0) return rows;
    attributeVisits(rows, await this.visitsBefore(db, rows));
    await db.raw(INSERT_EVENTS, columnArrays(rows) as Knex.RawBinding[]);
    return rows;
  }

  /**
   * The rows but those whose uid (of `sent`) is stored. A uid is unique on its own; the table's unique
   * key also holds the time (PostgreSQL asks it of a partitioned table), and an event sent again is
   * timed again on arrival (a page view the browser resent with its id, a click whose own time was
   * ahead of this clock), so stored uids of such events are looked up first, from a day before the
   * batch's earliest event: the partitions of that span only. A uid this service made up is new but
   * for a job run again, whose rows keep their time and meet the unique key.
   */
  private async withoutStored(db: Knex, rows: EventRecord[], sent: string[]): Promise<EventRecord[]> {
    const since = new Date(Math.min(...rows.map((row) => Date.parse(row.timestamp))) - 86_400_000);
    // One index probe per uid: a plain `uid in (...)` on a month just filled, before its statistics
    // are gathered, was planned as a scan of the month (86 ms a batch against 2 ms).
    const result = await db.raw(
      `select ids.uid::text from unnest(?::uuid[]) as ids(uid)
       where exists (select 1 from analytics.events e where e.uid = ids.uid and e."timestamp" >= ?)`,
      [sent, since],
    );
    const stored = new Set((result.rows as Array<{ uid: string }>).map((row) => row.uid));
    return stored.size === 0 ? rows : rows.filter((row) => !stored.has(row.uid));
  }

  /** Makes the months' partitions ahead of their first event. */
  async prepareMonths(times: Date[]): Promise<void> {
    await this.partitions.ensure(times);
  }

  /**
   * The last page view of each of the batch's visitors within a visit's gap before that visitor's
   * first event in the batch. Not the batch's first event: a click handed over minutes late would
   * hide from every other visitor in its batch the page views they made since.
   */
  private async visitsBefore(db: Knex, rows: EventRecord[]): Promise<Map<string, VisitState>> {
    const visits = new Map<string, VisitState>();
    if (rows.length === 0) return visits;
    const firsts = new Map<string, number>();
    for (const row of rows) {
      const [at, seen] = [Date.parse(row.timestamp), firsts.get(row.visitorHash)];
      if (seen === undefined || at < seen) firsts.set(row.visitorHash, at);
    }
    const times = [...firsts.values()];
    const [since, until] = [new Date(Math.min(...times) - VISIT_GAP_MS), new Date(Math.max(...times))];
    const result = await db.raw(LAST_PAGE_VIEWS, [
      [...firsts.keys()],
      times.map((at) => new Date(at)),
      VISIT_GAP_MS / 1000,
      since,
      until,
    ]);
    const found = result.rows as Array<Omit<VisitState, "at"> & { visitor_hash: string; timestamp: Date | string }>;
    for (const { visitor_hash, timestamp, ...visit } of found) {
      visits.set(visitor_hash, { ...visit, at: new Date(timestamp).getTime() });
    }
    return visits;
  }

  /**
   * Deletes events, and events set aside, older than the cutoff; answers how many of each went. The
   * roll-ups stay: the reports keep every day's figures after its events are gone.
   */
  async purgeBefore(cutoff: Date): Promise<{ events: number; deadEvents: number }> {
    const events = await this.partitions.purgeBefore(cutoff);
    const deadEvents = await this.db("analytics.dead_events").where("created_at", "<", cutoff).delete();
    return { events, deadEvents };
  }

  /** Sets one refused event aside with the reason PostgreSQL gave. */
  async deadLetter(event: EventRecord, error: string): Promise<void> {
    await this.db("analytics.dead_events").insert({ uid: event.uid, payload: JSON.stringify(storable(event)), error });
  }

  /** Distinct visitors with any event since the time. */
  async visitorsSince(since: Date): Promise<number> {
    const row = (await this.db("analytics.events")
      .where("timestamp", ">=", since)
      .countDistinct({ n: "visitor_hash" })
      .first()) as { n: number | string } | undefined;
    return Number(row?.n ?? 0);
  }

  /** The products clicked most since the time, with the product name of their latest click. */
  async topProducts(
    since: Date,
    limit = TOP_PRODUCTS,
  ): Promise<Array<{ productId: number; productName: string | null; clicks: number }>> {
    const result = await this.db.raw(
      `with top as (
         select product_id, count(*) as clicks from analytics.events
         where event_type = ? and product_id is not null and "timestamp" >= ?
         group by product_id order by clicks desc, product_id limit ?
       )
       select top.product_id, top.clicks, latest.product_name from top
       left join lateral (
         select event_data->>'productName' as product_name from analytics.events e
         where e.event_type = ? and e.product_id = top.product_id and e.event_data->>'productName' is not null
         order by e."timestamp" desc limit 1
       ) latest on true
       order by top.clicks desc, top.product_id`,
      [CLICK, since.toISOString(), limit, CLICK],
    );
    return (result.rows as Array<{ product_id: number; clicks: number | string; product_name: string | null }>).map(
      (row) => ({ ...fromColumns(row), clicks: Number(row.clicks) }),
    );
  }

  async latestClicks(limit = RECENT_EVENTS): Promise<ClickRow[]> {
    const result = await this.db.raw(
      `select ${clickColumns} from analytics.events where event_type = ? order by "timestamp" desc, id desc limit ?`,
      [CLICK, limit],
    );
    return (result.rows as RawClick[]).map(toClick);
  }

  /** The latest click of each visitor of the last hours, newest first: one visitor shows once however often they click. */
  async recentClicks(now: Date, limit = RECENT_ACTIVITY_LIMIT, hours = RECENT_ACTIVITY_HOURS): Promise<ClickRow[]> {
    const since = new Date(now.getTime() - hours * 3_600_000).toISOString();
    const result = await this.db.raw(
      `select * from (
         select distinct on (visitor_hash) ${clickColumns} from analytics.events
         where event_type = ? and "timestamp" >= ?
         order by visitor_hash, "timestamp" desc, id desc
       ) latest order by "timestamp" desc, id desc limit ?`,
      [CLICK, since, limit],
    );
    return (result.rows as RawClick[]).map(toClick);
  }

  /** Clicks per UTC day since the given day (YYYY-MM-DD). */
  async clicksPerDay(sinceDay: string): Promise<Map<string, number>> {
    const result = await this.db.raw(
      `select to_char(("timestamp" at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as clicks
       from analytics.events where event_type = ? and "timestamp" >= (?::date)::timestamp at time zone 'UTC'
       group by 1`,
      [CLICK, sinceDay],
    );
    return new Map(
      (result.rows as Array<{ day: string; clicks: number | string }>).map((r) => [r.day, Number(r.clicks)]),
    );
  }
}
