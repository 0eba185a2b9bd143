import type { BlogPost, Product } from "@rsv/api/client";
import { randomUUID } from "node:crypto";
import { adminCookie, call, gatewayUrl, rawGet } from "@rsv/kit/testing";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The title and description search engines get are the owner's when written, per language, and the
 * ones the page makes when not; server-rendered in the page's head.
 */

const head = async (urlPath: string) => {
  const response = await rawGet(gatewayUrl(), urlPath);
  expect(response.status, urlPath).toBe(200);
  const document = new JSDOM(response.body.toString("utf8")).window.document;
  return {
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute("content"),
  };
};

describe("search titles and descriptions", () => {
  let cookie = "";
  let product: Product;
  let plain: Product;
  let post: BlogPost;
  const run = randomUUID().slice(0, 8);
  const productBody = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    brand: "Search Labs",
    potency: "500mg",
    source: "Natural",
    price: "20.00",
    rating: "4.3",
    imageUrl: "/api/images/demo-1.png",
    description: "A product made by the search fields test.",
    bestFor: "Testing",
    ...extra,
  });

  beforeAll(async () => {
    cookie = await adminCookie();
    const create = async <T>(urlPath: string, json: unknown) => {
      const response = await call<T>("POST", urlPath, { json, headers: { cookie } });
      expect(response.status, response.text).toBe(201);
      return response.body;
    };
    product = await create<Product>(
      "/api/products",
      productBody(`Searchable ${run}`, {
        metaTitle: "  Searchable resveratrol, reviewed  ",
        metaDescription: "What we found when we tested it.",
        translations: { es: { metaTitle: "Resveratrol buscable, analizado", metaDescription: "Lo que encontramos." } },
      }),
    );
    plain = await create<Product>("/api/products", productBody(`Unsearched ${run}`, { metaTitle: "" }));
    post = await create<BlogPost>("/api/blog", {
      title: `A long post title ${run}`,
      metaTitle: "Short search title",
      excerpt: "Its excerpt.",
      content: "<p>Body.</p>",
      category: "research",
      imageUrl: "/api/images/demo-1.png",
      published: true,
    });
  });

  afterAll(async () => {
    for (const id of [product?.id, plain?.id])
      if (id) await call("DELETE", `/api/products/${id}`, { headers: { cookie } });
    if (post) await call("DELETE", `/api/blog/${post.id}`, { headers: { cookie } });
  });

  it("stores the owner's words trimmed, an empty one as none", () => {
    expect(product.metaTitle).toBe("Searchable resveratrol, reviewed");
    expect(plain.metaTitle).toBeNull();
    expect(post.metaTitle).toBe("Short search title");
  });

  it("puts them in the review page's head in each language, and the page's own where none is written", async () => {
    expect(await head(`/review/${product.slug}`)).toMatchObject({
      title: expect.stringContaining("Searchable resveratrol, reviewed"),
      description: "What we found when we tested it.",
    });
    expect(await head(`/es/resena/${product.slug}`)).toMatchObject({
      title: expect.stringContaining("Resveratrol buscable, analizado"),
      description: "Lo que encontramos.",
    });
    const made = await head(`/review/${plain.slug}`);
    expect(made.title).toContain(plain.name);
    expect(made.description).toContain(plain.name);
  });

  it("puts a post's search title in its page's head", async () => {
    expect((await head(`/blog/${post.slug}`)).title).toContain("Short search title");
  });
});
