import { describe, expect, it } from "vitest";
import { priceRange } from "@rsv/api/product-rules";
import { facets, filterProducts, sortProducts } from "./listing.js";
import { buildProduct } from "@rsv/api/factories";

const product = buildProduct;

describe("sorting", () => {
  it("puts ranked products first by rank, then the unranked by rating", () => {
    const list = [
      product({ name: "unranked-low", rating: "3.9" }),
      product({ name: "rank-2", placement: 2 }),
      product({ name: "unranked-high", rating: "4.8" }),
      product({ name: "rank-1", placement: 1 }),
    ];
    expect(sortProducts(list, "placement").map((p) => p.name)).toEqual([
      "rank-1",
      "rank-2",
      "unranked-high",
      "unranked-low",
    ]);
  });

  it("sorts potency by its milligrams, popularity by review count and price both ways", () => {
    const list = [
      product({ name: "a", potency: "250mg", reviewCount: 10, price: "19.99" }),
      product({ name: "b", potency: "1000mg", reviewCount: 5, price: "49.00" }),
      product({ name: "c", potency: "500mg", reviewCount: 99, price: "25.00" }),
    ];
    expect(sortProducts(list, "potency").map((p) => p.name)).toEqual(["b", "c", "a"]);
    expect(sortProducts(list, "popularity").map((p) => p.name)).toEqual(["c", "a", "b"]);
    expect(sortProducts(list, "price-asc").map((p) => p.name)).toEqual(["a", "c", "b"]);
    expect(sortProducts(list, "price-desc").map((p) => p.name)).toEqual(["b", "c", "a"]);
  });
});

describe("filters and facets", () => {
  const list = [
    product({ brand: "A", source: "Grape Skin", potency: "250mg", price: "24.99" }),
    product({ brand: "A", source: "Natural", potency: "500mg", price: "25.00" }),
    product({ brand: "B", source: "Natural", potency: "500mg", price: "35.00" }),
    product({ brand: "B", source: "Hawaiian", potency: "1000mg", price: "35.01" }),
  ];

  it("bands prices with both ends of 25-35 inclusive", () => {
    expect(["24.99", "25.00", "35.00", "35.01"].map(priceRange)).toEqual(["under-25", "25-35", "25-35", "over-35"]);
  });

  it("combines groups with AND and values within a group with OR", () => {
    expect(filterProducts(list, { brand: ["A", "B"], source: ["Natural"] })).toHaveLength(2);
    expect(filterProducts(list, { brand: ["A"], source: ["Natural"], price: ["25-35"] })).toHaveLength(1);
    expect(filterProducts(list, { brand: [], source: [] })).toHaveLength(4);
  });

  it("counts each value against the other groups' filters", () => {
    const result = facets(list, { brand: ["A"] });
    expect(result.total).toBe(2);
    expect(result.brand).toEqual([
      { value: "A", count: 2 },
      { value: "B", count: 2 },
    ]);
    expect(result.source).toEqual([
      { value: "Grape Skin", count: 1 },
      { value: "Hawaiian", count: 0 },
      { value: "Natural", count: 1 },
    ]);
    expect(result.potency.map((f) => f.value)).toEqual(["250mg", "500mg", "1000mg"]);
  });

  it("takes potencies that read as the same milligrams for one value, spelled as most products spell it", () => {
    const spelled = [
      product({ potency: "1000mg" }),
      product({ potency: "1,000 mg" }),
      product({ potency: "1000mg" }),
      product({ potency: "1 g" }),
      product({ potency: "2,5 mg" }),
    ];
    expect(facets(spelled, {}).potency).toEqual([
      { value: "2,5 mg", count: 1 },
      { value: "1000mg", count: 4 },
    ]);
    expect(filterProducts(spelled, { potency: ["1.000 mg"] })).toHaveLength(4);
    expect(filterProducts(spelled, { potency: ["2.5mg"] })).toHaveLength(1);
  });
  it("takes free text that differs only in case or spacing for one value, spelled as most products spell it", () => {
    const spelled = [
      product({ source: "Japanese knotweed", brand: "Vita Labs" }),
      product({ source: "Japanese Knotweed", brand: "vita labs" }),
      product({ source: " Japanese  Knotweed ", brand: "Vita Labs" }),
      product({ source: "Japanese Knotweed", brand: "Other" }),
      product({ source: "Grape skin", brand: "Other" }),
    ];
    const result = facets(spelled, {});
    expect(result.source).toEqual([
      { value: "Grape skin", count: 1 },
      { value: "Japanese Knotweed", count: 4 },
    ]);
    expect(result.brand).toEqual([
      { value: "Other", count: 2 },
      { value: "Vita Labs", count: 3 },
    ]);
    expect(filterProducts(spelled, { source: ["japanese knotweed"] })).toHaveLength(4);
    expect(filterProducts(spelled, { source: ["Japanese Knotweed"], brand: ["VITA LABS"] })).toHaveLength(3);
    expect(facets(spelled, { brand: ["vita labs"] }).source).toEqual([
      { value: "Grape skin", count: 0 },
      { value: "Japanese Knotweed", count: 3 },
    ]);
  });
});
