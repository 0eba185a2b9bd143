import { describe, expect, it } from "vitest";
import { isKnownCurrency, isKnownMarket } from "@rsv/api/offer-rules";
import { exactPrice, normalizeOffer } from "./offer.js";

const input = { productId: 1, retailer: " Farmacia Sol ", market: "es", url: " https://sol.example/p ", price: "59.9" };

describe("offers", () => {
  it("knows markets ISO 3166 assigns, and default", () => {
    expect(["ES", "DE", "PL", "US", "default"].every(isKnownMarket)).toBe(true);
    expect(["XX", "ZZ", "QO", "AA", "es", "E1", "DEFAULT"].some(isKnownMarket)).toBe(false);
  });

  it("knows ISO 4217 currencies", () => {
    expect(["EUR", "PLN", "USD", "GBP"].every(isKnownCurrency)).toBe(true);
    expect(["EURO", "ABC", "eur"].some(isKnownCurrency)).toBe(false);
  });

  it("keeps prices exact, without floats", () => {
    expect(exactPrice("59.9")).toBe("59.90");
    expect(exactPrice("0.1")).toBe("0.10");
    expect(exactPrice("007")).toBe("7.00");
    expect(exactPrice("99999999.99")).toBe("99999999.99");
    expect(exactPrice(12.5)).toBe("12.50");
    expect(exactPrice(12.345)).toBeNull();
    expect(exactPrice(-1)).toBeNull();
    expect(exactPrice("1,50")).toBeNull();
  });

  it("takes the market's currency when none is given, upper-cased and trimmed", () => {
    expect(normalizeOffer(input)).toEqual({
      productId: 1,
      retailer: "Farmacia Sol",
      market: "ES",
      url: "https://sol.example/p",
      price: "59.90",
      currency: "EUR",
      packSize: null,
    });
    expect(normalizeOffer({ ...input, market: "PL" }).currency).toBe("PLN");
    expect(normalizeOffer({ ...input, market: "default" }).currency).toBe("USD");
    expect(normalizeOffer({ ...input, currency: "usd" }).currency).toBe("USD");
  });

  it("names every bad field", () => {
    expect(() => normalizeOffer({ ...input, market: "XX", currency: "ABC", price: 1.234 })).toThrow(
      expect.objectContaining({
        status: 400,
        details: [
          expect.objectContaining({ path: "body.market" }),
          expect.objectContaining({ path: "body.currency" }),
          expect.objectContaining({ path: "body.price" }),
        ],
      }),
    );
  });

  it("writes a retailer as it reads: composed accents, nothing invisible, so one shop stays one", () => {
    const composed = normalizeOffer({ ...input, retailer: "Café Shop" }).retailer;
    expect(normalizeOffer({ ...input, retailer: "Cafe\u0301 Shop" }).retailer).toBe(composed);
    expect(normalizeOffer({ ...input, retailer: "Café\u200b Shop\u2060" }).retailer).toBe(composed);
    expect(normalizeOffer({ ...input, retailer: "\u202eCafé\u00a0 Shop" }).retailer).toBe(composed);
    expect(() => normalizeOffer({ ...input, retailer: "\u200b\ufeff" })).toThrow(
      expect.objectContaining({ status: 400, details: [expect.objectContaining({ path: "body.retailer" })] }),
    );
  });
});
