import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import Koa from "koa";
import { describe, expect, it } from "vitest";
import { ReadCache, carriesSession, readCacheKey, strongEtag } from "./read-cache.js";
import { cacheGeneration } from "./runtime/cache-generation.js";
import { rawRequest } from "./testing.js";

const catalogue = Array.from({ length: 40 }, (_, i) => ({
  id: i,
  name: `Product ${i}`,
  text: "resveratrol ".repeat(20),
}));

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("read cache", () => {
  it("orders the query by name so spellings of one read share a key, keeping repeated values in order", () => {
    expect(readCacheKey("/api/products", "")).toBe("/api/products");
    expect(readCacheKey("/api/products", "lang=es")).toBe("/api/products?lang=es");
    expect(readCacheKey("/api/products", "sort=price-asc&lang=es")).toBe(
      readCacheKey("/api/products", "lang=es&sort=price-asc"),
    );
    expect(readCacheKey("/api/x", "b=2&a=1&b=1")).toBe("/api/x?a=1&b=2&b=1");
    expect(readCacheKey("/api/x", "b=2&a=1&b=1")).not.toBe(readCacheKey("/api/x", "b=1&a=1&b=2"));
    expect(readCacheKey("/api/blog", "published=true")).not.toBe(readCacheKey("/api/blog", "published=false"));
  });

  it("recognises the session cookie under either of its names, and nothing else", () => {
    expect(carriesSession(undefined)).toBe(false);
    expect(carriesSession("theme=dark")).toBe(false);
    expect(carriesSession("not_rsv_session=1")).toBe(false);
    expect(carriesSession("rsv_session=abc")).toBe(true);
    expect(carriesSession("theme=dark; __Host-rsv_session=abc")).toBe(true);
    expect(carriesSession("theme=dark;rsv_session=abc")).toBe(true);
  });

  it("makes the ETag @koa/etag makes for the same bytes", () => {
    const etag = createRequire(import.meta.url)("etag") as (entity: Buffer) => string;
    const body = Buffer.from(JSON.stringify(catalogue));
    expect(strongEtag(body)).toBe(etag(body));
  });

  it("keeps an answer for its lifetime, then no longer", () => {
    const time = clock();
    const cache = new ReadCache({ ttlMs: 1_000, now: time.now });
    const entry = cache.store(cache.begin("/a"), "listProducts", catalogue)!;
    expect(entry.body.toString()).toBe(JSON.stringify(catalogue));
    expect(entry.etag).toBe(strongEtag(entry.body));
    time.advance(999);
    expect(cache.get("/a")).toBe(entry);
    time.advance(1);
    expect(cache.get("/a")).toBeUndefined();
  });

  it("forgets everything on a write, and never keeps an answer computed while a write ran", () => {
    const cache = new ReadCache({ ttlMs: 60_000 });
    cache.store(cache.begin("/a"), "listProducts", catalogue);
    const started = cache.begin("/b");
    cache.clear();
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.store(started, "listProducts", ["old"])).toBeUndefined();
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.store(cache.begin("/b"), "listProducts", ["new"])).toBeDefined();
    expect(cache.get("/b")?.body.toString()).toBe('["new"]');
  });

  it("keeps nothing with no lifetime", () => {
    const cache = new ReadCache({ ttlMs: 0 });
    expect(cache.enabled).toBe(false);
    expect(cache.store(cache.begin("/a"), "listProducts", catalogue)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("compresses once per encoding, decoding to the same JSON, and not below the threshold", () => {
    const cache = new ReadCache({ ttlMs: 60_000 });
    const entry = cache.store(cache.begin("/a"), "listProducts", catalogue)!;
    const gzip = cache.encoded(entry, "gzip");
    const br = cache.encoded(entry, "br");
    expect(cache.encoded(entry, "gzip")).toBe(gzip);
    expect(cache.encoded(entry, "br")).toBe(br);
    expect(gunzipSync(gzip).equals(entry.body)).toBe(true);
    expect(brotliDecompressSync(br).equals(entry.body)).toBe(true);
    expect(br.length).toBeLessThan(entry.body.length / 4);
    const small = cache.store(cache.begin("/b"), "getSiteSettings", { a: 1 })!;
    expect(cache.encoded(small, "gzip")).toBe(small.body);
  });

  it("reuses the compressed bodies when a refill finds the same bytes", () => {
    const time = clock();
    const cache = new ReadCache({ ttlMs: 1_000, now: time.now });
    const first = cache.store(cache.begin("/a"), "listProducts", catalogue)!;
    const gzip = cache.encoded(first, "gzip");
    time.advance(2_000);
    const same = cache.store(cache.begin("/a"), "listProducts", catalogue)!;
    expect(same).not.toBe(first);
    expect(same.gzip).toBe(gzip);
    const changed = cache.store(cache.begin("/a"), "listProducts", [...catalogue, { id: 99 }])!;
    expect(changed.etag).not.toBe(first.etag);
    expect(changed.gzip).toBeUndefined();
  });

  it("counts each compressed body once towards its bound, and nothing once dropped", () => {
    const cache = new ReadCache({ ttlMs: 60_000 });
    const entry = cache.store(cache.begin("/a"), "listProducts", catalogue)!;
    for (let i = 0; i < 50; i++) {
      cache.encoded(entry, "gzip");
      cache.encoded(entry, "br");
    }
    expect(cache.byteSize).toBe(entry.body.length + entry.gzip!.length + entry.br!.length);
    cache.clear();
    expect(cache.byteSize).toBe(0);
    cache.encoded(cache.store(cache.begin("/b"), "listProducts", catalogue)!, "gzip");
    cache.encoded(entry, "identity");
    const again = cache.store(cache.begin("/b"), "listProducts", catalogue)!;
    expect(cache.byteSize).toBe(again.body.length + again.gzip!.length);
  });

  it("stays within its bounds, dropping the oldest entries first", () => {
    const cache = new ReadCache({ ttlMs: 60_000, maxEntries: 3 });
    for (const key of ["/1", "/2", "/3", "/4"]) cache.store(cache.begin(key), "getProduct", { key });
    expect(cache.size).toBe(3);
    expect(cache.get("/1")).toBeUndefined();
    expect(cache.get("/4")).toBeDefined();

    const bytes = Buffer.byteLength(JSON.stringify(catalogue));
    const bounded = new ReadCache({ ttlMs: 60_000, maxBytes: bytes * 2.5 });
    for (const key of ["/1", "/2", "/3"]) bounded.store(bounded.begin(key), "listProducts", catalogue);
    expect(bounded.get("/1")).toBeUndefined();
    expect(bounded.get("/2")).toBeDefined();
    expect(bounded.get("/3")).toBeDefined();
  });
});

describe("read cache in front of handlers", () => {
  /** A Koa app with the cache in front of one handler that counts its runs, as the kit wires it. */
  async function serveWith(cache: ReadCache, handler: (ctx: Koa.Context) => Promise<void> | void) {
    let runs = 0;
    const app = new Koa();
    app.use(cache.middleware());
    app.use(async (ctx) => {
      runs += 1;
      await handler(ctx);
      cache.offer(ctx, "listProducts");
    });
    const server = app.listen(0);
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
      rawRequest(`http://127.0.0.1:${port}`, path, { headers, method });
    return {
      get,
      runs: () => runs,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it("drops every entry when the gateway's generation shows a write it passed to another replica", async () => {
    const cache = new ReadCache({ ttlMs: 60_000 });
    const app = await serveWith(cache, (ctx) => {
      ctx.body = catalogue;
    });
    const through = (count: number) => ({ "x-cache-generation": cacheGeneration(1000, count) });
    try {
      await app.get("/api/products", through(0));
      expect((await app.get("/api/products", through(0))).headers["x-read-cache"]).toBe("hit");
      expect((await app.get("/api/products", through(1))).headers["x-read-cache"]).toBe("miss");
      // A request that left the gateway before the write, or came through none, changes nothing.
      expect((await app.get("/api/products", through(0))).headers["x-read-cache"]).toBe("hit");
      expect((await app.get("/api/products")).headers["x-read-cache"]).toBe("hit");
      expect(app.runs()).toBe(2);
    } finally {
      await app.close();
    }
  });

  it("answers a repeated read from the entry, with the same bytes, ETag and a 304 for either form of it", async () => {
    const cache = new ReadCache({ ttlMs: 60_000 });
    const app = await serveWith(cache, (ctx) => {
      ctx.body = catalogue;
    });
    try {
      const first = await app.get("/api/products?lang=es");
      const second = await app.get("/api/products?lang=es");
      expect([first.headers["x-read-cache"], second.headers["x-read-cache"]]).toEqual(["miss", "hit"]);
      expect(second.body.toString()).toBe(JSON.stringify(catalogue));
      expect(second.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(second.headers.vary).toMatch(/accept-encoding/i);
      const etag = second.headers.etag!;
      expect(etag).toBe(first.headers.etag);
      expect(etag).toBe(strongEtag(Buffer.from(JSON.stringify(catalogue))));
      expect((await app.get("/api/products?lang=es", { "if-none-match": etag })).status).toBe(304);
      expect((await app.get("/api/products?lang=es", { "if-none-match": `W/${etag}` })).status).toBe(304);
      expect((await app.get("/api/products?lang=es", { "if-none-match": '"other"' })).status).toBe(200);
      const head = await app.get("/api/products?lang=es", {}, "HEAD");
      expect(head.status).toBe(200);
      expect(head.headers["x-read-cache"]).toBe("hit");
      expect(head.body.length).toBe(0);
      expect(app.runs()).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("sends brotli or gzip made once, marked weak as nginx marks what it compresses", async () => {
    const cache = new ReadCache({ ttlMs: 60_000 });
    const app = await serveWith(cache, (ctx) => {
      ctx.body = catalogue;
    });
    const raw = (encoding: string) => app.get("/api/products", { "accept-encoding": encoding });
    try {
      const plain = await raw("identity");
      const gzip = await raw("gzip");
      const br = await raw("gzip, deflate, br");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(gzip.headers.etag).toBe(`W/${plain.headers.etag}`);
      expect(Number(br.headers["content-length"])).toBe(br.body.length);
      const again = await app.get("/api/products", { "accept-encoding": "gzip", "if-none-match": gzip.headers.etag! });
      expect(again.status).toBe(304);
      expect(app.runs()).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("keeps no error, no redirect, no answer that sets a cookie or is private, and nothing for a session", async () => {
    const cache = new ReadCache({ ttlMs: 60_000 });
    const app = await serveWith(cache, (ctx) => {
      if (ctx.path === "/missing") {
        ctx.status = 404;
        ctx.body = { error: { code: "not_found", message: "Not found" } };
      } else if (ctx.path === "/redirect") ctx.redirect("/elsewhere");
      else if (ctx.path === "/cookie") {
        ctx.cookies.set("seen", "1");
        ctx.body = { cookie: true };
      } else if (ctx.path === "/private") {
        ctx.set("Cache-Control", "private, no-store");
        ctx.body = { drafts: true };
      } else if (ctx.path === "/text") ctx.body = "plain";
      else ctx.body = { viewer: ctx.get("cookie") || "anonymous" };
    });
    try {
      for (const path of ["/missing", "/redirect", "/cookie", "/private", "/text"]) {
        await app.get(path, {});
        const second = await app.get(path, {});
        expect(second.headers["x-read-cache"], path).toBeUndefined();
      }
      expect(cache.size).toBe(0);
      // An admin's read is neither kept nor served from what visitors got.
      const admin = await app.get("/who", { cookie: "rsv_session=secret" });
      expect(JSON.parse(admin.body.toString())).toEqual({ viewer: "rsv_session=secret" });
      expect(cache.size).toBe(0);
      await app.get("/who");
      const adminAgain = await app.get("/who", { cookie: "__Host-rsv_session=secret" });
      expect(adminAgain.headers["x-read-cache"]).toBeUndefined();
      expect(JSON.parse(adminAgain.body.toString())).toEqual({ viewer: "__Host-rsv_session=secret" });
      expect((await app.get("/who")).headers["x-read-cache"]).toBe("hit");
    } finally {
      await app.close();
    }
  });

  it("refills an expired entry once for callers arriving together", async () => {
    const time = clock();
    const cache = new ReadCache({ ttlMs: 1_000, now: time.now });
    let version = 0;
    const app = await serveWith(cache, async (ctx) => {
      // eslint-disable-next-line no-restricted-syntax -- a slow read, so the callers arrive while it runs
      await new Promise((resolve) => setTimeout(resolve, 50));
      ctx.body = { version };
    });
    try {
      await app.get("/api/products");
      expect(app.runs()).toBe(1);
      time.advance(1_000);
      version = 1;
      const answers = await Promise.all(Array.from({ length: 5 }, () => app.get("/api/products")));
      const bodies = answers.map((answer) => JSON.parse(answer.body.toString()) as unknown);
      expect(bodies).toEqual(Array.from({ length: 5 }, () => ({ version: 1 })));
      expect(app.runs()).toBe(2);
    } finally {
      await app.close();
    }
  });
});
