import { describe, expect, it } from "vitest";
import { cataloguePricing, priceRange } from "@rsv/api/product-rules";
import { facets as facetsBy, filterProducts as filterBy, sortProducts, visitorPricing } from "./listing.js";
import { buildProduct, buildPublicOffer } from "@rsv/api/factories";
import type { Product } from "./product.js";

const product = buildProduct;
// Products priced by their catalogue price, where the price is not what a test is about.
const filterProducts = (list: Product[], filters: Parameters<typeof filterBy>[1]) =>
  filterBy(list, filters, cataloguePricing);
const facets = (list: Product[], filters: Parameters<typeof facetsBy>[1]) => facetsBy(list, filters, cataloguePricing);

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

describe("prices as the visitor is shown them", () => {
  const offer = buildPublicOffer;
  // Two sold in Spain in euros, one only in the default market in dollars, one with no usable offer.
  const list = [
    product({
      name: "euro-dear",
      price: "10.00",
      offers: [offer({ market: "default", price: "10.00" }), offer({ market: "ES", price: "40.00", currency: "EUR" })],
    }),
    product({ name: "dollar-only", price: "12.00", offers: [offer({ market: "default", price: "12.00" })] }),
    product({ name: "euro-cheap", price: "50.00", offers: [offer({ market: "ES", price: "20.00", currency: "EUR" })] }),
    product({ name: "unavailable", price: "5.00", offers: [offer({ market: "default", status: "broken" })] }),
  ];
  const names = (products: Product[]) => products.map((p) => p.name);

  it("sorts by the offer's price, the ranges' currency first, then other currencies, then the unpriced", () => {
    const spain = visitorPricing(list, "ES");
    expect(spain.currency).toBe("EUR");
    expect(names(sortProducts(list, "price-asc", spain))).toEqual([
      "euro-cheap",
      "euro-dear",
      "dollar-only",
      "unavailable",
    ]);
    expect(names(sortProducts(list, "price-desc", spain))).toEqual([
      "euro-dear",
      "euro-cheap",
      "dollar-only",
      "unavailable",
    ]);
    // An unknown country sees the default market's dollars: the euro-only product joins the unpriced.
    const unknown = visitorPricing(list, null);
    expect(unknown.currency).toBe("USD");
    expect(names(sortProducts(list, "price-asc", unknown))).toEqual([
      "euro-dear",
      "dollar-only",
      "euro-cheap",
      "unavailable",
    ]);
  });

  it("puts a product in a price range only when it is shown in the ranges' currency", () => {
    const spain = visitorPricing(list, "ES");
    const result = facetsBy(list, {}, spain);
    expect(result.currency).toBe("EUR");
    expect(result.price).toEqual([
      { value: "under-25", count: 1 },
      { value: "25-35", count: 0 },
      { value: "over-35", count: 1 },
    ]);
    expect(names(filterBy(list, { price: ["under-25", "over-35"] }, spain))).toEqual(["euro-dear", "euro-cheap"]);
    expect(names(filterBy(list, { price: ["under-25"] }, visitorPricing(list, null)))).toEqual([
      "euro-dear",
      "dollar-only",
    ]);
  });

  it("reads the ranges in the market's usual currency while any product is shown in it, else the most shown", () => {
    const germany = (price: string, currency: string) =>
      product({ offers: [offer({ market: "DE", price, currency })] });
    expect(
      visitorPricing([germany("9.00", "EUR"), germany("9.00", "CHF"), germany("8.00", "CHF")], "DE").currency,
    ).toBe("EUR");
    expect(
      visitorPricing([germany("9.00", "CHF"), germany("9.00", "PLN"), germany("8.00", "PLN")], "DE").currency,
    ).toBe("PLN");
    expect(visitorPricing([germany("9.00", "SEK"), germany("9.00", "CHF")], "DE").currency).toBe("CHF");
    // A country with no offers of its own sees the default market's prices, and its ranges follow them.
    expect(visitorPricing(list, "GB").currency).toBe("USD");
    expect(visitorPricing([], "GB").currency).toBe("GBP");
  });
});
