import { randomUUID } from "node:crypto";
import type { BlogPost, Product } from "@rsv/api/client";
import { adminCookie, call, gatewayUrl, rawGet } from "@rsv/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedSite, type EmbeddedSite } from "../../infra/local/topology.js";

/**
 * A post and a product scheduled for a time a few seconds ahead: nothing of them shows before it (the
 * API, the pages, the feed, the sitemap, /go), everything does within 60 s after it, also when the
 * server restarts between the scheduling and the time. The admin sees both as scheduled meanwhile.
 */

const LEAD_MS = 8_000;
const WITHIN_MS = 60_000;

interface Scheduled {
  post: BlogPost;
  product: Product;
  at: number;
}

type Visible = Record<string, boolean>;

function schedulingChecks(base: () => string, login: () => Promise<string>, restart: () => Promise<void>) {
  let cookie = "";
  let scheduled: Scheduled;
  const send = async <T>(method: string, urlPath: string, json?: unknown) => {
    const response = await call<T>(method, urlPath, { json, headers: { cookie }, baseUrl: base() });
    expect(response.status, `${method} ${urlPath}: ${response.text}`).toBeLessThan(300);
    return response.body;
  };

  /** What a visitor sees of the two, read fresh (a hard reload passes the micro-cache by). */
  const visible = async ({ post, product }: Scheduled): Promise<Visible> => {
    const fresh = { "cache-control": "no-cache" };
    const get = (urlPath: string) => rawGet(base(), urlPath, fresh);
    const [postRead, list, feed, sitemap, page, productRead, products, go] = await Promise.all([
      get(`/api/blog/slug/${post.slug}`),
      get("/api/blog?published=true"),
      get("/rss.xml"),
      get("/sitemap.xml"),
      get(`/blog/${post.slug}`),
      get(`/api/products/slug/${product.slug}`),
      get("/api/products"),
      get(`/go/${product.slug}`),
    ]);
    return {
      postApi: postRead.status === 200,
      postListed: list.body.toString().includes(`"slug":"${post.slug}"`),
      inFeed: feed.body.toString().includes(post.title),
      inSitemap: sitemap.body.toString().includes(`/blog/${post.slug}`),
      postPage: page.status === 200,
      productApi: productRead.status === 200,
      productListed: products.body.toString().includes(`"slug":"${product.slug}"`),
      goes: go.status === 302,
    };
  };
  const nothing = {
    postApi: false,
    postListed: false,
    inFeed: false,
    inSitemap: false,
    postPage: false,
    productApi: false,
    productListed: false,
    goes: false,
  };
  const everything = Object.fromEntries(Object.keys(nothing).map((key) => [key, true]));

  beforeAll(async () => {
    cookie = await login();
    const at = Date.now() + LEAD_MS;
    const publishAt = new Date(at).toISOString();
    const name = `Scheduled ${randomUUID().slice(0, 8)}`;
    const post = await send<BlogPost>("POST", "/api/blog", {
      title: name,
      excerpt: "Goes public at its time.",
      content: "<p>Written by the scheduling test.</p>",
      category: "RESEARCH",
      imageUrl: "/api/images/demo-1.png",
      published: true,
      publishAt,
    });
    const product = await send<Product>("POST", "/api/products", {
      name,
      brand: "Timely Labs",
      potency: "500mg",
      source: "Natural",
      price: "20.00",
      rating: "4.2",
      imageUrl: "/api/images/demo-1.png",
      description: "Goes public at its time.",
      bestFor: "Testing",
      publishAt,
    });
    await send("POST", "/api/offers", {
      productId: product.id,
      retailer: "Timely Shop",
      market: "default",
      url: "https://shop.example.com/timely",
      price: "20.00",
    });
    scheduled = { post, product, at };
  });

  afterAll(async () => {
    if (!scheduled) return;
    await call("DELETE", `/api/blog/${scheduled.post.id}`, { headers: { cookie }, baseUrl: base() });
    await call("DELETE", `/api/products/${scheduled.product.id}`, { headers: { cookie }, baseUrl: base() });
  });

  it("shows visitors nothing of a scheduled post or product before its time, and the admin both as scheduled", async () => {
    expect(Date.now()).toBeLessThan(scheduled.at);
    expect(await visible(scheduled)).toEqual(nothing);
    expect(scheduled.post.publishedAt).toBe(new Date(scheduled.at).toISOString());
    const admin = await send<Product[]>("GET", "/api/products?includeScheduled=true");
    expect(admin.find((p) => p.id === scheduled.product.id)?.publishAt).toBe(new Date(scheduled.at).toISOString());
    const drafts = await send<BlogPost[]>("GET", "/api/blog");
    expect(drafts.find((p) => p.id === scheduled.post.id)?.published).toBe(true);
    const anonymous = await call("GET", "/api/products?includeScheduled=true", { baseUrl: base() });
    expect(anonymous.status).toBe(401);
  });

  it(`shows everything within ${WITHIN_MS / 1000} s of the time, across a restart where the mode has one`, async () => {
    await restart();
    cookie = await login();
    const isEverything = (seen: Visible) => JSON.stringify(seen) === JSON.stringify(everything);
    const readings: Array<{ startedAt: number; seen: Visible }> = [];
    do {
      const startedAt = Date.now();
      readings.push({ startedAt, seen: await visible(scheduled) });
      await new Promise((resolve) => setImmediate(resolve));
    } while (Date.now() < scheduled.at + WITHIN_MS && !isEverything(readings.at(-1)!.seen));
    // A read begun well before the time that found anything is a leak.
    const early = readings.filter(
      (r) => r.startedAt < scheduled.at - 1_000 && JSON.stringify(r.seen) !== JSON.stringify(nothing),
    );
    expect(early).toEqual([]);
    expect(readings.at(-1)!.seen).toEqual(everything);
  });
}

describe("scheduled posts and products, through nginx", () => {
  // Services decide at each read, so a restart changes nothing there; the embedded server restarts below.
  schedulingChecks(gatewayUrl, adminCookie, async () => undefined);
});

describe("scheduled posts and products, on the embedded server (make start) restarted in between", () => {
  const admin = { email: "owner@scheduling.test", password: "Scheduling-Test-Owner-2026!" };
  let site: EmbeddedSite;
  beforeAll(async () => {
    site = await startEmbeddedSite("embedded-scheduling", admin);
  }, 200_000);
  afterAll(() => site?.stop());
  schedulingChecks(
    () => site.base,
    () => site.adminCookie(),
    () => site.restart(),
  );
});
