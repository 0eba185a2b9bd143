import type { ChatProduct, Product } from "@rsv/api/client";

export type { ChatProduct, Product };

/** The numeric part of a potency such as "500mg" or "1,000 mg"; null without one. */
export function milligrams(product: Pick<Product, "potency">): number | null {
  const match = product.potency?.replace(/(\d),(\d{3})/g, "$1$2").match(/(\d+(?:\.\d+)?)\s*mg/i);
  return match ? Number(match[1]) : null;
}

export function price(product: Pick<Product, "price">): number {
  return Number(product.price);
}

/** Price divided by milligrams (the review page's cost per mg); null without a potency. */
export function costPerMg(product: Pick<Product, "price" | "potency">): number | null {
  const mg = milligrams(product);
  return mg ? price(product) / mg : null;
}

/** The comparison page's ranking: placed products by placement, then the rest by rating. */
export function byPlacement(a: Product, b: Product): number {
  if (a.placement !== null && b.placement !== null) return a.placement - b.placement;
  if (a.placement !== null) return -1;
  if (b.placement !== null) return 1;
  return Number(b.rating) - Number(a.rating);
}

/** The site's top recommendation first (isTopRanked), then the ranking. */
export function byRecommendation(a: Product, b: Product): number {
  if (a.isTopRanked !== b.isTopRanked) return a.isTopRanked ? -1 : 1;
  return byPlacement(a, b);
}

export function toCard(product: Product): ChatProduct {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    brand: product.brand,
    imageUrl: product.imageUrl,
    rating: product.rating,
    reviewCount: product.reviewCount,
    price: product.price,
    potency: product.potency,
    bestFor: product.bestFor,
  };
}
