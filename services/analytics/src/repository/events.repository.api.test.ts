import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "@rsv/kit";
import { toColumns } from "@rsv/kit/db";
import { openRepositoryDatabase, repositoryDatabases, type RepositoryDatabase } from "@rsv/kit/testing";
import type { EventRecord } from "../domain/event.js";
import { analyticsService } from "../service.js";
import { NONE } from "../domain/report.js";
import { analytics009 } from "../migrations/009_none_as_no_value.js";
import { EventsRepository, LAST_PAGE_VIEWS } from "./events.repository.js";
import { RollupRepository } from "./rollups.repository.js";

function click(productId: number, timestamp: string): EventRecord {
  return {
    uid: randomUUID(),
    eventType: "affiliate_click",
    eventData: { productName: `Product ${productId}` },
    productId,
    browser: "Chrome/desktop",
    referrer: null,
    visitorHash: "visitor",
    country: "ES",
    timestamp,
  };
}

/** Columns with statistics once a writer analysed a month: its lookups' on PostgreSQL, every one on PGlite (no autovacuum). */
const LOOKUP_COLUMNS = ["event_type", "timestamp", "uid", "visitor_hash"];
const ANALYSED: Record<RepositoryDatabase, string[]> = {
  PostgreSQL: LOOKUP_COLUMNS,
  PGlite: [...LOOKUP_COLUMNS, "country", "path", "product_id"],
};

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
describe.each(repositoryDatabases)("analytics' events repository on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let events: EventsRepository;

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, analyticsService));
    events = new EventsRepository(db);
    // PGlite starts PostgreSQL in WebAssembly: seconds alone, over a minute beside other suites on a loaded machine.
  }, 180_000);

  afterAll(() => close());

  const clicksStored = async () =>
    Number((await db("analytics.events").where("event_type", "affiliate_click").count({ n: "*" }).first())?.n);

  it("stores every field of an event in its column, and fills every column but the id", async () => {
    const full: EventRecord = {
      ...click(7, "2026-02-03T04:05:06.789Z"),
      eventData: { productName: "Product 7", note: 'quote " and comma ,' },
      referrer: "https://news.example/issue-12",
      path: "/review/seven",
      lang: "es",
      productSlug: "seven",
      referrerHost: "news.example",
      source: "newsletter",
      medium: "email",
      campaign: "spring",
      device: "mobile",
      placement: "review",
      retailer: "Shop Seven",
      offerId: 70,
    };
    await events.insert([full]);
    const row = (await db("analytics.events").where("uid", full.uid).first()) as Record<string, unknown>;
    const columns = Object.keys(row).filter((column) => column !== "id");
    // The same time and data back, whatever the driver hands back for a timestamp or a jsonb.
    expect(new Date(row.timestamp as string).toISOString()).toBe(full.timestamp);
    const data = typeof row.event_data === "string" ? JSON.parse(row.event_data) : row.event_data;
    expect(data).toEqual(full.eventData);
    // Every other column holds its field: none left empty, none without a field.
    const { eventData: _data, timestamp: _time, ...plain } = full;
    expect(
      Object.fromEntries(columns.filter((c) => !["timestamp", "event_data"].includes(c)).map((c) => [c, row[c]])),
    ).toEqual(toColumns(plain));
    await db("analytics.events").where("uid", full.uid).delete();
  });

  it("stores a batch once, however often it is inserted, and ranks the products clicked since a time", async () => {
    const batch = [click(1, "2026-01-10T10:00:00.000Z"), click(2, "2026-01-10T11:00:00.000Z")];
    await events.insert(batch);
    await events.insert(batch);
    expect(await clicksStored()).toBe(2);
    const since = async (at: string) => (await events.topProducts(new Date(at))).map((top) => top.productId).sort();
    expect(await since("2026-01-01T00:00:00Z")).toEqual([1, 2]);
    expect(await since("2026-01-10T10:30:00Z")).toEqual([2]);
    expect(await since("2026-01-11T00:00:00Z")).toEqual([]);
  });

  it("purges events and set-aside events older than the cutoff, counting them", async () => {
    const old = click(3, "2025-01-01T00:00:00.000Z");
    await events.insert([old]);
    await events.deadLetter(click(4, "2025-01-01T00:00:00.000Z"), "refused");
    await db("analytics.dead_events").update({ created_at: new Date("2025-01-01T00:00:00Z") });
    expect(await events.purgeBefore(new Date("2025-06-01T00:00:00Z"))).toEqual({ events: 1, deadEvents: 1 });
    expect(await events.purgeBefore(new Date("2025-06-01T00:00:00Z"))).toEqual({ events: 0, deadEvents: 0 });
    expect(await clicksStored()).toBe(2);
  });

  it("stores a click handed over again once, even timed anew, and lists the hours it wrote for the roll-ups", async () => {
    await db("analytics.rollup_dirty").delete();
    const first = click(5, "2026-01-11T09:15:00.000Z");
    await events.insert([first, click(6, "2026-01-11T10:45:00.000Z")]);
    await events.insert([{ ...first, timestamp: "2026-01-11T09:16:00.000Z" }]);
    expect(await db("analytics.events").where("uid", first.uid).count({ n: "*" }).first()).toEqual({ n: 1 });
    const hours = (await db("analytics.rollup_dirty").orderBy("hour").pluck("hour")) as Date[];
    expect(hours.map((hour) => new Date(hour).toISOString())).toEqual([
      "2026-01-11T09:00:00.000Z",
      "2026-01-11T10:00:00.000Z",
    ]);
  });

  it("stores a page view the browser sent again once, though each arrival is timed anew", async () => {
    const view: EventRecord = {
      ...click(8, "2026-01-12T08:00:00.000Z"),
      eventType: "page_view",
      productId: null,
      sentId: true,
    };
    await events.insert([view, { ...view, timestamp: "2026-01-12T08:00:01.000Z" }]);
    await events.insert([{ ...view, timestamp: "2026-01-12T08:00:05.000Z" }]);
    expect(await db("analytics.events").where("uid", view.uid).count({ n: "*" }).first()).toEqual({ n: 1 });
  });

  it("stores page views sent again once, though their copies are in batches written at once", async () => {
    // Two workers' batches, each with a copy of the same 100 page views timed apart, written together.
    for (let round = 0; round < 5; round++) {
      const views = Array.from({ length: 100 }, (_, n): EventRecord => ({
        ...click(9, new Date(Date.parse("2026-01-13T08:00:00Z") + n).toISOString()),
        eventType: "page_view",
        productId: null,
        visitorHash: `visitor-${n}`,
        sentId: true,
      }));
      const later = views.map((view) => ({
        ...view,
        timestamp: new Date(Date.parse(view.timestamp) + 2_000).toISOString(),
      }));
      await Promise.all([events.insert(views), events.insert(later)]);
      const counts = await db("analytics.events")
        .whereIn(
          "uid",
          views.map((view) => view.uid),
        )
        .count({ n: "*" })
        .first();
      expect(counts).toEqual({ n: 100 });
    }
  });

  it("stores the reports' key for no value as no value, so a day's roll-ups hold it once", async () => {
    const view = (timestamp: string, source: string | null): EventRecord => ({
      ...click(1, timestamp),
      eventType: "page_view",
      productId: null,
      path: "/",
      source,
      campaign: source,
      retailer: source,
    });
    // A link tagged utm_source=(none) and a direct visit on one day.
    const day = [view("2025-06-10T09:00:00Z", NONE), view("2025-06-10T10:00:00Z", null)];
    await events.insert(day);
    const stored = await db("analytics.events").whereIn("uid", [day[0]!.uid]).first();
    expect([stored.source, stored.campaign, stored.retailer]).toEqual([null, null, null]);
    // Both under one key: before, the refresh's second "(none)" row broke it, and every refresh after.
    await new RollupRepository(db, { timeZone: "UTC" }).refresh();
    const rows = await db("analytics.rollups_daily")
      .where({ day: "2025-06-10", dimension: "source" })
      .select("key", "views");
    expect(rows.map((row) => ({ key: row.key, views: Number(row.views) }))).toEqual([{ key: NONE, views: 2 }]);
  });

  it("clears the key for no value from events stored before it was refused (migration 009)", async () => {
    const uid = randomUUID();
    await db("analytics.events").insert({
      uid,
      event_type: "page_view",
      event_data: "{}",
      visitor_hash: "visitor",
      timestamp: new Date("2025-06-11T09:00:00Z"),
      source: NONE,
      medium: "email",
      campaign: NONE,
    });
    await analytics009.up(db);
    expect(await db("analytics.events").where({ uid }).first("source", "medium", "campaign")).toEqual({
      source: null,
      medium: "email",
      campaign: null,
    });
  });

  it("credits each visitor's events to their own visit, though the batch holds a click handed over late", async () => {
    const at = Date.parse("2025-07-01T12:00:00Z");
    const time = (minutes: number) => new Date(at + minutes * 60_000).toISOString();
    const landing: EventRecord = {
      ...click(1, time(-1)),
      eventType: "page_view",
      productId: null,
      visitorHash: "lands",
      path: "/comparison",
      lang: "en",
      source: "google.com",
      medium: "referral",
    };
    await events.insert([landing]);
    // The visitor's click, and another visitor's click made ten minutes before and handed over now.
    const clicked = { ...click(1, time(0)), visitorHash: "lands" };
    const late = { ...click(2, time(-10)), visitorHash: "elsewhere" };
    await events.insert([clicked, late]);
    const row = await db("analytics.events").where("uid", clicked.uid).first("source", "medium", "path", "lang");
    expect(row).toEqual({ source: "google.com", medium: "referral", path: "/comparison", lang: "en" });
  });

  it("does not store an event older than the retention period", async () => {
    const kept = new EventsRepository(db, 30);
    const late = click(7, new Date(Date.now() - 31 * 86_400_000).toISOString());
    await kept.insert([late]);
    expect(await db("analytics.events").where("uid", late.uid).count({ n: "*" }).first()).toEqual({ n: 0 });
  });

  it("stores the events of a job run again once, with the uids the service made for them", async () => {
    const made = { ...click(9, "2026-01-13T08:00:00.000Z"), sentId: false };
    await events.insert([made, { ...click(9, "2026-01-13T08:00:02.000Z"), sentId: false }]);
    await events.insert([made]);
    expect(await db("analytics.events").where("uid", made.uid).count({ n: "*" }).first()).toEqual({ n: 1 });
    expect(await db("analytics.events").where("product_id", 9).count({ n: "*" }).first()).toEqual({ n: 2 });
  });

  it("gathers a month's statistics as it fills, before autovacuum would", async () => {
    const writer = new EventsRepository(db);
    const estimate = async () => {
      const result = await db.raw(`select reltuples from pg_class where oid = to_regclass('analytics.events_p202602')`);
      return Number((result.rows as Array<{ reltuples: number }>)[0]?.reltuples ?? -1);
    };
    const batch = (from: number, length = 400) =>
      Array.from({ length }, (_, k) => ({
        ...click(10, new Date(Date.UTC(2026, 1, 3, 0, 0, from + k)).toISOString()),
        sentId: false,
      }));
    await writer.insert(batch(0));
    expect(await estimate()).toBeLessThanOrEqual(0);
    await writer.insert(batch(400));
    await writer.insert(batch(800));
    expect(await estimate()).toBe(1200);
    // Grown by more than a fifth within seconds, it waits; doubled, it is analysed again at once.
    await writer.insert(batch(1200, 1100));
    expect(await estimate()).toBe(1200);
    await writer.insert(batch(2300));
    expect(await estimate()).toBe(2700);
    const analysed = await db.raw(
      `select attname from pg_stats where schemaname = 'analytics' and tablename = 'events_p202602' order by 1`,
    );
    const columns = (analysed.rows as Array<{ attname: string }>).map((row) => row.attname);
    expect(columns).toEqual(expect.arrayContaining(ANALYSED[kind]));
  });
});

describe("the visit lookup on PostgreSQL", () => {
  let db: Knex;
  let close = async () => {};

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase("PostgreSQL", analyticsService));
  }, 180_000);

  afterAll(() => close());

  it("probes the visitor index while a month's statistics say one visitor made every event", async () => {
    // A flood from one visitor, analysed before anyone else came: the statistics' one value.
    const now = Date.now();
    await new EventsRepository(db).prepareMonths([new Date(now)]);
    await db.raw(
      `insert into analytics.events (uid, event_type, event_data, visitor_hash, "timestamp", path)
       select gen_random_uuid(), 'page_view', '{}', 'flood', ?::timestamptz - g * interval '20 ms', '/'
       from generate_series(1, 30000) g`,
      [new Date(now)],
    );
    await db.raw("analyze analytics.events");
    await db("analytics.events").insert(
      ["v1", "v2", "v3"].map((visitor) => ({
        uid: randomUUID(),
        event_type: "page_view",
        event_data: "{}",
        visitor_hash: visitor,
        timestamp: new Date(now - 60_000),
        path: `/${visitor}`,
      })),
    );
    const visitors = ["v1", "v2", "v3", "nobody"];
    const before = new Date(now + 1000);
    const bindings = [visitors, visitors.map(() => before), 30 * 60, new Date(now - 30 * 60_000), before];
    const found = await db.raw(LAST_PAGE_VIEWS, bindings);
    expect((found.rows as Array<{ path: string }>).map((row) => row.path).sort()).toEqual(["/v1", "/v2", "/v3"]);
    const plan = ((await db.raw(`explain ${LAST_PAGE_VIEWS}`, bindings)).rows as Array<{ "QUERY PLAN": string }>)
      .map((row) => row["QUERY PLAN"])
      .join("\n");
    expect(plan).toMatch(/Index Scan Backward using \w+_visitor_hash_timestamp_idx/);
    // Not the time index (events_pYYYYMM_timestamp_idx), walked back through the flood.
    expect(plan).not.toMatch(/using events_[a-z0-9]+_timestamp_idx/);
  });
});
