import { describe, expect, it } from "vitest";
import {
  costPerMg,
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

  it.each([
    ["500mg", 500],
    ["500", 500],
    ["1,000 mg", 1000],
    ["1.000 mg", 1000],
    ["1000mg", 1000],
    ["2,5 mg", 2.5],
    ["2.5 mg", 2.5],
    ["1,000.5 mg", 1000.5],
    ["1.000,5 mg", 1000.5],
    ["1,000,000 mcg", 1000],
    ["0,250 mg", 0.25],
    ["1000.500 mg", 1000.5],
    ["1 g", 1000],
    ["1,5 g", 1500],
    ["0.125 g", 125],
    ["2 gramos", 2000],
    ["500 mcg", 0.5],
    ["500 µg", 0.5],
    ["1 Gram", 1000],
    ["250 mg per capsule", 250],
    ["500 mg por cápsula", 500],
    ["Trans-resveratrol 98% 500 mg", 500],
    ["2 x 250 mg", 500],
    ["250-500 mg", 250],
    ["500 MG", 500],
  ])("reads the potency %s as %s mg", (label, mg) => {
    expect(potencyMg(label)).toBe(mg);
  });

  it.each(["0mg", "", null, "capsules", "60 capsules", "1,2,3 mg", "1.000,000.5 mg"])(
    "reads no potency in %s",
    (label) => {
      expect(potencyMg(label)).toBeNull();
    },
  );

  it("reads price over milligrams as the cost per mg", () => {
    expect(costPerMg({ price: "40.00", potency: "1,000 mg" })).toBe(0.04);
    expect(costPerMg({ price: "10.00", potency: "2,5 mg" })).toBe(4);
    expect(costPerMg({ price: "10.00", potency: "capsules" })).toBeNull();
  });

  it("read price ranges", () => {
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

  it("break ties of every other sort by the ranking, then by id", () => {
    const product = (id: number, placement: number | null, potency: string) =>
      ({ id, placement, rating: "4.0", price: "30", potency, reviewCount: 0 }) as const;
    const sorted = sortProducts(
      [product(1, null, "500mg"), product(2, 2, "1 g"), product(3, 1, "1,000 mg"), product(4, null, "500 mg")],
      "potency",
    );
    expect(sorted.map((p) => p.id)).toEqual([3, 2, 1, 4]);
  });
});
