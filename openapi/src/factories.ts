import type { BlogPost, Offer, Product, PublicOffer } from "./client.js";

/** Test factories: a product, its offers and a published post with every field of the contract, overridable. */

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
    metaTitle: null,
    metaDescription: null,
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

/** An offer as visitors see it: usable, in the default market, in US dollars. */
export function buildPublicOffer(overrides: Partial<PublicOffer> = {}): PublicOffer {
  return {
    id: overrides.id ?? nextId++,
    retailer: "Shop Example",
    market: "default",
    price: "30.00",
    currency: "USD",
    packSize: null,
    status: "ok",
    ...overrides,
  };
}

/** An offer as the admin sees it, checked once and found fine. */
export function buildOffer(overrides: Partial<Offer> = {}): Offer {
  const id = overrides.id ?? nextId++;
  return {
    id,
    productId: 1,
    retailer: "Shop Example",
    market: "default",
    url: `https://shop.example.com/offer-${id}`,
    price: "30.00",
    currency: "USD",
    packSize: null,
    health: {
      status: "ok",
      checkedAt: "2026-01-01T00:00:00.000Z",
      httpStatus: 200,
      finalUrl: `https://shop.example.com/offer-${id}`,
      detail: null,
    },
    recentChecks: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
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
    metaTitle: null,
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
