import type { ChatProduct, Product } from "@rsv/api/client";
import { productOrder } from "@rsv/api/product-rules";

export type { ChatProduct, Product };

/** The ranking every list of the site shows (the shared placement order). */
export const byRanking = productOrder("placement");

/** The site's top recommendation first (isTopRanked), then the ranking. */
export function byRecommendation(a: Product, b: Product): number {
  if (a.isTopRanked !== b.isTopRanked) return a.isTopRanked ? -1 : 1;
  return byRanking(a, b);
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
