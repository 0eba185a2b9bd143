import type { PriceRange, ProductSort } from "@rsv/api/client";
import { isPriceRange, isProductSort, priceRanges } from "@rsv/api/product-rules";

/** The five sorts the selector offers; `potency` is still accepted from a shared URL. */
export const sortOptions = [
  "placement",
  "rating",
  "price-asc",
  "price-desc",
  "popularity",
] as const satisfies readonly ProductSort[];

export const filterGroups = ["potency", "source", "brand", "price"] as const;
export type FilterGroup = (typeof filterGroups)[number];

export interface ComparisonFilters {
  potency: string[];
  source: string[];
  brand: string[];
  price: PriceRange[];
}

export interface ComparisonQuery extends ComparisonFilters {
  sort: ProductSort;
}

const maxValuesPerGroup = 30;
const maxValueLength = 100;

function cleanValues(values: string[]): string[] {
  const trimmed = values
    .map((value) => value.trim())
    .filter((value) => value.length > 0 && value.length <= maxValueLength);
  return [...new Set(trimmed)].sort().slice(0, maxValuesPerGroup);
}

/** Reads sort and filters from a URL query; unknown sorts fall back to placement and unknown price ranges are dropped. */
export function parseComparisonQuery(search: string | URLSearchParams): ComparisonQuery {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const sort = params.get("sort");
  return {
    sort: isProductSort(sort) ? sort : "placement",
    potency: cleanValues(params.getAll("potency")),
    source: cleanValues(params.getAll("source")),
    brand: cleanValues(params.getAll("brand")),
    price: cleanValues(params.getAll("price"))
      .filter(isPriceRange)
      .sort((a, b) => priceRanges.indexOf(a) - priceRanges.indexOf(b)),
  };
}

/** The query string for a state, without a leading "?"; the default sort is left out so the plain URL stays canonical. */
export function serializeComparisonQuery(query: ComparisonQuery): string {
  const params = new URLSearchParams();
  if (query.sort !== "placement") params.set("sort", query.sort);
  for (const group of filterGroups) for (const value of query[group]) params.append(group, value);
  return params.toString();
}

export function filtersOf(query: ComparisonQuery): ComparisonFilters {
  return { potency: query.potency, source: query.source, brand: query.brand, price: query.price };
}

export function activeFilterCount(query: ComparisonFilters): number {
  return filterGroups.reduce((total, group) => total + query[group].length, 0);
}

export function toggleFilter(query: ComparisonQuery, group: FilterGroup, value: string): ComparisonQuery {
  const current: string[] = query[group];
  const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  const search = new URLSearchParams(serializeComparisonQuery({ ...query, [group]: [] }));
  for (const item of next) search.append(group, item);
  return parseComparisonQuery(search);
}

export function clearFilters(query: ComparisonQuery): ComparisonQuery {
  return { sort: query.sort, potency: [], source: [], brand: [], price: [] };
}

export function withSort(query: ComparisonQuery, sort: string): ComparisonQuery {
  return { ...query, sort: isProductSort(sort) ? sort : "placement" };
}
