import { ApiError, unwrap, type BlogPost, type Product, type ProductFacets, type SiteSettings } from "@rsv/api/client";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ComparisonFilters, ComparisonQuery } from "../lib/comparison-query.js";
import type { Lang } from "../routes.js";
import type { ApiClient } from "./api-context.js";
import { listOf } from "../lib/product-figures.js";

export type { BlogPost, Product, ProductFacets, SiteSettings };

/**
 * A product as lists show it: without its review body and stored translations, which only its review
 * page (or nothing public) reads. Lists travel in every page's HTML, so they carry only what they show.
 */
export type ListedProduct = Omit<Product, "htmlContent" | "translations">;

/** A post as lists show it: everything but its body. */
export type ListedPost = Omit<BlogPost, "content">;

export function listedProduct(product: Product): ListedProduct {
  const { htmlContent: _htmlContent, translations: _translations, ...listed } = product;
  return listed;
}

/** How many benefits a product card lists. */
export const maxCardBenefits = 4;

/**
 * A product as the comparison page shows it (its table, cards and top three): the comparison page
 * carries fifty of them in its HTML and its dehydrated state, so it reads only these fields, and only
 * the benefits a card lists. Every market's offers come along: the page picks the visitor's as it
 * renders, so one cached answer of the catalogue serves visitors from every country.
 */
export type ComparedProduct = Pick<
  Product,
  | "id"
  | "slug"
  | "name"
  | "brand"
  | "imageUrl"
  | "rating"
  | "reviewCount"
  | "potency"
  | "source"
  | "bestFor"
  | "price"
  | "placement"
  | "featured"
  | "isTopRanked"
  | "inStock"
  | "badge"
  | "benefits"
  | "offers"
  | "preferredRetailer"
>;

export function comparedProduct(product: Product): ComparedProduct {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    brand: product.brand,
    imageUrl: product.imageUrl,
    rating: product.rating,
    reviewCount: product.reviewCount,
    potency: product.potency,
    source: product.source,
    bestFor: product.bestFor,
    price: product.price,
    placement: product.placement,
    featured: product.featured,
    isTopRanked: product.isTopRanked,
    inStock: product.inStock,
    badge: product.badge,
    benefits: listOf(product.benefits).slice(0, maxCardBenefits),
    offers: product.offers,
    preferredRetailer: product.preferredRetailer,
  };
}

export function listedPost(post: BlogPost): ListedPost {
  const { content: _content, ...listed } = post;
  return listed;
}

/** Query keys start with the API path they read, so a key says what it reads. */
export const queryKeys = {
  siteSettings: () => ["/api/site-settings"] as const,
  products: (lang: Lang, query: ComparisonQuery) => ["/api/products", { lang, ...query }] as const,
  // The same read as `products`, kept apart because its entries hold fewer fields (ComparedProduct).
  comparison: (lang: Lang, query: ComparisonQuery, country: string | null) =>
    ["/api/products", { lang, ...query, country, view: "comparison" }] as const,
  facets: (filters: ComparisonFilters, country: string | null = null) =>
    ["/api/products/facets", { ...filters, country }] as const,
  productBySlug: (slug: string, lang: Lang) => ["/api/products/slug", slug, { lang }] as const,
  productById: (id: number, lang: Lang) => ["/api/products/id", id, { lang }] as const,
  posts: (lang: Lang) => ["/api/blog", { published: true, lang }] as const,
  postBySlug: (slug: string) => ["/api/blog/slug", slug] as const,
  newsletter: () => ["/api/newsletter"] as const,
  // The admin's reads: every language, drafts and personal data, so never shared with a public key.
  session: () => ["/api/auth/session"] as const,
  adminProducts: () => ["/api/products", { admin: true }] as const,
  adminPosts: () => ["/api/blog", { admin: true }] as const,
  adminOffers: () => ["/api/offers", { admin: true }] as const,
  offerCheckRun: () => ["/api/offers/check"] as const,
  linkCheckSettings: () => ["/api/offers/settings"] as const,
  retailers: () => ["/api/offers/retailers"] as const,
  conversionImports: () => ["/api/analytics/conversions"] as const,
  images: () => ["/api/images"] as const,
  analyticsSummary: () => ["/api/analytics/summary"] as const,
  analyticsTimeZone: () => ["/api/analytics/time-zone"] as const,
  auditEvents: () => ["/api/auth/audit-events"] as const,
};

export const siteSettingsStaleTime = 5 * 60 * 1000;

export const defaultComparisonQuery: ComparisonQuery = {
  sort: "placement",
  potency: [],
  source: [],
  brand: [],
  price: [],
};

export function isNotFound(error: unknown): boolean {
  if (error instanceof ApiError && (error as { status?: number }).status === 404) return true;
  return error instanceof Error && error.message.startsWith("404:");
}

/** A 404 becomes null so the page can render its not-found state on the server and after hydration alike. */
async function nullWhenMissing<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export function siteSettingsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.siteSettings(),
    queryFn: () => unwrap(api.GET("/api/site-settings")),
    staleTime: siteSettingsStaleTime,
  });
}

/** The catalogue as the comparison filters and sort ask for it (empty filters left out). */
// The visitor's country prices the list (price sorts and ranges read the offers its visitors are shown).
function listProducts(api: ApiClient, lang: Lang, query: ComparisonQuery, country: string | null = null) {
  return unwrap(
    api.GET("/api/products", {
      params: {
        query: {
          lang,
          sort: query.sort,
          potency: query.potency.length ? query.potency : undefined,
          source: query.source.length ? query.source : undefined,
          brand: query.brand.length ? query.brand : undefined,
          price: query.price.length ? query.price : undefined,
          country: country ?? undefined,
        },
      },
    }),
  );
}

export function productsQuery(api: ApiClient, lang: Lang, query: ComparisonQuery = defaultComparisonQuery) {
  return queryOptions({
    queryKey: queryKeys.products(lang, query),
    queryFn: async (): Promise<ListedProduct[]> => (await listProducts(api, lang, query)).map(listedProduct),
    placeholderData: keepPreviousData,
  });
}

/**
 * The comparison page's list: the same request as `productsQuery`, priced for the visitor's country,
 * keeping only what the page shows.
 */
export function comparisonQuery(api: ApiClient, lang: Lang, query: ComparisonQuery, country: string | null) {
  return queryOptions({
    queryKey: queryKeys.comparison(lang, query, country),
    queryFn: async (): Promise<ComparedProduct[]> =>
      (await listProducts(api, lang, query, country)).map(comparedProduct),
    placeholderData: keepPreviousData,
  });
}

/** Filter values with counts; price ranges in the currency the visitor's country is mostly shown. */
export function facetsQuery(api: ApiClient, filters: ComparisonFilters, country: string | null = null) {
  return queryOptions({
    queryKey: queryKeys.facets(filters, country),
    queryFn: () =>
      unwrap(
        api.GET("/api/products/facets", {
          params: {
            query: {
              potency: filters.potency.length ? filters.potency : undefined,
              source: filters.source.length ? filters.source : undefined,
              brand: filters.brand.length ? filters.brand : undefined,
              price: filters.price.length ? filters.price : undefined,
              country: country ?? undefined,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function productBySlugQuery(api: ApiClient, slug: string, lang: Lang) {
  return queryOptions({
    queryKey: queryKeys.productBySlug(slug, lang),
    queryFn: () =>
      nullWhenMissing(() =>
        unwrap(api.GET("/api/products/slug/{slug}", { params: { path: { slug }, query: { lang } } })),
      ),
  });
}

export function productByIdQuery(api: ApiClient, id: number, lang: Lang) {
  return queryOptions({
    queryKey: queryKeys.productById(id, lang),
    queryFn: () =>
      nullWhenMissing(() => unwrap(api.GET("/api/products/{id}", { params: { path: { id }, query: { lang } } }))),
  });
}

export function postsQuery(api: ApiClient, lang: Lang) {
  return queryOptions({
    queryKey: queryKeys.posts(lang),
    queryFn: async (): Promise<ListedPost[]> =>
      (await unwrap(api.GET("/api/blog", { params: { query: { published: true, lang } } }))).map(listedPost),
  });
}

export function postBySlugQuery(api: ApiClient, slug: string) {
  return queryOptions({
    queryKey: queryKeys.postBySlug(slug),
    queryFn: () => nullWhenMissing(() => unwrap(api.GET("/api/blog/slug/{slug}", { params: { path: { slug } } }))),
  });
}
