import type { Server } from "node:http";
import { connect } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp } from "./app.js";
import { closeDb, createDb, type Knex } from "./db.js";
import { HttpError } from "./errors.js";
import { createRateLimits, type RateLimits } from "./rate-limit.js";
import { rawRequest, type RawResponse } from "./testing.js";

/**
 * A beacon's two paths (beacon.ts): the same bytes sent with a Content-Length (answered before Koa) and
 * chunked (answered by Koa) get the same answer, in every case the pipeline distinguishes. The
 * lean-path counter in /metrics tells which path took a request, so a test cannot pass by Koa taking both.
 * Two services: one behind a trusted proxy (loopback), whose callers are named in X-Forwarded-For,
 * each case its own so budgets do not mix; one trusting no proxy.
 */

const secret = "s".repeat(32);
const lines: string[] = [];
let db: Knex;
let rateLimits: RateLimits;
const servers: Server[] = [];
let proxied = "";
let direct = "";

interface Echo {
  queued: boolean;
  ip: string;
  hostname: string;
  referer: string;
}

async function start(trustedProxies: string[]): Promise<string> {
  const logger = pino({ level: "info", base: { service: "kit-test" } }, { write: (line: string) => lines.push(line) });
  const app = createServiceApp({
    name: "kit-test",
    logger,
    db,
    resolveSession: () => Promise.resolve(null),
    trustedProxies,
    rateLimits,
    internalToken: secret,
    jsonLimit: "4kb",
    routes: (router) => {
      router.beacon("trackEvent", (ctx, { body }) => {
        ctx.state.quiet = true;
        const page = (body.eventData as { page?: string } | undefined)?.page;
        if (page === "/unavailable") throw new HttpError(503, "unavailable", "Try again later");
        if (page === "/crash") throw new Error("a bug");
        if (page === "/no-json") {
          ctx.status = 202;
          ctx.body = { count: BigInt(1) };
          return;
        }
        ctx.status = 202;
        ctx.body = { queued: true, ip: ctx.ip, hostname: ctx.hostname, referer: ctx.get("referer") } satisfies Echo;
      });
    },
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

beforeAll(async () => {
  db = createDb({ databaseUrl: "postgres://127.0.0.1:9/unused", dataDir: "" });
  rateLimits = createRateLimits(undefined, pino({ level: "silent" }));
  proxied = await start(["loopback"]);
  direct = await start([]);
}, 30_000);

afterAll(async () => {
  for (const server of servers) server.close();
  await rateLimits?.close();
  if (db) await closeDb(db);
});

const view = (page: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ eventType: "page_view", eventData: { page, timestamp: "2026-11-27T10:00:00.000Z", ...extra } });

/** Requests the lean path answered on a service so far, from its /metrics. */
async function leanCount(base: string): Promise<number> {
  const text = (await rawRequest(base, "/metrics")).body.toString();
  const line = text.split("\n").find((l) => l.startsWith("http_beacon_lean_requests_total{"));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

interface Sent {
  status: number;
  body: unknown;
  headers: RawResponse["headers"];
}

const read = (response: RawResponse): Sent => ({
  status: response.status,
  body: response.body.length ? JSON.parse(response.body.toString()) : undefined,
  headers: response.headers,
});

/** The request sent with a Content-Length, then chunked: the two answers, and how many the lean path took. */
async function bothWays(
  body: string,
  headers: Record<string, string> = {},
  base = proxied,
): Promise<{ lean: Sent; koa: Sent; leanServed: number }> {
  const send = (extra: Record<string, string>) =>
    rawRequest(base, "/api/analytics/track", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers, ...extra },
      body,
    });
  const before = await leanCount(base);
  const lean = read(await send({}));
  const koa = read(await send({ "transfer-encoding": "chunked" }));
  return { lean, koa, leanServed: (await leanCount(base)) - before };
}

/** A caller of its own behind the trusted proxy, so that no case spends another's budget. */
let callers = 0;
const caller = () => ({ "x-forwarded-for": `198.51.100.${++callers}` });

describe("a beacon answers the same on both paths", () => {
  const cases: Array<[string, string, number]> = [
    ["a page view", view("/reviews/a"), 202],
    ["JSON cut short", '{"eventType":', 400],
    ["a JSON string, not an object", '"page_view"', 400],
    ["a page view after a byte-order mark", `\uFEFF${view("/bom")}`, 202],
    ["an empty body", "", 400],
    ["a __proto__ key", `{"__proto__":{"polluted":1},"eventType":"page_view"}`, 400],
    ["a NUL character", view("/a\u0000b"), 400],
    ["JSON nested 70 levels", view("/deep", { extra: JSON.parse(`${"[".repeat(70)}${"]".repeat(70)}`) }), 400],
    ["an event the contract does not know", JSON.stringify({ eventType: "purchase", eventData: {} }), 400],
    ["the handler's own refusal", view("/unavailable"), 503],
    ["a failure in the handler", view("/crash"), 500],
  ];

  it.each(cases)("%s", async (_name, body, status) => {
    const { lean, koa, leanServed } = await bothWays(body, caller());
    expect(leanServed).toBe(1);
    expect(lean.status).toBe(status);
    expect(lean.body).toEqual(koa.body);
    expect(koa.status).toBe(status);
    expect(lean.headers["content-type"]).toBe(koa.headers["content-type"]);
    expect(lean.headers["retry-after"]).toBe(koa.headers["retry-after"]);
  });

  it("the caller, host and referrer: from a trusted proxy's headers, and without them", async () => {
    const forwarded = {
      "x-forwarded-for": "203.0.113.9, 198.51.100.200",
      "x-forwarded-host": "www.example.org",
      referer: "https://search.example/",
    };
    const behindProxy = await bothWays(view("/who"), forwarded);
    expect(behindProxy.leanServed).toBe(1);
    expect(behindProxy.lean.body).toEqual({
      queued: true,
      ip: "198.51.100.200",
      hostname: "www.example.org",
      referer: "https://search.example/",
    });
    expect(behindProxy.koa.body).toEqual(behindProxy.lean.body);
    // A peer that is no trusted proxy: its forwarded headers are its own claim.
    const untrusted = await bothWays(view("/who"), forwarded, direct);
    expect(untrusted.leanServed).toBe(1);
    expect(untrusted.lean.body).toMatchObject({ ip: "127.0.0.1", hostname: "127.0.0.1" });
    expect(untrusted.koa.body).toEqual(untrusted.lean.body);
  });

  it("a visitor named by the site's own process with the secret", async () => {
    const named = { "x-internal-token": secret, "x-visitor-address": "192.0.2.44" };
    const { lean, koa } = await bothWays(view("/named"), named, direct);
    expect(lean.body).toMatchObject({ ip: "192.0.2.44" });
    expect(koa.body).toEqual(lean.body);
  });

  it("the request id: a well-formed one comes back, another is replaced by a new one", async () => {
    const kept = await bothWays(view("/id"), { ...caller(), "x-request-id": "beacon-request-0001" });
    expect(kept.lean.headers["x-request-id"]).toBe("beacon-request-0001");
    expect(kept.koa.headers["x-request-id"]).toBe("beacon-request-0001");
    const replaced = await bothWays(view("/id"), { ...caller(), "x-request-id": "bad id!" });
    expect(replaced.lean.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(replaced.koa.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a spent budget: 429 with Retry-After on both paths", async () => {
    const who = caller();
    // The contract's budget for trackEvent is 120 a minute; each bothWays spends two.
    for (let i = 0; i < 60; i++) expect((await bothWays(view(`/budget/${i}`), who)).lean.status).toBe(202);
    const { lean, koa, leanServed } = await bothWays(view("/budget/over"), who);
    expect(leanServed).toBe(1);
    expect([lean.status, koa.status]).toEqual([429, 429]);
    expect(lean.body).toEqual(koa.body);
    expect(Number(lean.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("failures have their access line and a crash its error line; successes are quiet", async () => {
    lines.length = 0;
    await bothWays(view("/quiet"), { ...caller(), "x-request-id": "beacon-quiet-0001" });
    await bothWays('{"eventType":', { ...caller(), "x-request-id": "beacon-refused-01" });
    await bothWays(view("/crash"), { ...caller(), "x-request-id": "beacon-crash-0001" });
    const logged = (id: string) =>
      lines
        .map((line) => JSON.parse(line) as { reqId?: string; msg: string; status?: number; level: number })
        .filter((line) => line.reqId === id)
        .map((line) => `${line.level} ${line.msg} ${line.status ?? ""}`.trim());
    expect(logged("beacon-quiet-0001")).toEqual([]);
    expect(logged("beacon-refused-01")).toEqual(["30 request 400", "30 request 400"]);
    expect(logged("beacon-crash-0001")).toEqual([
      "50 request failed",
      "30 request 500",
      "50 request failed",
      "30 request 500",
    ]);
  });
});

describe("a caller that goes away mid-body", () => {
  /** Sends the head and the start of a body on a connection of its own, then closes its side. */
  async function leaveMidBody(requestId: string, framing: string, partial: string): Promise<void> {
    const socket = connect(Number(new URL(direct).port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.end(
      "POST /api/analytics/track HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        `${framing}\r\nX-Request-Id: ${requestId}\r\n\r\n${partial}`,
    );
  }
  const logged = () => lines.map((line) => JSON.parse(line) as { reqId?: string; status?: number; msg: string });

  it("gets the 400 line Koa's path logs for it, and the next beacon is served", async () => {
    await leaveMidBody("beacon-gone-lean01", "Content-Length: 200", '{"eventType":');
    await leaveMidBody("beacon-gone-koa001", "Transfer-Encoding: chunked", 'd\r\n{"eventType":\r\n');
    await expect.poll(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reqId: "beacon-gone-lean01", status: 400 }),
        expect.objectContaining({ reqId: "beacon-gone-koa001", status: 400 }),
        // Koa also hears of the broken body outside the middleware: a JSON line, not a bare stack.
        expect.objectContaining({ reqId: "beacon-gone-koa001", msg: "request failed outside the handlers" }),
      ]),
    );
    const next = await bothWays(view("/after"), {}, direct);
    expect([next.lean.status, next.koa.status, next.leanServed]).toEqual([202, 202, 1]);
  });
});

describe("an answer that is not JSON", () => {
  it("is a 500 in the envelope, logged, and the service keeps answering", async () => {
    lines.length = 0;
    const sent = await rawRequest(direct, "/api/analytics/track", {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "beacon-no-json-01" },
      body: view("/no-json"),
    });
    expect(sent.status).toBe(500);
    expect(JSON.parse(sent.body.toString())).toEqual({
      error: { code: "internal", message: "Something went wrong on our side" },
    });
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string; level: number });
    expect(logged.filter((line) => line.reqId === "beacon-no-json-01").map((line) => line.msg)).toEqual([
      "request failed",
      "request",
    ]);
    expect((await bothWays(view("/after-no-json"), {}, direct)).lean.status).toBe(202);
  });
});

describe("what the lean path leaves to Koa", () => {
  const post = (body: string, headers: Record<string, string>, urlPath = "/api/analytics/track") =>
    rawRequest(proxied, urlPath, {
      method: "POST",
      headers: { "content-type": "application/json", ...caller(), ...headers },
      body,
    });

  it("a body over the limit (413), another type, a compressed body, a query string", async () => {
    const before = await leanCount(proxied);
    const large = await post(view(`/${"x".repeat(5000)}`), {});
    expect(large.status).toBe(413);
    expect(JSON.parse(large.body.toString())).toMatchObject({ error: { code: "payload_too_large" } });
    expect((await post(view("/latin1"), { "content-type": "application/json; charset=iso-8859-1" })).status).toBe(202);
    expect((await post(view("/text"), { "content-type": "text/plain" })).status).toBe(400);
    expect((await post(view("/gzip"), { "content-encoding": "gzip" })).status).toBe(400);
    expect((await post(view("/query"), {}, "/api/analytics/track?ref=x")).status).toBe(202);
    expect(await leanCount(proxied)).toBe(before);
  });
});
