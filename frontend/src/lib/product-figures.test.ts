import { describe, expect, it } from "vitest";
import { costPerMgPrice, costPerMgText, listOf, starParts } from "./product-figures.js";

describe("star rating", () => {
  it.each([
    ["5.0", { full: 5, half: false, empty: 0 }],
    ["4.9", { full: 4, half: true, empty: 0 }],
    ["4.5", { full: 4, half: true, empty: 0 }],
    ["4.4", { full: 4, half: false, empty: 1 }],
    ["3.0", { full: 3, half: false, empty: 2 }],
    ["0.5", { full: 0, half: true, empty: 4 }],
    ["0", { full: 0, half: false, empty: 5 }],
  ])("rating %s shows a half star only when the fraction is at least .5", (rating, parts) => {
    expect(starParts(rating)).toEqual(parts);
  });

  it("always shows five stars, even for out-of-range or malformed ratings", () => {
    for (const rating of ["7", "-1", "abc", 4.75]) {
      const { full, half, empty } = starParts(rating);
      expect(full + (half ? 1 : 0) + empty).toBe(5);
    }
  });
});

describe("cost per mg", () => {
  const cost = (price: string, potency: string | null, lang: "en" | "es" = "en") =>
    costPerMgText({ price, potency }, lang);

  it("divides the price by the milligrams of the potency, to 2 decimals", () => {
    expect(cost("49.95", "1000mg")).toBe("0.05");
    expect(cost("19.99", "250mg")).toBe("0.08");
    expect(cost("24.00", "6mg")).toBe("4.00");
    expect(cost("39.99", "12 mg")).toBe("3.33");
  });

  it("reads potencies as owners write them, and shows the cost in the reader's notation", () => {
    expect(cost("40.00", "1,000 mg")).toBe("0.04");
    expect(cost("40.00", "1.000 mg", "es")).toBe("0,04");
    expect(cost("10.00", "2,5 mg", "es")).toBe("4,00");
    expect(cost("10.00", "2.5mg")).toBe("4.00");
  });

  it("is written as a price in the currency of the price it comes from", () => {
    const price = (amount: string, currency: string, lang: "en" | "es") =>
      costPerMgPrice({ price: amount, potency: "1000mg" }, currency, lang)?.replace(/\u00a0/g, " ");
    expect(price("49.95", "USD", "en")).toBe("$0.05");
    expect(price("45.90", "EUR", "es")).toBe("0,05 €");
    expect(costPerMgPrice({ price: "20.00", potency: null }, "EUR", "en")).toBeNull();
  });

  it("is unknown without a usable potency", () => {
    expect(cost("20.00", null)).toBeNull();
    expect(cost("20.00", "capsules")).toBeNull();
    expect(cost("20.00", "0mg")).toBeNull();
  });
});

describe("feature lists", () => {
  it("accept a list or one newline-separated string and drop blank lines", () => {
    expect(listOf(["a", " b ", ""])).toEqual(["a", "b"]);
    expect(listOf("one\n\n two\n")).toEqual(["one", "two"]);
    expect(listOf(null)).toEqual([]);
  });
});
