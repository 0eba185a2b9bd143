import type { BlogPost, Product } from "./client.js";

/** Test factories: a product and a published post with every field of the contract, overridable. */

let nextId = 1_000_000;

export function buildProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? nextId++;
  const name = overrides.name ?? `Product ${id}`;
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    brand: "Acme Labs",
    description: "A resveratrol capsule.",
    imageUrl: "/api/images/x.png",
    rating: "4.5",
    reviewCount: 100,
    potency: "500mg",
    source: "Japanese Knotweed",
    bestFor: "Daily use",
    price: "30.00",
    placement: null,
    featured: false,
    badge: null,
    features: [],
    benefits: [],
    offers: [],
    preferredRetailer: null,
    htmlContent: null,
    couponCode: null,
    couponDiscount: null,
    couponDescription: null,
    inStock: true,
    isTopRanked: false,
    keywords: null,
    category: null,
    ageRange: null,
    translations: {},
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  } as Product;
}

export function buildPost(overrides: Partial<BlogPost> = {}): BlogPost {
  const id = overrides.id ?? nextId++;
  const title = overrides.title ?? `Post ${id}`;
  return {
    id,
    title,
    content: "<p>Text.</p>",
    slug: title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, ""),
    excerpt: "",
    category: "research",
    imageUrl: "/api/images/p.png",
    published: true,
    publishedAt: "2026-01-01T00:00:00.000Z",
    metaDescription: null,
    keywords: [],
    lang: "en",
    translationId: null,
    translationSlug: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  } as BlogPost;
}
