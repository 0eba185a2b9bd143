import type { Product } from "./product.js";

export type SortKey = "placement" | "rating" | "price-asc" | "price-desc" | "potency" | "popularity";
export type PriceBand = "under-25" | "25-35" | "over-35";

export interface Filters {
  potency?: string[];
  source?: string[];
  brand?: string[];
  price?: PriceBand[];
}

export const PRICE_BANDS: PriceBand[] = ["under-25", "25-35", "over-35"];

export function potencyMg(potency: string | null | undefined): number {
  const match = /(\d+(?:\.\d+)?)/.exec(potency ?? "");
  return match ? Number(match[1]) : 0;
}

export function priceBand(price: string | number): PriceBand {
  const value = Number(price);
  if (value < 25) return "under-25";
  if (value <= 35) return "25-35";
  return "over-35";
}

const comparators: Record<SortKey, (a: Product, b: Product) => number> = {
  // Ranked products first by rank; the unranked after them, best rated first.
  placement: (a, b) => {
    if (a.placement != null && b.placement != null) return a.placement - b.placement;
    if (a.placement != null) return -1;
    if (b.placement != null) return 1;
    return Number(b.rating) - Number(a.rating);
  },
  rating: (a, b) => Number(b.rating) - Number(a.rating),
  "price-asc": (a, b) => Number(a.price) - Number(b.price),
  "price-desc": (a, b) => Number(b.price) - Number(a.price),
  potency: (a, b) => potencyMg(b.potency) - potencyMg(a.potency),
  popularity: (a, b) => b.reviewCount - a.reviewCount,
};

export function sortProducts(products: Product[], sort: SortKey = "placement"): Product[] {
  // Ties keep a stable, meaningful order: by id.
  return [...products].sort((a, b) => comparators[sort](a, b) || a.id - b.id);
}

type Group = keyof Filters;
const GROUPS: Group[] = ["potency", "source", "brand", "price"];

function valueOf(product: Product, group: Group): string {
  if (group === "price") return priceBand(product.price);
  return product[group] ?? "";
}

/** AND across groups, OR within a group; an empty group does not filter. */
export function matches(product: Product, filters: Filters, except?: Group): boolean {
  return GROUPS.every((group) => {
    const wanted = filters[group];
    if (group === except || !wanted || wanted.length === 0) return true;
    return (wanted as string[]).includes(valueOf(product, group));
  });
}

export function filterProducts(products: Product[], filters: Filters): Product[] {
  return products.filter((product) => matches(product, filters));
}

export interface FacetValue {
  value: string;
  count: number;
}

/**
 * Values of each group as found in the catalogue. A value's count is how many products it would
 * show given the other groups' filters, so ticking it never leads to an empty table by surprise.
 */
export function facets(products: Product[], filters: Filters) {
  const count = (group: Group, values: string[]): FacetValue[] =>
    values.map((value) => ({
      value,
      count: products.filter((p) => matches(p, filters, group) && valueOf(p, group) === value).length,
    }));
  const distinct = (group: Exclude<Group, "price">, order: (a: string, b: string) => number) =>
    [...new Set(products.map((p) => p[group]).filter((v): v is string => Boolean(v)))].sort(order);
  const alphabetical = (a: string, b: string) => a.localeCompare(b);
  return {
    total: filterProducts(products, filters).length,
    potency: count(
      "potency",
      distinct("potency", (a, b) => potencyMg(a) - potencyMg(b)),
    ),
    source: count("source", distinct("source", alphabetical)),
    brand: count("brand", distinct("brand", alphabetical)),
    price: count("price", PRICE_BANDS) as Array<{ value: PriceBand; count: number }>,
  };
}
