import type { Product } from "../api/queries.js";

/** How a landing page picks its products from the catalogue. */
export interface ProductRule {
  /** Words looked for in bestFor. */
  bestFor: readonly string[];
  /** Words looked for in features. */
  features: readonly string[];
  limit: number;
  /** When nothing matches: show the first products of the catalogue instead of none. */
  fallbackToFirst: boolean;
}

export const productRules = {
  athletes: {
    bestFor: ["athlete", "exercise", "performance"],
    features: ["bioavailable", "absorption", "muscle"],
    limit: 6,
    fallbackToFirst: false,
  },
  eye: {
    bestFor: ["eye", "vision", "macular", "retina"],
    features: ["eye", "vision", "macular", "retina"],
    limit: 6,
    fallbackToFirst: true,
  },
  skin: { bestFor: ["skin"], features: ["skin", "collagen"], limit: 1, fallbackToFirst: true },
  athletic: {
    bestFor: ["athlete", "exercise", "performance"],
    features: ["bioavailable", "absorption", "muscle"],
    limit: 1,
    fallbackToFirst: true,
  },
} as const satisfies Record<string, ProductRule>;

export type ProductRuleName = keyof typeof productRules;

export function isProductRuleName(name: string): name is ProductRuleName {
  return Object.hasOwn(productRules, name);
}

function mentions(text: string, words: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return words.some((word) => lower.includes(word));
}

function featureText(product: Product): string {
  const features: unknown = product.features;
  return Array.isArray(features) ? features.join("\n") : typeof features === "string" ? features : "";
}

/** Products in catalogue order that match the rule, at most `limit`; the first ones when none match and the rule allows. */
export function pickProducts(products: readonly Product[], rule: ProductRule): Product[] {
  const matching = products.filter(
    (product) => mentions(product.bestFor ?? "", rule.bestFor) || mentions(featureText(product), rule.features),
  );
  const chosen = matching.length > 0 || !rule.fallbackToFirst ? matching : products;
  return chosen.slice(0, rule.limit);
}
