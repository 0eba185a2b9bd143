import { afterAll, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isbot } from "isbot";
import pg from "pg";
import {
  adminCookie,
  assertMatchesSpec,
  call,
  gatewayUrl,
  rawRequest,
  type ApiResponse,
  firstMade,
} from "@rsv/kit/testing";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

interface Product {
  id: number;
  slug: string;
  name: string;
}
interface Summary {
  totalClicks: number;
  topProducts: Array<{ productId: number; productName: string; clicks: number }>;
  recentEvents: Array<{ id: number; event_type: string; product_name: string | null; timestamp: string }>;
  clicksByDate: Array<{ date: string; clicks: number }>;
}
interface Activity {
  productName: string;
  productSlug: string | null;
  country: string | null;
  minutesAgo: number;
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
afterAll(() => pool.end());

/** A documentation-range address per test run, so the test can look for it in stored rows. */
const visitorIp = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
const visitor = { "user-agent": BROWSER, "x-forwarded-for": visitorIp };

/**
 * Follows /go/{slug} as a browser following a link does; over node:http, since fetch sends
 * Sec-Fetch-Mode "cors" whatever it is told, and a click that is not a navigation is not counted.
 */
const followLink = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(gatewayUrl(), path, {
    headers: {
      ...visitor,
      accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      "accept-language": "en-GB,en;q=0.9",
      "sec-fetch-mode": "navigate",
      ...headers,
    },
  });

/**
 * How long the worker may take to write what the service accepted, and how often to look. It writes
 * within a second when the machine is idle; make test runs three API files at once on two cores, and
 * beside the roll-ups' property tests (PGlite in a test worker) a write once took over 10 s.
 */
const written = { timeout: 30_000, interval: 200 };

async function rows(where: string, params: unknown[]): Promise<Array<Record<string, unknown>>> {
  return (await pool.query(`select * from analytics.events where ${where}`, params)).rows;
}

async function track(json: unknown, headers: Record<string, string> = visitor): Promise<ApiResponse> {
  const response = await call("POST", "/api/analytics/track", { json, headers });
  assertMatchesSpec("trackEvent", response);
  return response;
}

async function firstProduct(): Promise<Product> {
  const list = await call<Product[]>("GET", "/api/products");
  assertMatchesSpec("listProducts", list);
  return firstMade(list.body);
}

function expectNoIp(row: Record<string, unknown>): void {
  const text = JSON.stringify(row);
  expect(text).not.toContain(visitorIp);
  expect(text).not.toContain("127.0.0.1");
  expect(Object.keys(row).filter((key) => /ip/i.test(key))).toEqual([]);
}

// Each test may wait the whole of `written` and then read on.
describe("analytics ingestion: gateway → service → BullMQ (Redis) → worker → PostgreSQL", { timeout: 60_000 }, () => {
  it("accepts a page view with 202 and the worker stores it with a visitor hash and no IP", async () => {
    const page = `/api-test/${randomUUID()}`;
    const response = await track(
      { eventType: "page_view", eventData: { page, timestamp: new Date().toISOString() } },
      { ...visitor, referer: "https://search.example.org/?q=resveratrol" },
    );
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ queued: true });

    const stored = await vi.waitFor(async () => {
      const found = await rows("event_data->>'page' = $1", [page]);
      expect(found.length).toBeGreaterThan(0);
      return found;
    }, written);
    expect(stored).toHaveLength(1);
    const row = stored[0]!;
    expect(row.event_type).toBe("page_view");
    expect(row.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.browser).toBe("Chrome/desktop");
    expect(JSON.stringify(row)).not.toContain("X11");
    expect(row.referrer).toBe("https://search.example.org/?q=resveratrol");
    expectNoIp(row);
  });

  it("stores neither the full user agent nor the forwarded address, and no service logs them", async () => {
    // Both made unique to this run, so finding either anywhere means this request put it there.
    // Letters g to v only: hex such as "bb89" (or "BB10") reads as a BlackBerry to bowser. Drawn again
    // when the letters spell a word of the bot list ("url", "http", "rss": 0.7 % of draws), whose
    // events are answered alike and never stored.
    let build: string;
    let userAgent: string;
    do {
      build = `Q${[...randomUUID().replaceAll("-", "")].map((digit) => "ghijklmnopqrstuv"[parseInt(digit, 16)]).join("")}`;
      userAgent = `Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/${build}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36`;
    } while (isbot(userAgent));
    const forwarded = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
    const page = `/api-test/privacy/${randomUUID()}`;
    const response = await track(
      { eventType: "page_view", eventData: { page, timestamp: new Date().toISOString() } },
      { "user-agent": userAgent, "x-forwarded-for": forwarded, referer: "https://search.example.org/" },
    );
    expect(response.status).toBe(202);

    const stored = await vi.waitFor(async () => {
      const found = await rows("event_data->>'page' = $1", [page]);
      expect(found.length).toBeGreaterThan(0);
      return found;
    }, written);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.browser).toBe("Chrome/mobile");
    expect(Object.keys(stored[0]!)).not.toContain("user_agent");
    const row = JSON.stringify(stored[0]);
    for (const part of [build, "Pixel 8", "Android 14", "126.0.6478", forwarded]) expect(row).not.toContain(part);

    const logDir = path.resolve("test-results/logs");
    const logs = readdirSync(logDir).filter((name) => name.endsWith(".log"));
    expect(logs.length).toBeGreaterThan(0);
    for (const name of logs) {
      const text = readFileSync(path.join(logDir, name), "utf8");
      expect(text.includes(build), `${name} holds the user agent`).toBe(false);
      expect(text.includes(forwarded), `${name} holds the forwarded address`).toBe(false);
    }
  });

  it("refuses an affiliate click posted by a browser; the click /go/{slug} records is stored", async () => {
    const product = await firstProduct();
    const affiliateUrl = `https://shop.example.com/api-test?run=${randomUUID()}`;
    const forged = await track({
      eventType: "affiliate_click",
      productId: product.id,
      eventData: { productName: "Made-up product", affiliateUrl, timestamp: new Date().toISOString() },
    });
    expect(forged.status).toBe(400);
    expect((forged.body as { error: { details: Array<{ path: string }> } }).error.details[0]!.path).toBe(
      "body.eventType",
    );
    const withWrongSecret = await track(
      {
        eventType: "affiliate_click",
        productId: product.id,
        eventData: { productName: "Made-up product", affiliateUrl, timestamp: new Date().toISOString() },
      },
      { ...visitor, "x-internal-token": "x".repeat(43) },
    );
    expect(withWrongSecret.status).toBe(400);

    const marker = randomUUID();
    const redirect = await followLink(`/go/${product.slug}?run=${marker}`);
    expect(redirect.status).toBe(302);
    const stored = await vi.waitFor(async () => {
      // By name too: another suite may store a click for the same product id meanwhile.
      const found = await rows(
        "product_id = $1 and event_data->>'productName' = $2 and event_type = 'affiliate_click' and \"timestamp\" > now() - interval '1 minute'",
        [product.id, product.name],
      );
      expect(found.length).toBeGreaterThan(0);
      return found;
    }, written);
    expect((stored[0]!.event_data as { productName: string }).productName).toBe(product.name);
    expect(stored[0]!.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    expectNoIp(stored[0]!);
    expect(await rows("event_data->>'affiliateUrl' = $1", [affiliateUrl])).toHaveLength(0);
  });

  it("hashes a click with the salt of the day it was made, though it is handed over the day after", async () => {
    const product = await firstProduct();
    const marker = randomUUID();
    const viewed = await track({
      eventType: "page_view",
      eventData: { page: `/salt/${marker}`, timestamp: new Date().toISOString() },
    });
    expect(viewed.status).toBe(202);
    // As the catalog hands over clicks from its outbox: with the secret, the visitor named, an id and
    // the time the click was made.
    const handOver = async (madeAt: Date) => {
      const eventId = randomUUID();
      const answer = await track(
        {
          eventType: "affiliate_click",
          eventId,
          productId: product.id,
          eventData: {
            productName: product.name,
            affiliateUrl: `https://shop.example.com/salt?run=${marker}`,
            timestamp: madeAt.toISOString(),
          },
        },
        {
          "user-agent": BROWSER,
          "x-internal-token": process.env.INTERNAL_TOKEN!,
          // The page view's address: the gateway believes no forwarded address from this client.
          "x-visitor-address": "127.0.0.1",
        },
      );
      expect(answer.status).toBe(202);
      return eventId;
    };
    const [now, yesterday] = [await handOver(new Date()), await handOver(new Date(Date.now() - 30 * 3_600_000))];
    const hashes = await vi.waitFor(async () => {
      const found = await rows("event_data->>'page' = $1 or uid = any($2::uuid[])", [
        `/salt/${marker}`,
        [now, yesterday],
      ]);
      expect(found).toHaveLength(3);
      return Object.fromEntries(found.map((row) => [String(row.uid), String(row.visitor_hash)]));
    }, written);
    const clicks: string[] = [now, yesterday];
    const page = Object.entries(hashes).find(([uid]) => !clicks.includes(uid))![1];
    // The click made now is the page view's visitor; the one made the day before, under that day's salt, is not.
    expect(hashes[now]).toBe(page);
    expect(hashes[yesterday]).not.toBe(page);
  });

  it("answers a known bot, and a request without a user agent, 202 but stores nothing", async () => {
    const botPage = `/api-test/bot/${randomUUID()}`;
    const humanPage = `/api-test/after-bot/${randomUUID()}`;
    for (const userAgent of [BOT, ""]) {
      const bot = await track(
        { eventType: "page_view", eventData: { page: botPage, timestamp: new Date().toISOString() } },
        { ...visitor, "user-agent": userAgent },
      );
      expect(bot.status).toBe(202);
      expect(bot.body).toEqual({ queued: true });
    }
    // An event sent after the bot's is stored: by then the bot's would have been too.
    await track({ eventType: "page_view", eventData: { page: humanPage, timestamp: new Date().toISOString() } });
    const human = await vi.waitFor(async () => {
      const found = await rows("event_data->>'page' = $1", [humanPage]);
      expect(found.length).toBeGreaterThan(0);
      return found;
    }, written);
    expect(human).toHaveLength(1);
    expect(await rows("event_data->>'page' = $1", [botPage])).toHaveLength(0);
  });

  it("refuses an unknown event type, missing or unknown data and a body over 4 KB with the error envelope", async () => {
    const badType = await track({
      eventType: "purchase",
      eventData: { page: "/", timestamp: new Date().toISOString() },
    });
    expect(badType.status).toBe(400);
    expect((badType.body as { error: { code: string } }).error.code).toBe("validation_failed");

    const missing = await track({ eventType: "affiliate_click", eventData: { timestamp: new Date().toISOString() } });
    expect(missing.status).toBe(400);

    // A page view says what the tracker sends, and nothing else is kept from anyone.
    const extra = await track({
      eventType: "page_view",
      eventData: { page: "/", timestamp: new Date().toISOString(), nested: { a: [1, 2, 3] } },
    });
    expect(extra.status).toBe(400);

    const oversized = await track({
      eventType: "page_view",
      eventData: { page: "/", timestamp: new Date().toISOString(), padding: "x".repeat(5000) },
    });
    expect(oversized.status).toBe(413);
    expect((oversized.body as { error: { code: string } }).error.code).toBe("payload_too_large");
  });

  it("stores all of 200 events posted at once, written in a few multi-row inserts", async () => {
    const run = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        track({
          eventType: "page_view",
          eventData: { page: `/api-test/bulk/${run}/${i}`, timestamp: new Date().toISOString() },
        }),
      ),
    );
    expect(responses.every((r) => r.status === 202)).toBe(true);
    const count = async () =>
      Number(
        (
          await pool.query("select count(*) from analytics.events where event_data->>'page' like $1", [
            `/api-test/bulk/${run}/%`,
          ])
        ).rows[0].count,
      );
    await expect.poll(count, written).toBeGreaterThanOrEqual(200);
    expect(await count()).toBe(200);
    // Rows written by one INSERT share their transaction id (xmin): few distinct ids = few batches.
    const transactions = Number(
      (
        await pool.query("select count(distinct xmin::text) from analytics.events where event_data->>'page' like $1", [
          `/api-test/bulk/${run}/%`,
        ])
      ).rows[0].count,
    );
    // At most 200 rows per insert: all 200 may go in one.
    expect(transactions).toBeGreaterThanOrEqual(1);
    expect(transactions).toBeLessThanOrEqual(40);
  });

  it("stores a batch's page views once each, however often and however concurrently it is sent", async () => {
    const run = randomUUID();
    const events = Array.from({ length: 20 }, (_, i) => ({
      eventType: "page_view",
      eventId: randomUUID(),
      eventData: { page: `/api-test/batch/${run}/${i}`, timestamp: new Date().toISOString() },
    }));
    const send = async (json: unknown, headers: Record<string, string> = visitor) => {
      const response = await call("POST", "/api/analytics/track/batch", { json, headers });
      assertMatchesSpec("trackEvents", response);
      return response;
    };
    // As a beacon whose answers were lost sends it again, and as two tabs racing with the same events.
    const first = await Promise.all([send({ events }), send({ events }), send({ events: events.slice(0, 5) })]);
    expect(first.map((r) => r.status)).toEqual([202, 202, 202]);
    expect((await send({ events })).body).toEqual({ queued: true });
    // What a bot sends is answered alike and dropped.
    const bot = await send(
      {
        events: [
          {
            ...events[0]!,
            eventId: randomUUID(),
            eventData: { ...events[0]!.eventData, page: `/api-test/batch/${run}/bot` },
          },
        ],
      },
      { ...visitor, "user-agent": BOT },
    );
    expect(bot.status).toBe(202);
    const count = async () =>
      Number(
        (
          await pool.query("select count(*) from analytics.events where event_data->>'page' like $1", [
            `/api-test/batch/${run}/%`,
          ])
        ).rows[0].count,
      );
    await expect.poll(count, written).toBeGreaterThanOrEqual(20);
    // A marker sent after every copy: once it is stored, so is anything the copies could have added.
    const marker = await send({
      events: [
        {
          eventType: "page_view",
          eventId: randomUUID(),
          eventData: { page: `/api-test/batch/${run}/marker`, timestamp: new Date().toISOString() },
        },
      ],
    });
    expect(marker.status).toBe(202);
    await expect.poll(count, written).toBeGreaterThanOrEqual(21);
    expect(await count()).toBe(21);
    const stored = await rows("event_data->>'page' = $1", [`/api-test/batch/${run}/0`]);
    expect(stored).toHaveLength(1);
    expectNoIp(stored[0]!);

    const tooMany = await send({ events: [...events, { ...events[0]!, eventId: randomUUID() }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: { code: "validation_failed" } });
  });
});

describe("analytics reads", () => {
  it("refuses the summary without an admin session", async () => {
    const response = await call("GET", "/api/analytics/summary");
    assertMatchesSpec("getAnalyticsSummary", response);
    expect(response.status).toBe(401);
  });

  it("answers the reports' time zone to an admin only", async () => {
    const refused = await call("GET", "/api/analytics/time-zone");
    assertMatchesSpec("getAnalyticsTimeZone", refused);
    expect(refused.status).toBe(401);
    const cookie = await adminCookie();
    const zone = await call("GET", "/api/analytics/time-zone", { headers: { cookie } });
    assertMatchesSpec("getAnalyticsTimeZone", zone);
    const summary = await call<{ timeZone: string }>("GET", "/api/analytics/summary", { headers: { cookie } });
    // The topology runs with the service's default zone.
    expect(zone.body).toEqual({ timeZone: "UTC" });
    expect(summary.body.timeZone).toBe("UTC");
  });

  it("counts a click made through /go/{slug} in the summary and shows it, anonymised, in recent activity", async () => {
    const cookie = await adminCookie();
    const summary = async () => {
      const response = await call<Summary>("GET", "/api/analytics/summary", { headers: { cookie } });
      assertMatchesSpec("getAnalyticsSummary", response);
      expect(response.status).toBe(200);
      return response.body;
    };
    const today = new Date().toISOString().slice(0, 10);
    const todayClicks = (s: Summary) => s.clicksByDate.find((d) => d.date === today)?.clicks ?? 0;

    const before = await summary();
    expect(before.clicksByDate).toHaveLength(7);
    expect(before.clicksByDate.at(-1)!.date).toBe(today);
    for (let i = 1; i < 7; i++) {
      const gap = Date.parse(before.clicksByDate[i]!.date) - Date.parse(before.clicksByDate[i - 1]!.date);
      expect(gap).toBe(86_400_000);
    }

    const product = await firstProduct();
    const redirect = await followLink(`/go/${product.slug}`, { "accept-language": "de-DE,de;q=0.9" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toMatch(/^https:\/\//);

    const after = await vi.waitFor(async () => {
      const now = await summary();
      expect(now.totalClicks).toBeGreaterThan(before.totalClicks);
      expect(todayClicks(now)).toBeGreaterThan(todayClicks(before));
      return now;
    }, written);
    expect(after.totalClicks).toBeGreaterThanOrEqual(before.totalClicks + 1);
    expect(todayClicks(after)).toBeGreaterThanOrEqual(todayClicks(before) + 1);
    expect(after.clicksByDate).toHaveLength(7);
    expect(after.recentEvents.length).toBeLessThanOrEqual(20);
    expect(after.recentEvents.some((e) => e.product_name === product.name && e.event_type === "affiliate_click")).toBe(
      true,
    );
    expect(after.topProducts.length).toBeLessThanOrEqual(10);
    expect(after.topProducts.some((p) => p.productId === product.id && p.productName === product.name)).toBe(true);

    const activity = await call<Activity[]>("GET", "/api/analytics/recent-activity");
    assertMatchesSpec("getRecentActivity", activity);
    expect(activity.status).toBe(200);
    expect(activity.headers.get("cache-control")).toBe("public, max-age=30");
    expect(activity.body.length).toBeLessThanOrEqual(10);
    const mine = activity.body.find((a) => a.productSlug === product.slug && a.minutesAgo === 0);
    expect(mine).toEqual({ productName: product.name, productSlug: product.slug, country: "DE", minutesAgo: 0 });
    for (const entry of activity.body)
      expect(Object.keys(entry).sort()).toEqual(["country", "minutesAgo", "productName", "productSlug"]);
    expect(activity.text).not.toContain(visitorIp);
    expect(activity.text).not.toMatch(/[0-9a-f]{64}/);
  });
});
