import type { PriceRange } from "@rsv/api/client";
import { potencyMg, priceRange, priceRanges } from "@rsv/api/product-rules";
import type { Product } from "./product.js";

export { sortProducts } from "@rsv/api/product-rules";

export interface Filters {
  potency?: string[];
  source?: string[];
  brand?: string[];
  price?: PriceRange[];
}

type Group = keyof Filters;
const GROUPS: Group[] = ["potency", "source", "brand", "price"];

function valueOf(product: Product, group: Group): string {
  if (group === "price") return priceRange(product.price);
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
      distinct("potency", (a, b) => (potencyMg(a) ?? 0) - (potencyMg(b) ?? 0)),
    ),
    source: count("source", distinct("source", alphabetical)),
    brand: count("brand", distinct("brand", alphabetical)),
    price: count("price", [...priceRanges]) as Array<{ value: PriceRange; count: number }>,
  };
}
