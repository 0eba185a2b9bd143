import { randomUUID } from "node:crypto";
import type { BlogPost, Page, PreviewLink, Product, Revision, SiteSettings } from "@rsv/api/client";
import { PreviewLinks } from "@rsv/kit";
import { adminCookie, assertMatchesSpec, call, holdSiteSettings, rawGet } from "@rsv/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Revisions of posts, products and the site settings (kept on every save, restored in one call, the
 * restore a revision too), and preview links (signed, expiring, noindex), through the gateway.
 */

let cookie = "";
const tag = randomUUID().slice(0, 8);

async function send<T>(method: string, urlPath: string, json?: unknown): Promise<T> {
  const response = await call<T>(method, urlPath, { json, headers: { cookie } });
  expect(response.status, `${method} ${urlPath}: ${response.text}`).toBeLessThan(300);
  return response.body;
}

const revisionsOf = async (entity: string, id: string | number) => {
  const response = await call<{ revisions: Revision[] }>("GET", `/api/revisions/${entity}/${id}`, {
    headers: { cookie },
  });
  assertMatchesSpec("listRevisions", response);
  return response.body.revisions;
};

const restore = async (entity: string, id: string | number, revisionId: number) => {
  const response = await call<Revision>("POST", `/api/revisions/${entity}/${id}/${revisionId}/restore`, {
    headers: { cookie },
  });
  assertMatchesSpec("restoreRevision", response);
  expect(response.status, response.text).toBe(200);
  return response.body;
};

const draftPost = (title: string) => ({
  title,
  excerpt: "A draft only its links show.",
  content: "<p>First words.</p>",
  category: "RESEARCH",
  imageUrl: "/api/images/demo-1.png",
  published: false,
  lang: "en",
});

beforeAll(async () => {
  cookie = await adminCookie();
});

describe("revisions", () => {
  let post: BlogPost;
  let product: Product;

  beforeAll(async () => {
    post = await send<BlogPost>("POST", "/api/blog", draftPost(`Revised ${tag}`));
    product = await send<Product>("POST", "/api/products", {
      name: `Revised ${tag}`,
      brand: "History Labs",
      potency: "500mg",
      source: "Natural",
      price: "20.00",
      rating: "4.2",
      imageUrl: "/api/images/demo-1.png",
      description: "The first description.",
      bestFor: "Testing",
    });
  });

  afterAll(async () => {
    await call("DELETE", `/api/blog/${post.id}`, { headers: { cookie } });
    await call("DELETE", `/api/products/${product.id}`, { headers: { cookie } });
  });

  it("keeps every save of a post with its author and changed fields, and restores any of them as a new one", async () => {
    await send("PUT", `/api/blog/${post.id}`, { ...draftPost(`Renamed ${tag}`) });
    await send("PUT", `/api/blog/${post.id}`, { ...draftPost(`Renamed ${tag}`), content: "<p>Bad edit.</p>" });
    const saved = await revisionsOf("post", post.id);
    expect(saved.map((r) => r.changed)).toEqual([["content"], ["title"], expect.arrayContaining(["title", "content"])]);
    expect(saved.map((r) => r.actor?.email)).toEqual(Array(3).fill(process.env.ADMIN_EMAIL));

    const restored = await restore("post", post.id, saved[1]!.id);
    expect(restored).toMatchObject({ restoredFrom: saved[1]!.id, changed: ["content"] });
    const now = await send<BlogPost>("GET", `/api/blog/${post.id}`);
    expect([now.title, now.content]).toEqual([`Renamed ${tag}`, "<p>First words.</p>"]);
    expect(await revisionsOf("post", post.id)).toHaveLength(4);
  });

  it("answers 409, changing nothing, when a post's old slug was taken by another post since", async () => {
    const first = await send<BlogPost>("POST", "/api/blog", { ...draftPost(`Slugged ${tag}`), slug: `slugged-${tag}` });
    await send("PUT", `/api/blog/${first.id}`, { ...draftPost(`Slugged ${tag}`), slug: `moved-${tag}` });
    await send("POST", "/api/blog", { ...draftPost(`Taker ${tag}`), slug: `slugged-${tag}` });
    const [, original] = await revisionsOf("post", first.id);
    const response = await call("POST", `/api/revisions/post/${first.id}/${original!.id}/restore`, {
      headers: { cookie },
    });
    assertMatchesSpec("restoreRevision", response);
    expect(response.status, response.text).toBe(409);
    expect((await send<BlogPost>("GET", `/api/blog/${first.id}`)).slug).toBe(`moved-${tag}`);
    expect(await revisionsOf("post", first.id)).toHaveLength(2);
  });

  it("brings back a version's words without taking a post or product that is public now offline", async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await send<BlogPost>("POST", "/api/blog", {
      ...draftPost(`Scheduled ${tag}`),
      content: "<p>Words of the scheduled version.</p>",
      published: true,
      publishAt: later,
    });
    await send("PUT", `/api/blog/${scheduled.id}`, {
      ...draftPost(`Scheduled ${tag}`),
      content: "<p>Words when it went public.</p>",
      published: true,
      publishAt: null,
    });
    expect((await call("GET", `/api/blog/slug/${scheduled.slug}`)).status).toBe(200);
    const [, first] = await revisionsOf("post", scheduled.id);
    await restore("post", scheduled.id, first!.id);
    const now = await call<BlogPost>("GET", `/api/blog/slug/${scheduled.slug}`);
    expect(now.status).toBe(200);
    expect(now.body.content).toBe("<p>Words of the scheduled version.</p>");

    const { id: _id, slug: _slug, createdAt: _c, updatedAt: _u, offers: _o, ...input } = product;
    const soon = await send<Product>("POST", "/api/products", { ...input, name: `Soon ${tag}`, publishAt: later });
    const { id: soonId, slug: _s, createdAt: _c2, updatedAt: _u2, offers: _o2, ...soonInput } = soon;
    await send("PUT", `/api/products/${soonId}`, { ...soonInput, publishAt: null, description: "Out now." });
    const [, scheduledVersion] = await revisionsOf("product", soonId);
    await restore("product", soonId, scheduledVersion!.id);
    const live = await call<Product>("GET", `/api/products/slug/${soon.slug}`);
    expect(live.status).toBe(200);
    expect(live.body.description).toBe(product.description);
    await call("DELETE", `/api/blog/${scheduled.id}`, { headers: { cookie } });
    await call("DELETE", `/api/products/${soonId}`, { headers: { cookie } });
  });

  it("keeps a product's saves and restores its price and text", async () => {
    const { id: _id, slug: _slug, createdAt: _c, updatedAt: _u, offers: _o, ...input } = product;
    await send("PUT", `/api/products/${product.id}`, { ...input, price: "99.00", description: "A worse one." });
    const [latest, first] = await revisionsOf("product", product.id);
    expect(latest!.changed).toEqual(["description", "price"]);
    await restore("product", product.id, first!.id);
    const now = await send<Product>("GET", `/api/products/${product.id}`);
    expect([now.price, now.description]).toEqual(["20.00", "The first description."]);
  });

  it("keeps the site settings' saves, the state before the first one included, and restores them", async () => {
    // Other files change the settings too: held while the newest two revisions are this test's.
    const release = await holdSiteSettings();
    try {
      const before = await send<SiteSettings>("GET", "/api/site-settings");
      await send("PUT", "/api/site-settings", { contactAddress: `history-${tag}@example.com` });
      const [latest, previous] = await revisionsOf("settings", "site");
      expect(latest!.changed).toEqual(["contactAddress"]);
      expect(previous!.snapshot).toMatchObject({ contactAddress: before.contactAddress });
      await restore("settings", "site", previous!.id);
      expect((await send<SiteSettings>("GET", "/api/site-settings")).contactAddress).toBe(before.contactAddress);
    } finally {
      release();
    }
  }, 180_000);

  it("keeps a page's saves per language and restores its words", async () => {
    const page = (await send<Page[]>("GET", "/api/pages")).find(
      (each) => each.key === "antioxidant-comparison" && each.lang === "es",
    )!;
    const input = {
      title: page.title,
      metaTitle: page.metaTitle,
      metaDescription: page.metaDescription,
      body: page.body,
    };
    await send("PUT", "/api/pages/antioxidant-comparison/es", { ...input, metaDescription: `Una prueba ${tag}.` });
    const [latest, before] = await revisionsOf("page", "antioxidant-comparison.es");
    expect(latest!.changed).toEqual(["metaDescription"]);
    expect(before!.snapshot).toMatchObject({ metaDescription: page.metaDescription });
    await restore("page", "antioxidant-comparison.es", before!.id);
    const now = (await send<Page[]>("GET", "/api/pages")).find(
      (each) => each.key === "antioxidant-comparison" && each.lang === "es",
    )!;
    expect(now.metaDescription).toBe(page.metaDescription);
    expect(await revisionsOf("page", "antioxidant-comparison.en")).toEqual([]);
  });

  it("refuses visitors, unknown kinds and revisions of another item", async () => {
    expect((await call("GET", `/api/revisions/post/${post.id}`)).status).toBe(401);
    expect((await call("POST", `/api/revisions/post/${post.id}/1/restore`)).status).toBe(401);
    expect((await call("GET", "/api/revisions/offer/1", { headers: { cookie } })).status).toBe(400);
    // Revision ids are the store's: one of another post is no revision of this one.
    const other = await send<BlogPost>("POST", "/api/blog", draftPost(`Other ${tag}`));
    await send("PUT", `/api/blog/${other.id}`, draftPost(`Other renamed ${tag}`));
    const [theirs] = await revisionsOf("post", other.id);
    const elsewhere = await call("POST", `/api/revisions/post/${post.id}/${theirs!.id}/restore`, {
      headers: { cookie },
    });
    expect(elsewhere.status).toBe(404);
  });
});

describe("preview links", () => {
  let post: BlogPost;
  let product: Product;
  const internal = new PreviewLinks(process.env.INTERNAL_TOKEN);

  const link = async (json: unknown) => {
    const response = await call<PreviewLink>("POST", "/api/previews", { json, headers: { cookie } });
    assertMatchesSpec("createPreviewLink", response);
    expect(response.status, response.text).toBe(201);
    return response.body;
  };
  const tokenOf = (url: string) => url.split("/").at(-1)!;

  beforeAll(async () => {
    post = await send<BlogPost>("POST", "/api/blog", draftPost(`Previewed ${tag}`));
    product = await send<Product>("POST", "/api/products", {
      name: `Previewed ${tag}`,
      brand: "Preview Labs",
      potency: "250mg",
      source: "Natural",
      price: "15.00",
      rating: "4.0",
      imageUrl: "/api/images/demo-1.png",
      description: "Not public until next year.",
      bestFor: "Testing",
      publishAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      translations: { es: { description: "No es público hasta el año que viene." } },
    });
  });

  afterAll(async () => {
    await call("DELETE", `/api/products/${product.id}`, { headers: { cookie } });
  });

  it("shows a draft post to whoever holds the link, as visitors will see it, never cached nor indexed", async () => {
    expect((await rawGet(process.env.GATEWAY_URL!, `/api/blog/slug/${post.slug}`)).status).toBe(404);
    const { url, expiresAt } = await link({ entity: "post", id: post.id });
    expect(url).toMatch(/^\/preview\/post\/[\w-]+\.[\w-]+$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(71 * 3_600_000);

    const api = await call<BlogPost>("GET", `/api/blog/preview/${tokenOf(url)}`);
    assertMatchesSpec("getPostPreview", api);
    expect([api.status, api.body.title]).toEqual([200, post.title]);
    expect(api.headers.get("cache-control")).toBe("private, no-store");

    const page = await rawGet(process.env.GATEWAY_URL!, url);
    const html = page.body.toString();
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(html).toMatch(/<meta [^>]*name="robots" content="noindex, nofollow">/);
    expect(html).toContain(`Previewed ${tag}`);
    expect(html).toContain('data-testid="preview-banner"');
  });

  it("shows a scheduled product's review in the link's language", async () => {
    const { url } = await link({ entity: "product", id: product.id, lang: "es" });
    expect(url.startsWith("/es/preview/product/")).toBe(true);
    const page = await rawGet(process.env.GATEWAY_URL!, url);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain("No es público hasta el año que viene.");
    expect(page.body.toString()).toContain("Vista previa");
  });

  it("answers a tampered link not found, an expired one gone, and a link for a deleted item not found", async () => {
    const { url } = await link({ entity: "post", id: post.id });
    const token = tokenOf(url);
    const [payload, signature] = token.split(".") as [string, string];
    const forged = `${Buffer.from(JSON.stringify(["post", post.id, "en", Date.now() + 1e9])).toString("base64url")}.${signature}`;
    const flipped = `${payload}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const bad of [forged, flipped]) {
      expect((await call("GET", `/api/blog/preview/${bad}`)).status).toBe(404);
      expect((await rawGet(process.env.GATEWAY_URL!, `/preview/post/${bad}`)).status).toBe(404);
    }
    // A post's link read as a product's is not found either.
    expect((await call("GET", `/api/products/preview/${token}`)).status).toBe(404);

    const expired = internal.create({ entity: "post", id: post.id, lang: "en" }, Date.now() - 100 * 3_600_000).token;
    const gone = await call("GET", `/api/blog/preview/${expired}`);
    assertMatchesSpec("getPostPreview", gone);
    expect(gone.status).toBe(410);
    const expiredPage = await rawGet(process.env.GATEWAY_URL!, `/preview/post/${expired}`);
    expect(expiredPage.status).toBe(410);
    expect(expiredPage.body.toString()).toContain("This preview link has expired");

    await send("DELETE", `/api/blog/${post.id}`);
    expect((await call("GET", `/api/blog/preview/${token}`)).status).toBe(404);
    expect((await rawGet(process.env.GATEWAY_URL!, url)).status).toBe(404);
  });

  it("makes links for admins only, and only for items that exist", async () => {
    expect((await call("POST", "/api/previews", { json: { entity: "post", id: 1 } })).status).toBe(401);
    const missing = await call("POST", "/api/previews", {
      json: { entity: "post", id: 2_000_000_000 },
      headers: { cookie },
    });
    expect(missing.status).toBe(404);
    const invalid = await call("POST", "/api/previews", { json: { entity: "page", id: 1 }, headers: { cookie } });
    expect(invalid.status).toBe(400);
  });
});
