import { randomUUID } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { BlogPost, Product } from "@rsv/api/client";
import {
  adminCookie,
  call,
  gatewayUrl,
  rawGet as rawGetFrom,
  type RawResponse as Raw,
  firstMade,
} from "@rsv/kit/testing";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The services' read cache (hot public reads kept as ready bytes, @rsv/kit's read-cache.ts) seen
 * through the gateway with nginx's micro-cache bypassed: a write shows at once on the replica that
 * took it, 304 and encodings come out right once through nginx, and what an admin sees is never kept.
 */

/** Past nginx's micro-cache (a caller with credentials always reaches the service). */
const bypass = { authorization: "Bearer read-cache-test" };

/** Through the gateway, the body exactly as sent. */
const rawGet = (urlPath: string, headers: Record<string, string> = {}) => rawGetFrom(gatewayUrl(), urlPath, headers);

const json = <T>(response: Raw) => JSON.parse(response.body.toString("utf8")) as T;

/**
 * A read answered from the kept bytes: read, then read again. Any write a service handles clears its
 * cache, and the suites running beside this one write, so a pair spoilt by one is tried again.
 */
async function keptRead(path: string) {
  let second = await rawGet(path, bypass);
  for (let attempt = 0; attempt < 5 && second.headers["x-read-cache"] !== "hit"; attempt++) {
    await rawGet(path, bypass);
    second = await rawGet(path, bypass);
  }
  return second;
}

describe("the services' read cache, through the gateway", () => {
  let cookie = "";

  beforeAll(async () => {
    cookie = await adminCookie();
  });

  it("answers a repeated public read from its kept bytes, with the same ETag, and 304 when the caller has it", async () => {
    for (const path of [
      "/api/products?lang=es",
      "/api/products/facets",
      "/api/blog?published=true",
      "/api/site-settings",
    ]) {
      const second = await keptRead(path);
      expect(second.status, path).toBe(200);
      expect(second.headers["x-cache-status"], path).toBe("BYPASS");
      expect(second.headers["x-read-cache"], path).toBe("hit");
      const etag = second.headers.etag!;
      expect(etag, path).toMatch(/^"[0-9a-f]+-[\w+/]{27}"$/);
      const third = await rawGet(path, bypass);
      expect(third.headers.etag, path).toBe(etag);
      expect(third.body.equals(second.body), path).toBe(true);
      const notModified = await rawGet(path, { ...bypass, "if-none-match": etag });
      expect(notModified.status, path).toBe(304);
      expect(notModified.body.length, path).toBe(0);
    }
    const product = firstMade(json<Product[]>(await rawGet("/api/products", bypass)));
    for (const path of [`/api/products/slug/${product!.slug}`, `/api/products/${product!.id}?lang=es`]) {
      expect((await keptRead(path)).headers["x-read-cache"], path).toBe("hit");
    }
  });

  it("sends brotli or gzip compressed once (nginx adds no second layer), decoding to the plain answer", async () => {
    for (const [accept, encoding] of [
      ["gzip", "gzip"],
      ["br", "br"],
      ["gzip, deflate, br, zstd", "br"],
    ] as const) {
      // A plain and a compressed read of one catalogue: the suites beside this one write to it, so a
      // pair that a write fell between (their ETags of two versions) is read again.
      let plain = await rawGet("/api/products", bypass);
      let packed = await rawGet("/api/products", { ...bypass, "accept-encoding": accept });
      for (let attempt = 0; attempt < 5 && packed.headers.etag !== `W/${plain.headers.etag}`; attempt++) {
        plain = await rawGet("/api/products", bypass);
        packed = await rawGet("/api/products", { ...bypass, "accept-encoding": accept });
      }
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(packed.headers["content-encoding"], accept).toBe(encoding);
      expect(String(packed.headers.vary), accept).toMatch(/accept-encoding/i);
      const text = (encoding === "br" ? brotliDecompressSync(packed.body) : gunzipSync(packed.body)).toString("utf8");
      expect(text, accept).toBe(plain.body.toString("utf8"));
      expect(packed.body.length, accept).toBeLessThan(plain.body.length / 3);
      // The compressed answer's ETag is the weak form of the plain one's, and revalidates alike.
      expect(packed.headers.etag, accept).toBe(`W/${plain.headers.etag}`);
      const again = await rawGet("/api/products", {
        ...bypass,
        "accept-encoding": accept,
        "if-none-match": packed.headers.etag!,
      });
      expect(again.status, accept).toBe(304);
    }
  });

  it("shows an admin's product change to the next visitor at once", async () => {
    const products = json<Product[]>(await rawGet("/api/products", bypass));
    const product = firstMade(products);
    const rest = Object.fromEntries(
      Object.entries(product).filter(
        ([key, value]) => value !== null && !["id", "slug", "offers", "createdAt", "updatedAt"].includes(key),
      ),
    );
    const bySlug = `/api/products/slug/${product.slug}`;
    expect((await keptRead("/api/products")).headers["x-read-cache"]).toBe("hit");
    expect((await keptRead(bySlug)).headers["x-read-cache"]).toBe("hit");
    const marker = `Changed by the read-cache test ${randomUUID().slice(0, 8)}`;
    const written = await call("PUT", `/api/products/${product.id}`, {
      json: { ...rest, bestFor: marker },
      headers: { cookie },
    });
    expect(written.status, written.text).toBe(200);
    try {
      // Read afresh (the suites beside this one may have read it again since: then kept anew).
      const list = await rawGet("/api/products", bypass);
      expect(json<Product[]>(list).find((p) => p.id === product.id)?.bestFor).toBe(marker);
      expect(json<Product>(await rawGet(bySlug, bypass)).bestFor).toBe(marker);
    } finally {
      await call("PUT", `/api/products/${product.id}`, { json: rest, headers: { cookie } });
    }
    expect(json<Product>(await rawGet(bySlug, bypass)).bestFor).toBe(product.bestFor);
  });

  it("never keeps a draft or an admin's answer, and shows a post the moment it is published", async () => {
    const title = `Draft kept from the read cache ${randomUUID().slice(0, 8)}`;
    const input = {
      title,
      excerpt: "A draft written by the read-cache test.",
      content: "<p>Not yet published.</p>",
      category: "Research",
      imageUrl: "/api/images/demo-1.png",
      lang: "en",
    };
    // Filled before the draft exists, so the create must drop it.
    await rawGet("/api/blog?published=true", bypass);
    const draft = await call<BlogPost>("POST", "/api/blog", {
      json: { ...input, published: false },
      headers: { cookie },
    });
    expect(draft.status, draft.text).toBe(201);
    const slugPath = `/api/blog/slug/${draft.body.slug}`;
    try {
      for (let i = 0; i < 2; i++) {
        const all = await rawGet("/api/blog", { ...bypass, cookie });
        expect(all.status).toBe(200);
        expect(all.headers["x-read-cache"]).toBeUndefined();
        expect(all.body.toString()).toContain(title);
        const one = await rawGet(slugPath, { ...bypass, cookie });
        expect(one.status).toBe(200);
        expect(one.headers["x-read-cache"]).toBeUndefined();
      }
      // The admin just read the draft at these addresses; a visitor asking right after gets none of it.
      const anonymous = await rawGet(slugPath, bypass);
      expect(anonymous.status).toBe(404);
      expect(anonymous.headers["x-read-cache"]).toBeUndefined();
      const everything = await rawGet("/api/blog", bypass);
      expect(everything.status).toBe(401);
      expect(everything.body.toString()).not.toContain(title);
      for (let i = 0; i < 2; i++) {
        const published = await rawGet("/api/blog?published=true", bypass);
        expect(published.body.toString()).not.toContain(title);
      }

      const publish = await call("PUT", `/api/blog/${draft.body.id}`, {
        json: { ...input, published: true },
        headers: { cookie },
      });
      expect(publish.status, publish.text).toBe(200);
      expect((await rawGet("/api/blog?published=true", bypass)).body.toString()).toContain(title);
      expect((await rawGet(slugPath, bypass)).status).toBe(200);
      // The second of two reads is kept, unless another suite's write emptied the cache in between.
      await expect
        .poll(async () => {
          await rawGet(slugPath, bypass);
          return (await rawGet(slugPath, bypass)).headers["x-read-cache"];
        })
        .toBe("hit");

      const unpublish = await call("PUT", `/api/blog/${draft.body.id}`, {
        json: { ...input, published: false },
        headers: { cookie },
      });
      expect(unpublish.status, unpublish.text).toBe(200);
      expect((await rawGet(slugPath, bypass)).status).toBe(404);
      expect((await rawGet("/api/blog?published=true", bypass)).body.toString()).not.toContain(title);
    } finally {
      await call("DELETE", `/api/blog/${draft.body.id}`, { headers: { cookie } });
    }
  });
});
