import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  clearFilters,
  parseComparisonQuery,
  serializeComparisonQuery,
  toggleFilter,
  withSort,
} from "./comparison-query.js";

describe("comparison URL", () => {
  it("starts at placement with no filters", () => {
    expect(parseComparisonQuery("")).toEqual({ sort: "placement", potency: [], source: [], brand: [], price: [] });
  });

  it("reads sort and repeated filter values", () => {
    const query = parseComparisonQuery(
      "?sort=rating&potency=500mg&potency=250mg&source=Hawaiian&brand=Corvella%20Labs&price=under-25",
    );
    expect(query).toEqual({
      sort: "rating",
      potency: ["250mg", "500mg"],
      source: ["Hawaiian"],
      brand: ["Corvella Labs"],
      price: ["under-25"],
    });
  });

  it("falls back to placement for an unknown sort and drops unknown price ranges and duplicates", () => {
    const query = parseComparisonQuery("sort=cheapest&price=free&price=over-35&price=over-35&potency=%20");
    expect(query.sort).toBe("placement");
    expect(query.price).toEqual(["over-35"]);
    expect(query.potency).toEqual([]);
  });

  it("accepts every sort of the API", () => {
    for (const sort of ["placement", "rating", "price-asc", "price-desc", "popularity", "potency"]) {
      expect(parseComparisonQuery(`sort=${sort}`).sort).toBe(sort);
    }
  });

  it("round-trips, leaving the default sort out of the URL", () => {
    const query = parseComparisonQuery("sort=price-desc&brand=B&brand=A&price=25-35&price=under-25");
    expect(serializeComparisonQuery(query)).toBe("sort=price-desc&brand=A&brand=B&price=under-25&price=25-35");
    expect(parseComparisonQuery(serializeComparisonQuery(query))).toEqual(query);
    expect(serializeComparisonQuery(parseComparisonQuery(""))).toBe("");
  });

  it("ticking adds a value to its group, unticking removes it, clear empties every group but keeps the sort", () => {
    let query = parseComparisonQuery("sort=rating");
    query = toggleFilter(query, "source", "Hawaiian");
    query = toggleFilter(query, "price", "over-35");
    query = toggleFilter(query, "source", "Natural");
    expect(query.source).toEqual(["Hawaiian", "Natural"]);
    expect(activeFilterCount(query)).toBe(3);
    query = toggleFilter(query, "source", "Hawaiian");
    expect(query.source).toEqual(["Natural"]);
    expect(clearFilters(query)).toEqual({ sort: "rating", potency: [], source: [], brand: [], price: [] });
    expect(withSort(query, "nonsense").sort).toBe("placement");
  });
});
