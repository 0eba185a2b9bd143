import type { Server } from "node:http";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp } from "./app.js";
import { closeDb, createDb, type Knex } from "./db.js";
import { createRateLimits, type RateLimits } from "./rate-limit.js";
import { rawRequest } from "./testing.js";

/**
 * The kit's request pipeline as every service runs it, with one operation bound (the newsletter
 * sign-up: a JSON body and a budget per caller). None of these rules reaches the database: its pool
 * (no connection until a query) points nowhere, and no test asks /readyz.
 */

const secret = "s".repeat(32);
const lines: string[] = [];
let db: Knex;
let rateLimits: RateLimits;
let server: Server;
let base = "";

beforeAll(async () => {
  db = createDb({ databaseUrl: "postgres://127.0.0.1:9/unused", dataDir: "" });
  const logger = pino({ level: "info", base: { service: "kit-test" } }, { write: (line: string) => lines.push(line) });
  rateLimits = createRateLimits(undefined, logger);
  const app = createServiceApp({
    name: "kit-test",
    logger,
    db,
    resolveSession: () => Promise.resolve(null),
    trustedProxies: [],
    rateLimits,
    internalToken: secret,
    routes: (router) => {
      router.on("subscribe", (ctx, { body }) => {
        ctx.status = 202;
        ctx.body = { status: "received", email: body.email };
      });
      // As the analytics beacon binds it: its successes need no access line.
      router.on("trackEvent", (ctx) => {
        ctx.state.quiet = true;
        ctx.status = 202;
        ctx.body = { queued: true };
      });
    },
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // Compiling the contract's validators: seconds on a loaded machine.
}, 30_000);

afterAll(async () => {
  server?.close();
  await rateLimits?.close();
  if (db) await closeDb(db);
});

const subscribe = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/newsletter`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });

/** `{"email": [[...]]}` nested `depth` levels deep in all (the outer object is the first). */
const nested = (depth: number, inner = "[]") => `{"email":${"[".repeat(depth - 2)}${inner}${"]".repeat(depth - 2)}}`;

describe("a JSON body nested deeper than any the contract describes", () => {
  it("20,000 levels: 400 in the error envelope, and no stack trace in the log", async () => {
    const requestId = `deep-json-${Date.now()}`;
    const response = await subscribe(nested(20_000), { "x-request-id": requestId });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "validation_failed", message: expect.stringMatching(/nested more than 64 levels/) },
    });
    const logged = lines.filter((line) => line.includes(requestId)).map((line) => JSON.parse(line));
    expect(logged).toEqual([expect.objectContaining({ level: 30, status: 400, msg: "request" })]);
    expect(lines.join("")).not.toMatch(/RangeError|stack/);
  });

  it("64 levels pass the depth check and reach validation; 65 do not", async () => {
    const atLimit = await subscribe(nested(64));
    expect(atLimit.status).toBe(400);
    expect(((await atLimit.json()) as { error: { message: string } }).error.message).not.toMatch(/nested/);
    const beyond = await subscribe(nested(65));
    expect(((await beyond.json()) as { error: { message: string } }).error.message).toMatch(/nested more than 64/);
  });

  it("a NUL character as deep as the limit allows is still refused", async () => {
    const response = await subscribe(nested(64, '["a\\u0000"]'));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/NUL/);
  });

  it.each([
    ['{"email":"a\\u0000b"}', "body.email", "contains a NUL character"],
    ['{"email":["ok",{"x":"b\\u0000"}]}', "body.email.1.x", "contains a NUL character"],
    ['{"email":"a@example.org","isActive":{"k\\u0000":1}}', "body.isActive", "a key contains a NUL character"],
  ])("a NUL character in %s is named by its path", async (body, path, message) => {
    const response = await subscribe(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "validation_failed",
        message: "Text must not contain NUL characters",
        details: [{ path, message }],
      },
    });
  });
});

describe("budgets for calls from the site's own processes", () => {
  const valid = JSON.stringify({ email: "reader@example.org", isActive: true });
  /** `count` sign-ups one after another from the local address `from`, each with its headers; their statuses. */
  const inTurn = async (from: string, count: number, headers: (i: number) => Record<string, string>) => {
    const answers: number[] = [];
    for (let i = 0; i < count; i++) {
      const response = await rawRequest(base, "/api/newsletter", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers(i) },
        body: valid,
        from,
      });
      answers.push(response.status);
    }
    return answers;
  };

  it("a call for a visitor is counted on that visitor: 12 for one visitor, the last 2 refused", async () => {
    const answers = await inTurn("127.0.0.11", 12, () => ({
      "x-internal-token": secret,
      "x-visitor-address": "198.51.100.1",
    }));
    expect(answers).toEqual([...Array<number>(10).fill(202), 429, 429]);
  });

  it("calls for 12 different visitors each have their own budget", async () => {
    const answers = await inTurn("127.0.0.12", 12, (i) => ({
      "x-internal-token": secret,
      "x-visitor-address": `198.51.100.${20 + i}`,
    }));
    expect(answers).toEqual(Array<number>(12).fill(202));
  });

  it("a visitor named without the secret is not believed: the caller's own budget is spent", async () => {
    const answers = await inTurn("127.0.0.13", 12, (i) => ({ "x-visitor-address": `203.0.113.${i + 1}` }));
    expect(answers).toEqual([...Array<number>(10).fill(202), 429, 429]);
  });
});

describe("what a write's answer costs", () => {
  const view = (page: string) =>
    JSON.stringify({ eventType: "page_view", eventData: { page, timestamp: new Date().toISOString() } });
  const track = (body: string) =>
    fetch(`${base}/api/analytics/track`, { method: "POST", headers: { "content-type": "application/json" }, body });
  const accessLines = (path: string) =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number })
      .filter((line) => line.msg === "request" && line.path === path);

  it("no ETag on a write's answer: nothing revalidates it, so its body is not hashed", async () => {
    const written = await subscribe(JSON.stringify({ email: "etag@example.com" }));
    expect(written.status).toBe(202);
    expect(written.headers.get("etag")).toBeNull();
    expect((await track(view("/etag"))).headers.get("etag")).toBeNull();
  });

  it("a quiet operation logs its failures only; every other request has its access line", async () => {
    lines.length = 0;
    expect((await track(view("/quiet"))).status).toBe(202);
    expect((await track('{"eventType":"page_view"}')).status).toBe(400);
    expect((await subscribe(JSON.stringify({ email: "loud@example.com" }))).status).toBe(202);
    expect(accessLines("/api/analytics/track").map((line) => line.status)).toEqual([400]);
    expect(accessLines("/api/newsletter").map((line) => line.status)).toEqual([202]);
  });
});
