import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import {
  baseConfigSchema,
  closeDb,
  createDb,
  createLogger,
  createServiceApp,
  internalApi,
  migrate,
  type Knex,
  type ServiceInstance,
} from "@rsv/kit";
import { assertMatchesSpec, call } from "@rsv/kit/testing";
import { analyticsService } from "./service.js";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

// Embedded mode: no Redis, the in-process queue runs the same batch task over PGlite.
const INTERNAL_TOKEN = "embedded-test-internal-token-0123456789abcdef";

describe("analytics in embedded mode (in-process queue, PGlite)", () => {
  let dir: string;
  let db: Knex;
  let server: Server;
  let instance: ServiceInstance;
  let baseUrl = "";
  const admin = { cookie: "rsv_session=test" };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "rsv-analytics-"));
    const config = baseConfigSchema.parse({
      DATA_DIR: dir,
      INTERNAL_API_URL: "http://127.0.0.1:9",
      LOG_LEVEL: "silent",
      INTERNAL_TOKEN: INTERNAL_TOKEN,
    });
    delete config.REDIS_URL;
    db = createDb({ dataDir: dir, inMemory: true });
    const logger = createLogger("analytics", "silent");
    await migrate(db, analyticsService.schema, analyticsService.migrations);
    instance = await analyticsService.create({ config, env: {}, db, logger, api: internalApi(config) });
    // The admin session is the auth service's business; here a stub stands in for it.
    const app = createServiceApp({
      name: "analytics",
      logger,
      db,
      resolveSession: async (ctx) =>
        ctx.cookies.get("rsv_session") === "test" ? { id: 1, email: "a@example.com", role: "owner" as const } : null,
      readiness: instance.readiness,
      jsonLimit: instance.jsonLimit,
      jsonLimits: instance.jsonLimits,
      audit: instance.audit,
      trustedProxies: [],
      routes: (router) => instance.routes(router),
    });
    server = app.listen(0);
    const address = server.address();
    baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }, 60_000);

  afterAll(async () => {
    server?.close();
    await instance?.close?.();
    await closeDb(db);
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores page views and clicks with a visitor hash and no IP, drops bots, and summarises clicks", async () => {
    const headers = { "user-agent": BROWSER, "x-forwarded-for": "198.51.100.23" };
    const view = await call("POST", "/api/analytics/track", {
      baseUrl,
      headers,
      json: { eventType: "page_view", eventData: { page: "/embedded", timestamp: new Date().toISOString() } },
    });
    assertMatchesSpec("trackEvent", view);
    expect(view.status).toBe(202);
    const bot = await call("POST", "/api/analytics/track", {
      baseUrl,
      headers: { ...headers, "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      json: { eventType: "page_view", eventData: { page: "/embedded-bot", timestamp: new Date().toISOString() } },
    });
    expect(bot.status).toBe(202);
    // As the catalog records it: with the services' secret (a browser's click is refused, see the API suite).
    const click = await call("POST", "/api/analytics/track", {
      baseUrl,
      headers: { ...headers, "x-internal-token": INTERNAL_TOKEN },
      json: {
        eventType: "affiliate_click",
        productId: 7,
        eventData: {
          productName: "Embedded Product",
          productSlug: "embedded-product",
          affiliateUrl: "https://shop.example.com/e",
          country: "ES",
          timestamp: new Date().toISOString(),
        },
      },
    });
    assertMatchesSpec("trackEvent", click);
    expect(click.status).toBe(202);

    const rows = await vi.waitFor(
      async () => {
        const found = await db("analytics.events").select("*");
        expect(found.length).toBeGreaterThanOrEqual(2);
        return found;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.browser).toBe("Chrome/desktop");
      expect(JSON.stringify(row)).not.toContain("198.51.100.23");
      expect(JSON.stringify(row)).not.toContain("X11");
    }
    expect(rows.map((r) => (r.event_data as { page?: string }).page)).not.toContain("/embedded-bot");
    // A click of ten days ago: the summary counts the last 7 days, so it is in none of its figures.
    await db("analytics.events").insert({
      uid: randomUUID(),
      event_type: "affiliate_click",
      event_data: JSON.stringify({ productName: "Embedded Product" }),
      product_id: 7,
      visitor_hash: "0".repeat(64),
      timestamp: new Date(Date.now() - 10 * 86_400_000),
    });

    const denied = await call("GET", "/api/analytics/summary", { baseUrl });
    assertMatchesSpec("getAnalyticsSummary", denied);
    expect(denied.status).toBe(401);

    const summary = await call<{
      totalClicks: number;
      topProducts: Array<{ productId: number; productName: string; clicks: number }>;
      clicksByDate: Array<{ date: string; clicks: number }>;
      recentEvents: Array<{ product_name: string | null }>;
    }>("GET", "/api/analytics/summary", { baseUrl, headers: admin });
    assertMatchesSpec("getAnalyticsSummary", summary);
    expect(summary.body.totalClicks).toBe(1);
    expect(summary.body.topProducts).toEqual([{ productId: 7, productName: "Embedded Product", clicks: 1 }]);
    expect(summary.body.recentEvents[0]!.product_name).toBe("Embedded Product");
    expect(summary.body.clicksByDate).toHaveLength(7);
    expect(summary.body.clicksByDate.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), clicks: 1 });

    const activity = await call("GET", "/api/analytics/recent-activity", { baseUrl });
    assertMatchesSpec("getRecentActivity", activity);
    expect(activity.body).toEqual([
      { productName: "Embedded Product", productSlug: "embedded-product", country: "ES", minutesAgo: 0 },
    ]);
    expect(activity.headers.get("cache-control")).toBe("public, max-age=30");
  });

  it("keeps one salt per day and forgets old ones", async () => {
    await db.raw("insert into analytics.salts (day, salt) values (current_date - 5, 'old') on conflict do nothing");
    const salts = await db("analytics.salts").select("salt");
    expect(salts.length).toBeGreaterThanOrEqual(1);
    // The salt of today already exists (created by the first event); a new day would delete the old one.
    const { DailySalts } = await import("./repository/salts.repository.js");
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const first = await new DailySalts(db).forDay(tomorrow);
    const again = await new DailySalts(db).forDay(tomorrow);
    expect(again).toBe(first);
    const left = await db.raw("select to_char(day, 'YYYY-MM-DD') as day from analytics.salts order by day");
    expect(left.rows.map((r: { day: string }) => r.day)).not.toContain(
      new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
    );
  });

  it("refuses an unknown event type and a body over 4 KB", async () => {
    const bad = await call("POST", "/api/analytics/track", {
      baseUrl,
      json: { eventType: "purchase", eventData: { page: "/", timestamp: new Date().toISOString() } },
    });
    assertMatchesSpec("trackEvent", bad);
    expect(bad.status).toBe(400);
    const big = await call("POST", "/api/analytics/track", {
      baseUrl,
      json: {
        eventType: "page_view",
        eventData: { page: "/", timestamp: new Date().toISOString(), pad: "x".repeat(5000) },
      },
    });
    assertMatchesSpec("trackEvent", big);
    expect(big.status).toBe(413);
  });

  it("stores a page view whose strings hold half a surrogate pair, with U+FFFD in its place", async () => {
    const id = randomUUID();
    const sent = await call("POST", "/api/analytics/track", {
      baseUrl,
      headers: { "user-agent": BROWSER },
      json: {
        eventType: "page_view",
        // JSON.stringify writes each half alone as an escape ("\ud800"), which jsonb refuses.
        eventData: {
          page: `/lone/${id}/\ud800`,
          referrer: "https://elsewhere.example/\udc00",
          utm: { source: "news\ud83d" },
          timestamp: new Date().toISOString(),
        },
      },
    });
    expect(sent.status).toBe(202);
    const stored = await vi.waitFor(
      async () => {
        const [row] = await db("analytics.events").whereRaw("event_data->>'page' like ?", [`/lone/${id}/%`]);
        expect(row).toBeDefined();
        return row;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(stored.event_data).toMatchObject({
      page: `/lone/${id}/\uFFFD`,
      referrer: "https://elsewhere.example/\uFFFD",
      utm: { source: "news\uFFFD" },
    });
    expect(await db("analytics.dead_events").whereRaw("payload::text like ?", [`%${id}%`])).toEqual([]);
  });

  it("answers a preview link's page view 202 and keeps nothing of it, nor of a preview as a referrer", async () => {
    const token = `${randomUUID()}.signature`;
    const after = `/after-preview/${randomUUID()}`;
    for (const page of [`/preview/post/${token}`, `/es/preview/product/${token}`, after]) {
      // The last one was opened from a preview: its referrer is the preview's address.
      const referrer = `https://site.example/preview/post/${token}`;
      const sent = await call("POST", "/api/analytics/track", {
        baseUrl,
        headers: { "user-agent": BROWSER },
        json: { eventType: "page_view", eventData: { page, referrer, timestamp: new Date().toISOString() } },
      });
      expect(sent.status).toBe(202);
    }
    // Sent after the previews: once it is stored, they would have been.
    await vi.waitFor(async () => expect(await db("analytics.events").where({ path: after })).toHaveLength(1), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await db("analytics.events").whereRaw("event_data::text like ?", [`%${token}%`])).toEqual([]);
  });

  it("imports a commissions file naming a stored click, and keeps it in the history", async () => {
    const click = randomUUID();
    await db("analytics.events").insert({
      uid: click,
      event_type: "affiliate_click",
      event_data: "{}",
      visitor_hash: "v",
    });
    const csv = `\uFEFFclickref,transaction id,commission,date,status\n${click},"E-1, a","1.234,50",2026-03-01 10:00,paid\n`;
    const mapping = {
      clickId: "clickref",
      conversionId: "transaction id",
      commission: "commission",
      convertedAt: "date",
      status: "status",
    };
    const imported = await call<{ import: { imported: number } }>("POST", "/api/analytics/conversions", {
      baseUrl,
      headers: admin,
      json: { network: "Embedded", fileName: "e.csv", csv, mapping },
    });
    assertMatchesSpec("importConversions", imported);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.import).toMatchObject({ imported: 1 });
    const stored = await db("analytics.conversions").where({ network: "Embedded" }).first();
    expect(stored).toMatchObject({ conversion_id: "E-1, a", click_id: click, status: "approved" });
    expect(Number(stored.commission_cents)).toBe(123450);
    const history = await call<Array<{ network: string }>>("GET", "/api/analytics/conversions", {
      baseUrl,
      headers: admin,
    });
    expect(history.body.map((entry) => entry.network)).toContain("Embedded");
    // The import's event waits in the outbox for auth (unreachable here).
    expect(Number((await db("analytics.audit_outbox").count({ n: "*" }).first())?.n)).toBeGreaterThan(0);
  });

  it("stores a batch of page views once each, however often it is sent, and refuses malformed batches", async () => {
    const headers = { "user-agent": BROWSER, "x-forwarded-for": "198.51.100.24" };
    const visit = `/embedded-batch-${randomUUID()}`;
    const events = [1, 2, 3].map((n) => ({
      eventType: "page_view" as const,
      eventId: randomUUID(),
      eventData: { page: `${visit}/${n}`, timestamp: new Date().toISOString() },
    }));
    const stored = async () =>
      (
        await db("analytics.events")
          .whereRaw("event_data->>'page' like ?", [`${visit}/%`])
          .select("uid")
      ).length;
    // Sent three times, as a tracker whose answers were lost sends it again: each event is one row.
    for (let attempt = 0; attempt < 3; attempt++) {
      const sent = await call("POST", "/api/analytics/track/batch", { baseUrl, headers, json: { events } });
      assertMatchesSpec("trackEvents", sent);
      expect(sent.status).toBe(202);
    }
    // The in-process queue answers once the rows are written.
    expect(await stored()).toBe(3);
    // A single page view with its id, sent twice, is one row too.
    const single = { ...events[0]!, eventId: randomUUID(), eventData: { ...events[0]!.eventData, page: `${visit}/4` } };
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await call("POST", "/api/analytics/track", { baseUrl, headers, json: single })).status).toBe(202);
    expect(await stored()).toBe(4);

    const repeated = await call("POST", "/api/analytics/track/batch", {
      baseUrl,
      headers,
      json: { events: [events[0], { ...events[1], eventId: events[0]!.eventId }] },
    });
    assertMatchesSpec("trackEvents", repeated);
    expect(repeated.status).toBe(400);
    expect(repeated.body).toMatchObject({
      error: { details: expect.arrayContaining([expect.objectContaining({ path: "body.events.1.eventId" })]) },
    });
    const tooMany = await call("POST", "/api/analytics/track/batch", {
      baseUrl,
      headers,
      json: { events: Array.from({ length: 21 }, () => ({ ...events[0], eventId: randomUUID() })) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      error: { details: expect.arrayContaining([expect.objectContaining({ path: "body.events" })]) },
    });
    const withoutIds = await call("POST", "/api/analytics/track/batch", {
      baseUrl,
      headers,
      json: { events: [{ eventType: "page_view", eventData: events[0]!.eventData }] },
    });
    expect(withoutIds.status).toBe(400);
    expect(withoutIds.body).toMatchObject({
      error: { details: expect.arrayContaining([expect.objectContaining({ path: "body.events.0.eventId" })]) },
    });
    const click = await call("POST", "/api/analytics/track/batch", {
      baseUrl,
      headers: { ...headers, "x-internal-token": INTERNAL_TOKEN },
      json: {
        events: [
          {
            eventType: "affiliate_click",
            eventId: randomUUID(),
            eventData: {
              productName: "P",
              affiliateUrl: "https://shop.example.com/p",
              timestamp: new Date().toISOString(),
            },
          },
        ],
      },
    });
    expect(click.status).toBe(400);
    expect((await call("POST", "/api/analytics/track/batch", { baseUrl, headers, json: { events: [] } })).status).toBe(
      400,
    );
    // 20 page views with long addresses fit in the batch's 32 KB; more than that is refused before parsing.
    const long = (n: number) => ({
      eventType: "page_view" as const,
      eventId: randomUUID(),
      eventData: { page: `${visit}/long/${n}/${"p".repeat(1900)}`, timestamp: new Date().toISOString() },
    });
    const big = await call("POST", "/api/analytics/track/batch", {
      baseUrl,
      headers,
      json: { events: Array.from({ length: 20 }, (_, n) => long(n)) },
    });
    assertMatchesSpec("trackEvents", big);
    expect(big.status).toBe(413);
    const fits = await call("POST", "/api/analytics/track/batch", {
      baseUrl,
      headers,
      json: { events: Array.from({ length: 14 }, (_, n) => long(n)) },
    });
    expect(fits.status).toBe(202);
    expect(await stored()).toBe(4 + 14);
  });
});
