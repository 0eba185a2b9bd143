import type { components } from "@rsv/api/schema";
import type { Product } from "./products.js";

/** Test data: a product with every field of the contract, and a published post. */
export function product(overrides: Partial<Product> & Pick<Product, "id" | "name">): Product {
  return {
    slug: overrides.name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
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
    affiliateLink: "https://shop.example.com/x",
    affiliateLinkDe: null,
    affiliateLinkEs: null,
    affiliateLinkNl: null,
    affiliateLinkPl: null,
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

type BlogPost = components["schemas"]["BlogPost"];

export function post(overrides: Partial<BlogPost> & Pick<BlogPost, "id" | "title" | "content">): BlogPost {
  return {
    slug: overrides.title
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
