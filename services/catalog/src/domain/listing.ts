import type { PriceRange } from "@rsv/api/client";
import { potencyMg, priceRanges, productPriceRange, type Pricing } from "@rsv/api/product-rules";
import type { Product } from "./product.js";
import { facetText } from "./text.js";

export { sortProducts, visitorPricing } from "@rsv/api/product-rules";

export interface Filters {
  potency?: string[];
  source?: string[];
  brand?: string[];
  price?: PriceRange[];
}

type Group = keyof Filters;
const GROUPS: Group[] = ["potency", "source", "brand", "price"];

// A product shown in another currency than the ranges', or with no usable offer, is in no price range.
function valueOf(product: Product, group: Group, pricing: Pricing<Product>): string {
  if (group === "price") return productPriceRange(product, pricing) ?? "";
  return product[group] ?? "";
}

// Potencies that read as the same milligrams ("1,000 mg", "1000mg", "1 g") are one value; other text is
// one value whatever its case and spacing ("Japanese knotweed" and "Japanese  Knotweed").
function keyOf(group: Group, value: string): string {
  const mg = group === "potency" ? potencyMg(value) : null;
  return mg === null ? `=${facetText(value).toLocaleLowerCase("en")}` : `mg ${mg}`;
}

/** AND across groups, OR within a group; an empty group does not filter. Prices are read by the pricing. */
export function matches(product: Product, filters: Filters, pricing: Pricing<Product>, except?: Group): boolean {
  return GROUPS.every((group) => {
    const wanted = filters[group];
    if (group === except || !wanted || wanted.length === 0) return true;
    const key = keyOf(group, valueOf(product, group, pricing));
    return (wanted as string[]).some((value) => keyOf(group, value) === key);
  });
}

export function filterProducts(products: Product[], filters: Filters, pricing: Pricing<Product>): Product[] {
  return products.filter((product) => matches(product, filters, pricing));
}

export interface FacetValue {
  value: string;
  count: number;
}

/**
 * Values of each group as found in the catalogue. A value's count is how many products it would
 * show given the other groups' filters, so ticking it never leads to an empty table by surprise.
 * Values that differ only in case or spacing are one value, spelled as most products spell it (the first
 * alphabetically on a tie); potencies are ordered by their milligrams. Price ranges are in the pricing's
 * currency, which the answer names.
 */
export function facets(products: Product[], filters: Filters, pricing: Pricing<Product>) {
  const count = (group: Group, values: string[]): FacetValue[] =>
    values.map((value) => ({
      value,
      count: products.filter(
        (p) => matches(p, filters, pricing, group) && keyOf(group, valueOf(p, group, pricing)) === keyOf(group, value),
      ).length,
    }));
  const distinct = (group: Exclude<Group, "price">, order: (a: string, b: string) => number) => {
    const spellings = new Map<string, Map<string, number>>();
    for (const value of products.map((p) => facetText(p[group] ?? "")).filter(Boolean)) {
      const seen = spellings.get(keyOf(group, value)) ?? new Map<string, number>();
      spellings.set(keyOf(group, value), seen.set(value, (seen.get(value) ?? 0) + 1));
    }
    const usual = (seen: Map<string, number>) => [...seen].sort(([a, m], [b, n]) => n - m || alphabetical(a, b))[0]![0];
    return [...spellings.values()].map(usual).sort(order);
  };
  const alphabetical = (a: string, b: string) => a.localeCompare(b);
  return {
    total: filterProducts(products, filters, pricing).length,
    potency: count(
      "potency",
      distinct("potency", (a, b) => (potencyMg(a) ?? 0) - (potencyMg(b) ?? 0) || alphabetical(a, b)),
    ),
    source: count("source", distinct("source", alphabetical)),
    brand: count("brand", distinct("brand", alphabetical)),
    price: count("price", [...priceRanges]) as Array<{ value: PriceRange; count: number }>,
    currency: pricing.currency,
  };
}
