import { describe, expect, it } from "vitest";
import {
  isPriceRange,
  isProductSort,
  potencyMg,
  priceRange,
  priceRanges,
  productSorts,
  sortProducts,
} from "./product-rules.js";
import { loadSpec } from "./spec.js";

const schema = (name: string) =>
  (loadSpec() as { components: { schemas: Record<string, { enum: string[] }> } }).components.schemas[name]!;

describe("product rules shared by the catalog and the front end", () => {
  it("know exactly the sorts and price ranges of the contract", () => {
    expect([...productSorts].sort()).toEqual([...schema("ProductSort").enum].sort());
    expect([...priceRanges]).toEqual(schema("PriceRange").enum);
    expect(isProductSort("price-asc")).toBe(true);
    expect(isProductSort("toString")).toBe(false);
    expect(isPriceRange("25-35")).toBe(true);
    expect(isPriceRange("constructor")).toBe(false);
  });

  it("read potency labels and price ranges", () => {
    expect(["500mg", "2,5 mg", "0mg", "", null].map(potencyMg)).toEqual([500, 2.5, null, null, null]);
    expect(["24.99", "25.00", "35.00", "35.01"].map(priceRange)).toEqual(["under-25", "25-35", "25-35", "over-35"]);
  });

  it("rank placed products first, then the unplaced by rating, ties by id", () => {
    const product = (id: number, placement: number | null, rating: string) =>
      ({ id, placement, rating, price: "30", potency: "500mg", reviewCount: 0 }) as const;
    const sorted = sortProducts([
      product(1, null, "4.1"),
      product(2, 2, "3.0"),
      product(3, null, "4.8"),
      product(4, 1, "4.0"),
      product(5, null, "4.8"),
    ]);
    expect(sorted.map((p) => p.id)).toEqual([4, 2, 3, 5, 1]);
  });
});
