import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import {
  BREAKDOWN_COLUMNS,
  BREAKDOWNS,
  eventsKeptFrom,
  NONE,
  previousPeriod,
  type Breakdown,
} from "../domain/report.js";
import { analyticsService } from "../service.js";
import { ConversionsRepository } from "./conversions.repository.js";
import { EventsRepository } from "./events.repository.js";
import { ReportRepository } from "./report.repository.js";
import { analytics010 } from "../migrations/010_path_bytes.js";
import { RollupDaysFailed, RollupRepository } from "./rollups.repository.js";

/**
 * The report against an oracle: for random streams of page views and clicks around Madrid's change
 * from summer to winter time (2026-10-25, a 25-hour day) and its midnights, every breakdown's rows,
 * the totals, the previous period and the daily series equal what counting the events one by one gives.
 */

const TIME_ZONE = "Europe/Madrid";

interface Stored {
  type: "page_view" | "affiliate_click";
  visitor: string;
  at: number;
  values: Record<Breakdown, string | null>;
  /** For a click: the commission a network reported for it. */
  earned: { status: "pending" | "approved" | "declined"; cents: number } | null;
}

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const orNull = <T>(values: readonly T[]) => fc.option(pick(values), { nil: null });

/** Events between `start` and `days` days later. */
const eventsFrom = (start: string, days: number): fc.Arbitrary<Stored> =>
  fc.record({
    type: pick(["page_view", "affiliate_click"] as const),
    visitor: pick(["v1", "v2", "v3", "v4", "v5"]),
    at: fc.integer({ min: 0, max: days * 24 * 60 }).map((minute) => Date.parse(start) + minute * 60_000),
    values: fc.record({
      page: orNull(["/", "/comparison", "/es/comparacion"]),
      product: orNull(["alpha", "beta"]),
      retailer: orNull(["Shop A", "Shop B"]),
      market: orNull(["ES", "DE"]),
      lang: orNull(["en", "es"]),
      source: orNull(["google.com", "newsletter"]),
      medium: orNull(["referral", "email"]),
      campaign: orNull(["autumn", "=SUM(A1)"]),
      device: pick(["mobile", "desktop"]),
      placement: orNull(["home", "comparison-table"]),
    }),
    earned: fc.option(
      fc.record({
        status: pick(["pending", "approved", "declined"] as const),
        cents: fc.integer({ min: 0, max: 50_000 }),
      }),
      { nil: null },
    ),
  });

const dayOf = (at: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(at),
  );

const hourOf = (at: number) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, hour: "2-digit", hourCycle: "h23" }).format(new Date(at));

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

const figures = (events: Stored[]) => {
  const views = events.filter((e) => e.type === "page_view").length;
  const clicks = events.length - views;
  const visitors = new Set(events.map((e) => `${dayOf(e.at)} ${e.visitor}`)).size;
  const counted = events.filter((e) => e.type === "affiliate_click" && e.earned && e.earned.status !== "declined");
  const revenue = counted.reduce((sum, e) => sum + e.earned!.cents, 0) / 100;
  return {
    views,
    visitors,
    clicks,
    ctr: ratio(clicks, views),
    conversions: counted.length,
    revenue,
    epc: ratio(revenue, clicks),
  };
};

function oracle(events: Stored[], from: string, to: string, breakdown: Breakdown, filters: Array<[Breakdown, string]>) {
  const within = (start: string, end: string) =>
    events.filter((e) => {
      const day = dayOf(e.at);
      return (
        day >= start && day <= end && filters.every(([dimension, value]) => (e.values[dimension] ?? NONE) === value)
      );
    });
  const current = within(from, to);
  const groups = new Map<string, Stored[]>();
  for (const event of current) {
    const key = event.values[breakdown] ?? NONE;
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  const rows = [...groups].map(([key, members]) => ({ key, ...figures(members) }));
  rows.sort((a, b) => b.views - a.views || b.clicks - a.clicks || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const previous = previousPeriod(from, to);
  // A one-day report is by hour, the others by day.
  const bucketOf = (at: number) => (from === to ? `${dayOf(at)}T${hourOf(at)}:00` : dayOf(at));
  const buckets = [...new Set(current.map((e) => bucketOf(e.at)))].sort();
  return {
    rows,
    totals: figures(current),
    previousTotals: figures(within(previous.from, previous.to)),
    series: buckets.map((at) => {
      const { views, visitors, clicks } = figures(current.filter((e) => bucketOf(e.at) === at));
      return { at, views, visitors, clicks };
    }),
  };
}

/** Nine days around Madrid's 25-hour day (2026-10-25), and days to report between. */
const eventArbitrary = eventsFrom("2026-10-20T20:00:00Z", 9);
const days = ["2026-10-21", "2026-10-22", "2026-10-23", "2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27"];
/** Five weeks over finished months, read from their monthly rows when a range holds all of one. */
const monthsArbitrary = eventsFrom("2026-09-27T00:00:00Z", 38);
const monthDays = ["2026-09-28", "2026-09-30", "2026-10-01", "2026-10-16", "2026-10-31", "2026-11-01", "2026-11-03"];

describe.each(repositoryDatabases)("the analytics report on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let reports: ReportRepository;
  let rollups: RollupRepository;
  let conversions: ConversionsRepository;

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, analyticsService));
    reports = new ReportRepository(db, TIME_ZONE);
    rollups = new RollupRepository(db, { timeZone: TIME_ZONE });
    conversions = new ConversionsRepository(db);
  }, 180_000);

  afterAll(() => close());

  /** The commissions a network reported for some of the clicks, imported as the admin does. */
  const earn = async (events: Stored[], uids: string[]) => {
    const earning = events.flatMap((event, index) =>
      event.type === "affiliate_click" && event.earned ? [{ ...event.earned, clickId: uids[index]! }] : [],
    );
    if (earning.length === 0) return;
    await conversions.importAll({
      network: "Network",
      fileName: "commissions.csv",
      actor: null,
      rows: earning.length,
      conversions: earning.map((earned, index) => ({
        row: index + 2,
        conversionId: randomUUID(),
        clickId: earned.clickId,
        clickCell: earned.clickId,
        commissionCents: earned.cents,
        currency: "EUR",
        status: earned.status,
        convertedAt: new Date().toISOString(),
        dateOnly: false,
        original: null,
      })),
    });
  };

  const store = async (events: Stored[], markDirty: boolean): Promise<string[]> => {
    const uids = events.map(() => randomUUID());
    if (events.length === 0) return uids;
    await db("analytics.events").insert(
      events.map((event, index) => ({
        uid: uids[index],
        event_type: event.type,
        event_data: "{}",
        visitor_hash: event.visitor,
        timestamp: new Date(event.at),
        ...Object.fromEntries(BREAKDOWNS.map((dimension) => [BREAKDOWN_COLUMNS[dimension], event.values[dimension]])),
      })),
    );
    // As the events' writer does: the hours written wait for the roll-ups' refresh.
    if (markDirty) {
      await db("analytics.rollup_dirty").insert(
        [...new Set(events.map((event) => Math.floor(event.at / 3_600_000) * 3_600_000))].map((hour) => ({
          hour: new Date(hour),
        })),
      );
    }
    return uids;
  };

  const reset = async () => {
    for (const table of [
      "events",
      "conversions",
      "conversion_imports",
      "rollups_daily",
      "rollups_monthly",
      "rollups_hourly",
      "rollups_pairs_daily",
      "rollups_pairs_monthly",
      "rollup_dirty",
    ]) {
      await db(`analytics.${table}`).delete();
    }
  };

  const countsAsOneByOne = (events: fc.Arbitrary<Stored>, reportDays: string[]) =>
    fc.assert(
      fc.asyncProperty(
        fc.array(events, { maxLength: 60 }),
        fc.array(events, { maxLength: 20 }),
        fc.tuple(pick(reportDays), pick(reportDays)),
        pick(BREAKDOWNS),
        // None, one (from the roll-ups) or two filters (from the raw events).
        fc.uniqueArray(pick(BREAKDOWNS), { maxLength: 2 }),
        async (rolledUp, arrivedSince, range, breakdown, filterBy) => {
          const [from, to] = range[0] <= range[1] ? range : [range[1], range[0]];
          const events = [...rolledUp, ...arrivedSince];
          // Filter on values an event has (or "(none)"), so filters that match are tried.
          const filters: Array<[Breakdown, string]> = events[0]
            ? filterBy.map((dimension) => [dimension, events[0]!.values[dimension] ?? NONE])
            : [];
          const expected = oracle(events, from, to, breakdown, filters);
          const check = async () => {
            const report = await reports.report({
              from,
              to,
              breakdown,
              filters: Object.fromEntries(filters),
              limit: 1000,
            });
            expect(report.rows.map(({ label: _label, previous: _previous, ...row }) => row)).toEqual(expected.rows);
            expect(report.totals).toEqual(expected.totals);
            expect(report.previous.totals).toEqual(expected.previousTotals);
            expect(report.series.filter((point) => point.views + point.clicks > 0)).toEqual(expected.series);
          };

          await reset();
          const first = await store(rolledUp, true);
          // Roll-ups made from the first events; their commissions imported afterwards, and the later
          // events' days, are read from the raw events.
          await rollups.refresh();
          await earn(rolledUp, first);
          await earn(arrivedSince, await store(arrivedSince, true));
          await check();
          // Every day from its roll-up.
          await rollups.refresh();
          expect(await db("analytics.rollup_dirty").count({ n: "*" }).first()).toEqual({ n: 0 });
          await check();
        },
      ),
      { numRuns: 25 },
    );

  it("counts every breakdown as the events one by one do, across midnights and a change of clocks", async () => {
    await expect(countsAsOneByOne(eventArbitrary, days)).resolves.toBeUndefined();
  }, 240_000);

  it("counts finished months from their monthly rows as the events one by one do", async () => {
    await expect(countsAsOneByOne(monthsArbitrary, monthDays)).resolves.toBeUndefined();
    // A finished month's rows are summed when its days are refreshed.
    await reset();
    const views = fc
      .sample(monthsArbitrary, 30)
      .map((event) => ({ ...event, type: "page_view" as const, at: Date.parse("2026-10-10T12:00:00Z") }));
    await store(views, true);
    await rollups.refresh();
    const october = await db("analytics.rollups_monthly").where({ dimension: "total" }).first("month", "views");
    expect({ ...october, month: dayOf(new Date(october.month).getTime() + 43_200_000) }).toEqual({
      month: "2026-10-01",
      views: 30,
    });
  }, 240_000);

  it("reads a finished month from its days until its monthly rows are summed", async () => {
    await reset();
    const views = fc
      .sample(monthsArbitrary, 12)
      .map((event) => ({ ...event, type: "page_view" as const, at: Date.parse("2026-10-10T12:00:00Z") }));
    await store(views, true);
    await rollups.refresh();
    // As just after the month ended, before the refresh that sums it (or while the worker is away).
    await db("analytics.rollups_monthly").delete();
    await db("analytics.rollups_pairs_monthly").delete();
    for (const filters of [{}, { lang: views[0]!.values.lang ?? NONE }]) {
      const report = await reports.report({
        from: "2026-10-01",
        to: "2026-10-31",
        breakdown: "page",
        filters,
        limit: 10,
      });
      expect(report.totals.views).toBe(
        oracle(views, "2026-10-01", "2026-10-31", "page", Object.entries(filters) as Array<[Breakdown, string]>).totals
          .views,
      );
    }
  });

  it("leaves the day under way to be read from raw events when a refresh skips it", async () => {
    await reset();
    const now = Date.now();
    const today = dayOf(now);
    const yesterday = dayOf(now - 86_400_000);
    const view = fc.sample(eventArbitrary, 1)[0]!;
    await store(
      [
        { ...view, type: "page_view", at: now - 86_400_000 },
        { ...view, type: "page_view", at: now },
      ],
      true,
    );
    expect(await rollups.refresh({ today: false })).toEqual([yesterday]);
    expect(await db("analytics.rollup_dirty").count({ n: "*" }).first()).toEqual({ n: 1 });
    const report = await reports.report({ from: yesterday, to: today, breakdown: "page", filters: {}, limit: 10 });
    expect(report.totals.views).toBe(2);
    expect(report.series.map((point) => point.views)).toEqual([1, 1]);
  });

  it("answers the dashboard's reports asked at once from one read of what they share, keeping nothing", async () => {
    await reset();
    const now = Date.now();
    const today = dayOf(now);
    const from = dayOf(now - 6 * 86_400_000);
    const sample = fc.sample(eventArbitrary, 40).map((event, index) => ({ ...event, at: now - index * 3_600_000 }));
    await store(sample, true);
    await rollups.refresh({ today: false });
    const ask = (breakdown: Breakdown) => reports.report({ from, to: today, breakdown, filters: {}, limit: 10 });
    let statements = 0;
    const count = () => (statements += 1);
    db.on("query", count);
    try {
      const oneByOne = [];
      for (const breakdown of BREAKDOWNS) oneByOne.push(await ask(breakdown));
      const apart = statements;
      statements = 0;
      const atOnce = await Promise.all(BREAKDOWNS.map(ask));
      // Each report but the first reads neither the stale days (two statements), nor the summed
      // months, nor the totals of either period, nor the chart.
      expect(apart - statements).toBe((BREAKDOWNS.length - 1) * 6);
      expect(atOnce).toEqual(oneByOne);
    } finally {
      db.off("query", count);
    }
    // A read over is not kept: the next report counts what arrived since.
    const before = await ask("page");
    await store([{ ...sample[0]!, type: "page_view", at: now }], true);
    expect((await ask("page")).totals.views).toBe(before.totals.views + 1);
  });

  it("reads the day under way's pairs from raw events, and makes them once the day is over", async () => {
    await reset();
    const now = Date.now();
    const today = dayOf(now);
    const earlier = "2026-10-23";
    const sample = fc.sample(eventArbitrary, 12);
    const events = [
      ...sample.map((event) => ({ ...event, at: now })),
      ...sample.map((event, index) => ({ ...event, at: Date.parse(`${earlier}T10:00:00Z`) + index * 60_000 })),
    ];
    await earn(events, await store(events, true));
    await rollups.refresh();
    const pairsOf = async (day: string) =>
      Number((await db("analytics.rollups_pairs_daily").where("day", day).count({ n: "*" }).first())?.n);
    expect(await pairsOf(today)).toBe(0);
    expect(await pairsOf(earlier)).toBeGreaterThan(0);
    const filter: [Breakdown, string] = ["source", events[0]!.values.source ?? NONE];
    const check = async (day: string) => {
      const report = await reports.report({
        from: day,
        to: day,
        breakdown: "market",
        filters: { source: filter[1] },
        limit: 1000,
      });
      expect(report.rows.map(({ label: _label, previous: _previous, ...row }) => row)).toEqual(
        oracle(events, day, day, "market", [filter]).rows,
      );
    };
    await check(today);
    // A day counted while under way, whose end no refresh saw: read raw, and given its pairs by the next refresh.
    await db("analytics.rollups_pairs_daily").where("day", earlier).delete();
    await check(earlier);
    expect(await rollups.refresh()).toContain(earlier);
    expect(await pairsOf(earlier)).toBeGreaterThan(0);
    await check(earlier);
  });

  it("keeps a day's figures in its roll-up after its raw events are purged", async () => {
    await reset();
    const at = Date.parse("2026-10-23T10:00:00Z");
    const event = eventArbitrary.filter((one) => one.type === "page_view");
    const sample = fc.sample(event, 5).map((one, index) => ({ ...one, at: at + index * 60_000 }));
    await store(sample, true);
    await rollups.refresh();
    const before = await reports.report({
      from: "2026-10-23",
      to: "2026-10-23",
      breakdown: "page",
      filters: {},
      limit: 10,
    });
    expect(before.totals.views).toBe(5);
    await new EventsRepository(db).purgeBefore(new Date(Date.parse("2026-10-24T00:00:00Z")));
    expect(await db("analytics.events").count({ n: "*" }).first()).toEqual({ n: 0 });
    const after = await reports.report({
      from: "2026-10-23",
      to: "2026-10-23",
      breakdown: "page",
      filters: {},
      limit: 10,
    });
    expect(after).toEqual(before);
  });

  it("makes the other days' roll-ups when one day's cannot be made, and keeps that day listed", async () => {
    await reset();
    const views = fc
      .sample(
        eventArbitrary.filter((one) => one.type === "page_view"),
        2,
      )
      .map((one, index) => ({ ...one, at: Date.parse(`2026-10-2${2 + index}T10:00:00Z`) }));
    await store(views, true);
    // A path as one was once kept: 3,000 bytes that do not compress, more than an index entry holds.
    const characters = Array.from({ length: 1000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20_000)));
    await db("analytics.events")
      .where("timestamp", new Date(views[0]!.at))
      .update({ path: `//[${characters.join("")}` });
    // A process of its own: the failed day's wait is kept in it.
    const refreshing = new RollupRepository(db, { timeZone: TIME_ZONE });
    const refreshed = await refreshing.refresh().catch((error: unknown) => error);
    expect(refreshed).toBeInstanceOf(RollupDaysFailed);
    expect((refreshed as RollupDaysFailed).failed.map(({ day }) => day)).toEqual(["2026-10-22"]);
    expect((refreshed as RollupDaysFailed).done).toEqual(["2026-10-23"]);
    expect(await db("analytics.rollups_daily").distinct("day").pluck("day")).toHaveLength(1);
    // Still listed, so read from raw events meanwhile: the report counts the day's view.
    const day = () =>
      reports.report({ from: "2026-10-22", to: "2026-10-22", breakdown: "source", filters: {}, limit: 10 });
    expect((await day()).totals.views).toBe(1);

    // Tried again only after a wait: meanwhile it stays listed, the other days go on.
    expect(await refreshing.refresh()).toEqual([]);
    expect(await db("analytics.rollups_daily").distinct("day").pluck("day")).toHaveLength(1);
    await analytics010.up(db);
    // A process started after the mend (the wait is this process's own) counts it at once.
    expect(await new RollupRepository(db, { timeZone: TIME_ZONE }).refresh()).toEqual(["2026-10-22"]);
    expect(await db("analytics.rollup_dirty").count({ n: "*" }).first()).toEqual({ n: 0 });
    expect((await day()).totals.views).toBe(1);
  });

  it("says when a report needed raw events from before the days still kept", async () => {
    // Raw events of the last 10 days: the day the purge cuts into is partly gone, the next one whole.
    const kept = new ReportRepository(db, TIME_ZONE, undefined, 10);
    const keptFrom = eventsKeptFrom(TIME_ZONE, 10);
    const day = (offset: number) =>
      new Date(Date.parse(`${keptFrom}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const complete = async (
      from: number,
      to: number,
      breakdown: Breakdown,
      filters: Partial<Record<Breakdown, string>>,
    ) => {
      const report = await kept.report({ from: day(from), to: day(to), breakdown, filters, limit: 10 });
      expect(report.eventsKeptFrom).toBe(keptFrom);
      return report.complete;
    };
    const one = { market: "ES" };
    const two = { market: "ES", device: "mobile" };
    // Roll-ups hold these, however old.
    expect(await complete(-21, -11, "page", {})).toBe(true);
    expect(await complete(-21, -11, "source", one)).toBe(true);
    expect(await complete(-11, -11, "page", {})).toBe(true);
    // Raw events only: two filters, pages under a filter, a filtered day's hours.
    expect(await complete(-21, -11, "source", two)).toBe(false);
    expect(await complete(-21, -11, "page", one)).toBe(false);
    expect(await complete(-11, -11, "source", one)).toBe(false);
    // Within the days kept, the period before included; then with the period before reaching past them.
    expect(await complete(4, 6, "source", two)).toBe(true);
    expect(await complete(3, 5, "source", two)).toBe(true);
    expect(await complete(2, 4, "source", two)).toBe(false);
    // Raw events kept for good.
    const forGood = await reports.report({
      from: day(-21),
      to: day(-11),
      breakdown: "source",
      filters: two,
      limit: 10,
    });
    expect(forGood).toMatchObject({ eventsKeptFrom: null, complete: true });
  });

  it("counts a one-day report's hours in the site's time zone, the 25-hour day included", async () => {
    await reset();
    // 00:30 and 02:30 summer time, then 02:30 winter time (an hour after 02:30 summer time) on the long day.
    const stamps = ["2026-10-24T22:30:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z"];
    await db("analytics.events").insert(
      stamps.map((at) => ({
        uid: randomUUID(),
        event_type: "page_view",
        event_data: "{}",
        visitor_hash: "v",
        timestamp: new Date(at),
      })),
    );
    await db("analytics.rollup_dirty").insert(stamps.map((at) => ({ hour: new Date(at.replace(":30:", ":00:")) })));
    // From the raw events, then from the roll-ups.
    for (const refresh of [false, true]) {
      if (refresh) await rollups.refresh();
      const report = await reports.report({
        from: "2026-10-25",
        to: "2026-10-25",
        breakdown: "page",
        filters: {},
        limit: 10,
      });
      expect(report.series).toHaveLength(24);
      expect(report.series.filter((point) => point.views > 0)).toEqual([
        { at: "2026-10-25T00:00", views: 1, visitors: 1, clicks: 0 },
        { at: "2026-10-25T02:00", views: 2, visitors: 1, clicks: 0 },
      ]);
      expect(report.totals).toEqual({
        views: 3,
        visitors: 1,
        clicks: 0,
        ctr: 0,
        conversions: 0,
        revenue: 0,
        epc: null,
      });
    }
  });
});
