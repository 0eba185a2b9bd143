import type { productRuleNames } from "@rsv/api/content-page";
import type { ListedProduct } from "../api/queries.js";

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

// Products reach Spanish visitors with Spanish text, so each word has its Spanish stem beside it
// (compared without accents, from the start of a word).
const athleteWords = ["athlete", "exercise", "performance", "atleta", "deportist", "ejercicio", "rendimiento"];
const absorptionWords = ["bioavailab", "absorption", "muscle", "biodisponib", "absorcion", "muscul"];
const eyeWords = ["eye", "vision", "macular", "retina", "ojo", "ocular"];

export const productRules = {
  athletes: { bestFor: athleteWords, features: absorptionWords, limit: 6, fallbackToFirst: false },
  eye: { bestFor: eyeWords, features: eyeWords, limit: 6, fallbackToFirst: true },
  skin: {
    bestFor: ["skin", "piel"],
    features: ["skin", "collagen", "piel", "colageno"],
    limit: 1,
    fallbackToFirst: true,
  },
  athletic: { bestFor: athleteWords, features: absorptionWords, limit: 1, fallbackToFirst: true },
} as const satisfies Record<(typeof productRuleNames)[number], ProductRule>;

export type ProductRuleName = keyof typeof productRules;

export function isProductRuleName(name: string): name is ProductRuleName {
  return Object.hasOwn(productRules, name);
}

function mentions(text: string, words: readonly string[]): boolean {
  const lower = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  // Words match at the start of a word: "ojo" finds "ojos" but not "rojos".
  return words.some((word) => new RegExp(`(^|[^a-z])${word}`).test(lower));
}

function featureText(product: ListedProduct): string {
  const features: unknown = product.features;
  return Array.isArray(features) ? features.join("\n") : typeof features === "string" ? features : "";
}

/**
 * Products that match the rule, at most `limit`: those made for the purpose (bestFor) first, then those
 * whose features qualify, each in catalogue order; the first products when none match and the rule allows.
 */
export function pickProducts(products: readonly ListedProduct[], rule: ProductRule): ListedProduct[] {
  const madeFor = products.filter((product) => mentions(product.bestFor ?? "", rule.bestFor));
  const byFeature = products.filter(
    (product) => !madeFor.includes(product) && mentions(featureText(product), rule.features),
  );
  const matching = [...madeFor, ...byFeature];
  const chosen = matching.length > 0 || !rule.fallbackToFirst ? matching : products;
  return chosen.slice(0, rule.limit);
}
