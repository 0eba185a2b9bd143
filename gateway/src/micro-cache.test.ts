import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { rawRequest, type RawResponse as Raw } from "@rsv/kit/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMicroCache, type MicroCache } from "./micro-cache.js";
import { countryRequests, credentialRequests } from "./micro-cache.rules.js";
import { setVisitorCountry } from "./visitor-country.js";

/**
 * The embedded server's micro-cache in front of a stand-in service, over real HTTP: the same
 * rules the generated nginx config is held to in compression-caching.api.test.ts, and the lock,
 * the stale copy while refilling, the compressed copies and 304s.
 */

const ttlMs = 300;
// Well past the time to live: on a loaded machine a refill and the read beside it must both fall inside it.
const inactiveMs = 1500;
const calls = new Map<string, number>();
/** The X-Country each path last reached the service with. */
const countries = new Map<string, string>();
/** Requests that reached the server, before the cache decides anything. */
const arrived = new Map<string, number>();
let release: (() => void) | undefined;
let server: Server;
let base = "";
let cache: MicroCache;

/** The stand-in service: its answers' shape is chosen by the path. */
function service(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? "/";
  calls.set(url, (calls.get(url) ?? 0) + 1);
  countries.set(url, String(req.headers["x-country"] ?? ""));
  const answer = () => {
    res.setHeader("content-type", url.startsWith("/json") ? "application/json" : "text/html; charset=utf-8");
    res.setHeader("x-request-id", `service-${randomUUID()}`);
    if (url.startsWith("/cookie")) res.setHeader("set-cookie", "visitor=1; Path=/; HttpOnly");
    if (url.startsWith("/private")) res.setHeader("cache-control", "private, max-age=60");
    if (url.startsWith("/no-store")) res.setHeader("cache-control", "no-store");
    if (url.startsWith("/vary-star")) res.setHeader("vary", "*");
    if (url.startsWith("/by-cookie")) res.setHeader("vary", "Cookie");
    if (url.startsWith("/missing")) res.statusCode = 404;
    if (url.startsWith("/broken")) res.statusCode = 500;
    if (url.startsWith("/conditional") && req.headers["if-none-match"]) {
      // A service that answers 304 itself: the cache must still get the whole answer to store.
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader("etag", `"tag-${url}"`);
    const text = `<!doctype html><p>${url} ${req.method} ${req.headers.cookie ?? ""} ${calls.get(url)}</p>`;
    // Streamed in pieces, as a piped body would be.
    res.write(text);
    res.end("x".repeat(2000));
  };
  if (url.startsWith("/slow")) {
    release = answer;
    return;
  }
  answer();
}

function raw(urlPath: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return rawRequest(base, urlPath, { headers, method, body: method === "POST" ? "x" : undefined });
}

const unique = (prefix: string) => `/${prefix}-${randomUUID().slice(0, 8)}`;
/** Only for what must outlast a lifetime (the time to live, the inactive time): nothing but time does that. */
// eslint-disable-next-line no-restricted-syntax -- lets an entry's lifetime run out, which these tests are about
const outlive = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  cache = createMicroCache({ ttlMs, inactiveMs, lockTimeoutMs: 1000 });
  server = createServer((req, res) => {
    arrived.set(req.url ?? "/", (arrived.get(req.url ?? "/") ?? 0) + 1);
    res.setHeader("x-content-type-options", "nosniff");
    // As the embedded server does before its micro-cache.
    setVisitorCountry(req);
    cache.handle(req, res, service, (q, s) => {
      s.setHeader("x-passed-by", "1");
      service(q, s);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
});

describe("the embedded server's micro-cache", () => {
  it("stores a plain anonymous answer: the second request does not reach the service", async () => {
    const urlPath = unique("plain");
    const first = await raw(urlPath);
    const second = await raw(urlPath);
    expect(first.headers["x-cache-status"]).toBe("MISS");
    expect(second.headers["x-cache-status"]).toBe("HIT");
    expect(second.body.equals(first.body)).toBe(true);
    expect(calls.get(urlPath)).toBe(1);
    // The headers set before the cache are kept; the request id is each request's own.
    expect(second.headers["x-content-type-options"]).toBe("nosniff");
    expect(first.headers["x-request-id"]).toMatch(/^service-/);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    const mine = await raw(urlPath, { "x-request-id": "caller-id-12345" });
    expect(mine.headers["x-request-id"]).toBe("caller-id-12345");
  });

  it.each([
    ["/cookie", 200, ["visitor=1; Path=/; HttpOnly"]],
    ["/private", 200, undefined],
    ["/no-store", 200, undefined],
    ["/vary-star", 200, undefined],
    ["/broken", 500, undefined],
  ])("never stores %s", async (prefix, status, setCookie) => {
    const urlPath = unique(prefix.slice(1));
    const first = await raw(urlPath);
    const second = await raw(urlPath);
    expect(first.headers["x-cache-status"]).toBe("MISS");
    expect(second.headers["x-cache-status"]).toBe("MISS");
    expect(calls.get(urlPath)).toBe(2);
    expect(second.status).toBe(status);
    expect(second.headers["set-cookie"]).toEqual(setCookie);
  });

  it("stores a 404 as nginx does", async () => {
    const urlPath = unique("missing");
    await raw(urlPath);
    const second = await raw(urlPath);
    expect(second.status).toBe(404);
    expect(second.headers["x-cache-status"]).toBe("HIT");
  });

  it.each(credentialRequests)(
    "passes requests with %s by, and does not store their answers",
    async (_label, headers) => {
      const urlPath = unique("with-credentials");
      const first = await raw(urlPath, headers);
      const second = await raw(urlPath, headers);
      expect(first.headers["x-cache-status"]).toBe("BYPASS");
      expect(second.headers["x-cache-status"]).toBe("BYPASS");
      expect(second.headers["x-passed-by"]).toBe("1");
      expect(calls.get(urlPath)).toBe(2);
      expect((await raw(urlPath)).headers["x-cache-status"]).toBe("MISS");
    },
  );

  it.each(countryRequests)("keys on the visitor's country: %s", async (_label, headers, country) => {
    const urlPath = unique("country");
    await raw(urlPath, headers);
    expect(countries.get(urlPath)?.toUpperCase()).toBe(country);
    expect((await raw(urlPath, headers)).headers["x-cache-status"]).toBe("HIT");
    const elsewhere = await raw(urlPath, { "cf-ipcountry": country === "JP" ? "KR" : "JP" });
    expect(elsewhere.headers["x-cache-status"]).toBe("MISS");
    expect(calls.get(urlPath)).toBe(2);
  });

  it("does not hand a stored anonymous answer to a caller with a session", async () => {
    const urlPath = unique("plain");
    await raw(urlPath);
    expect((await raw(urlPath)).headers["x-cache-status"]).toBe("HIT");
    const admin = await raw(urlPath, { cookie: "rsv_session=abc" });
    expect(admin.headers["x-cache-status"]).toBe("BYPASS");
    expect(calls.get(urlPath)).toBe(2);
  });

  it("fetches a fresh copy on a hard reload and keeps it for the next reader", async () => {
    const urlPath = unique("reloaded");
    await raw(urlPath, { "cache-control": "no-cache" });
    const second = await raw(urlPath, { "cache-control": "no-cache" });
    expect(second.headers["x-cache-status"]).toBe("BYPASS");
    expect(calls.get(urlPath)).toBe(2);
    const next = await raw(urlPath);
    expect(next.headers["x-cache-status"]).toBe("HIT");
    expect(next.body.toString()).toContain(" 2</p>");
  });

  it("stores an answer for a reader whose cookies hold no session, one copy per Vary: Cookie value", async () => {
    const urlPath = unique("by-cookie");
    await raw(urlPath, { cookie: "rsv_lang=es; not_rsv_session=1" });
    const es = await raw(urlPath, { cookie: "rsv_lang=es; not_rsv_session=1" });
    expect(es.headers["x-cache-status"]).toBe("HIT");
    expect(es.body.toString()).toContain("rsv_lang=es");
    const en = await raw(urlPath, { cookie: "rsv_lang=en" });
    expect(en.headers["x-cache-status"]).toBe("MISS");
    expect(en.body.toString()).toContain("rsv_lang=en");
    expect((await raw(urlPath, { cookie: "rsv_lang=en" })).headers["x-cache-status"]).toBe("HIT");
    expect(calls.get(urlPath)).toBe(2);
  });

  it("keeps a copy for its lifetime, then refills it once while others get the old copy", async () => {
    const urlPath = `${unique("slow")}`;
    const first = raw(urlPath);
    await vi.waitFor(() => expect(calls.get(urlPath)).toBe(1));
    // Twenty readers while the first fill runs: they wait for it instead of reaching the service.
    const waiting = Promise.all(Array.from({ length: 20 }, () => raw(urlPath)));
    await vi.waitFor(() => expect(arrived.get(urlPath)).toBe(21));
    release!();
    const [one, many] = await Promise.all([first, waiting]);
    expect(one.headers["x-cache-status"]).toBe("MISS");
    expect(many.every((r) => r.headers["x-cache-status"] === "HIT" && r.body.equals(one.body))).toBe(true);
    expect(calls.get(urlPath)).toBe(1);
    await outlive(ttlMs + 20);
    const refill = raw(urlPath);
    // The old copy is kept only for its inactive time: ask again as soon as the refill is under way.
    await vi.waitFor(() => expect(calls.get(urlPath)).toBe(2), { interval: 5 });
    const stale = await raw(urlPath);
    expect(stale.headers["x-cache-status"]).toBe("UPDATING");
    expect(stale.body.equals(one.body)).toBe(true);
    release!();
    const refilled = await refill;
    expect(refilled.headers["x-cache-status"]).toBe("EXPIRED");
    expect(refilled.body.toString()).toContain(" 2</p>");
    expect(calls.get(urlPath)).toBe(2);
  });

  it("forgets every entry on purge, and neither stores nor shares an answer fetched while it happened", async () => {
    const urlPath = unique("missing-purged");
    await raw(urlPath);
    expect((await raw(urlPath)).headers["x-cache-status"]).toBe("HIT");
    cache.purge();
    const after = await raw(urlPath);
    expect(after.headers["x-cache-status"]).toBe("MISS");
    expect(calls.get(urlPath)).toBe(2);

    // A fill that began before the purge: its answer goes to its own caller only.
    const slowPath = unique("slow-purged");
    release = undefined;
    const before = raw(slowPath);
    await vi.waitFor(() => expect(release).toBeDefined());
    const answerBefore = release!;
    cache.purge();
    answerBefore();
    expect((await before).headers["x-cache-status"]).toBe("MISS");
    release = undefined;
    const next = raw(slowPath);
    await vi.waitFor(() => expect(release).toBeDefined());
    release!();
    expect((await next).headers["x-cache-status"]).toBe("MISS");
    expect(calls.get(slowPath)).toBe(2);
  });

  it("forgets an entry unused for its inactive time: no old copy after a quiet spell", async () => {
    const urlPath = unique("plain");
    await raw(urlPath);
    await outlive(inactiveMs + 100);
    const later = await raw(urlPath);
    expect(later.headers["x-cache-status"]).toBe("MISS");
    expect(later.body.toString()).toContain(" 2</p>");
  });

  it("answers by Accept-Encoding from copies made once, with Vary, and the text decodes whole", async () => {
    const urlPath = unique("json");
    const plain = await raw(urlPath);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    for (const [accept, expected] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const packed = await raw(urlPath, { "accept-encoding": accept });
      expect(packed.headers["x-cache-status"]).toBe("HIT");
      expect(packed.headers["content-encoding"]).toBe(expected);
      expect(Number(packed.headers["content-length"])).toBe(packed.body.length);
      const text =
        expected === "br"
          ? brotliDecompressSync(packed.body)
          : expected === "gzip"
            ? gunzipSync(packed.body)
            : packed.body;
      expect(text.equals(plain.body)).toBe(true);
      // A compressed copy is not byte for byte the stored answer: its tag is weak.
      expect(packed.headers.etag).toBe(expected ? `W/${plain.headers.etag}` : plain.headers.etag);
    }
    expect(calls.get(urlPath)).toBe(1);
  });

  it("answers a matching If-None-Match with 304 and no body, from the store or on a fill", async () => {
    const urlPath = unique("conditional");
    const tag = `"tag-${urlPath}"`;
    // On the fill the service is asked without the condition: the whole answer is stored.
    const filled = await raw(urlPath, { "if-none-match": tag });
    expect(filled.status).toBe(304);
    expect(filled.body.length).toBe(0);
    const full = await raw(urlPath);
    expect(full.status).toBe(200);
    expect(full.headers["x-cache-status"]).toBe("HIT");
    expect(full.body.length).toBeGreaterThan(2000);
    for (const accept of ["identity", "gzip"]) {
      const hit = await raw(urlPath, { "if-none-match": `W/${tag}`, "accept-encoding": accept });
      expect(hit.status).toBe(304);
      expect(hit.body.length).toBe(0);
      expect(hit.headers["x-cache-status"]).toBe("HIT");
      expect((await raw(urlPath, { "if-none-match": '"not-this-one"', "accept-encoding": accept })).status).toBe(200);
    }
    expect(calls.get(urlPath)).toBe(1);
  });

  it("answers a HEAD from the GET's entry, without a body", async () => {
    const urlPath = unique("plain");
    const head = await raw(urlPath, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const get = await raw(urlPath);
    expect(get.headers["x-cache-status"]).toBe("HIT");
    expect(get.body.toString()).toContain(" GET ");
    expect(Number(head.headers["content-length"])).toBe(get.body.length);
    expect(calls.get(urlPath)).toBe(1);
  });

  it("never caches a POST", async () => {
    const urlPath = unique("posted");
    await raw(urlPath, {}, "POST");
    const second = await raw(urlPath, {}, "POST");
    expect(second.headers["x-cache-status"]).toBe("BYPASS");
    expect(calls.get(urlPath)).toBe(2);
  });

  it("keys on the query string", async () => {
    const urlPath = unique("plain");
    await raw(`${urlPath}?lang=en`);
    const es = await raw(`${urlPath}?lang=es`);
    expect(es.headers["x-cache-status"]).toBe("MISS");
  });
});

describe("bounds", () => {
  it("keeps at most maxEntries entries, dropping the oldest", async () => {
    const cache = createMicroCache({ maxEntries: 2 });
    const small = createServer((req, res) =>
      cache.handle(
        req,
        res,
        (_q, s) => s.end("ok"),
        (_q, s) => s.end("passed"),
      ),
    );
    await new Promise<void>((resolve) => small.listen(0, "127.0.0.1", resolve));
    const at = `http://127.0.0.1:${(small.address() as AddressInfo).port}`;
    try {
      for (const p of ["/a", "/b", "/c"]) await fetch(`${at}${p}`).then((r) => r.text());
      expect(cache.size).toBe(2);
      expect((await fetch(`${at}/a`)).headers.get("x-cache-status")).toBe("MISS");
      expect((await fetch(`${at}/c`)).headers.get("x-cache-status")).toBe("HIT");
    } finally {
      small.close();
    }
  });
});
