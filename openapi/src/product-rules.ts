import type { PriceRange, Product, ProductSort } from "./client.js";

/**
 * Rules about products that the catalog service and the front end both apply, so a list sorted
 * on the server and one sorted in the browser can never disagree.
 */

/** Every sort the contract accepts, in the order the comparison selector offers them. */
export const productSorts = [
  "placement",
  "rating",
  "price-asc",
  "price-desc",
  "popularity",
  "potency",
] as const satisfies readonly ProductSort[];

/** Every price range of the contract, cheapest first. */
export const priceRanges = ["under-25", "25-35", "over-35"] as const satisfies readonly PriceRange[];

// A sort or range added to the contract and missing above fails to compile here.
const everySort: Record<ProductSort, true> = Object.fromEntries(productSorts.map((s) => [s, true])) as Record<
  ProductSort,
  true
>;
const everyRange: Record<PriceRange, true> = Object.fromEntries(priceRanges.map((r) => [r, true])) as Record<
  PriceRange,
  true
>;

export function isProductSort(value: unknown): value is ProductSort {
  return typeof value === "string" && Object.hasOwn(everySort, value);
}

export function isPriceRange(value: unknown): value is PriceRange {
  return typeof value === "string" && Object.hasOwn(everyRange, value);
}

/** The numeric part of a potency label ("500mg", "2,5 mg"), or null when there is none. */
export function potencyMg(potency: string | null | undefined): number | null {
  const match = potency?.match(/\d+(?:[.,]\d+)?/);
  if (!match) return null;
  const value = Number(match[0].replace(",", "."));
  return value > 0 ? value : null;
}

/** Under $25, $25 to $35 inclusive, over $35. */
export function priceRange(price: string | number): PriceRange {
  const value = Number(price);
  if (value < 25) return "under-25";
  if (value <= 35) return "25-35";
  return "over-35";
}

type Sortable = Pick<Product, "id" | "placement" | "rating" | "price" | "potency" | "reviewCount">;

const comparators: Record<ProductSort, (a: Sortable, b: Sortable) => number> = {
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
  potency: (a, b) => (potencyMg(b.potency) ?? 0) - (potencyMg(a.potency) ?? 0),
  popularity: (a, b) => b.reviewCount - a.reviewCount,
};

/** A sorted copy; ties keep a stable, meaningful order by id. */
export function sortProducts<T extends Sortable>(products: readonly T[], sort: ProductSort = "placement"): T[] {
  return [...products].sort((a, b) => comparators[sort](a, b) || a.id - b.id);
}
