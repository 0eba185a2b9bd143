import { buildPublicOffer } from "@rsv/api/factories";
import { describe, expect, it } from "vitest";
import { offerAvailability, offersInLeadCurrency, visitorOffers } from "./offers.js";

const offer = buildPublicOffer;

describe("a visitor's offers", () => {
  const offers = [
    offer({ id: 1, market: "default", retailer: "World Shop", price: "30.00", currency: "USD" }),
    offer({ id: 2, market: "ES", retailer: "Tienda", price: "59.90", currency: "EUR" }),
    offer({ id: 3, market: "ES", retailer: "Farmacia", price: "49.90", currency: "EUR", status: "out_of_stock" }),
    offer({ id: 4, market: "ES", retailer: "Herbolario", price: "62.00", currency: "EUR", status: "unchecked" }),
  ];

  it("are their market's, usable first and cheapest first, with the best one the buy button leads to", () => {
    const spain = visitorOffers({ offers, preferredRetailer: null }, "ES");
    expect(spain.offers.map((o) => o.id)).toEqual([2, 4, 3]);
    expect(spain.best?.id).toBe(2);
    const elsewhere = visitorOffers({ offers, preferredRetailer: null }, "JP");
    expect(elsewhere.offers.map((o) => o.id)).toEqual([1]);
    expect(visitorOffers({ offers, preferredRetailer: null }, null).best?.id).toBe(1);
  });

  it("lead to the preferred retailer while its offer is usable", () => {
    expect(visitorOffers({ offers, preferredRetailer: "herbolario" }, "ES").best?.id).toBe(4);
    expect(visitorOffers({ offers, preferredRetailer: "Farmacia" }, "ES").best?.id).toBe(2);
  });

  it("have no best offer when none is usable, but still list the market's offers as unavailable", () => {
    const gone = [
      offer({ id: 5, market: "ES", status: "out_of_stock" }),
      offer({ id: 6, market: "ES", status: "broken" }),
    ];
    const result = visitorOffers({ offers: gone, preferredRetailer: null }, "ES");
    expect(result.best).toBeUndefined();
    expect(result.offers.map((o) => o.id)).toEqual([5, 6]);
    expect(visitorOffers({ offers: [], preferredRetailer: null }, "ES")).toEqual({ offers: [], best: undefined });
  });
});

describe("offer availability and currencies", () => {
  it("is in stock while a visitor may be sent to the offer", () => {
    expect(offerAvailability({ status: "ok" })).toBe("https://schema.org/InStock");
    expect(offerAvailability({ status: "redirected" })).toBe("https://schema.org/InStock");
    expect(offerAvailability({ status: "unchecked" })).toBe("https://schema.org/InStock");
    expect(offerAvailability({ status: "out_of_stock" })).toBe("https://schema.org/OutOfStock");
    expect(offerAvailability({ status: "broken" })).toBe("https://schema.org/OutOfStock");
  });

  it("compares prices only in the currency of the cheapest usable offer", () => {
    const listed = [
      offer({ id: 1, currency: "GBP", status: "ok" }),
      offer({ id: 2, currency: "EUR", status: "ok" }),
      offer({ id: 3, currency: "GBP", status: "broken" }),
    ];
    expect(offersInLeadCurrency(listed).map((o) => o.id)).toEqual([1, 3]);
    const noneUsable = [
      offer({ id: 4, currency: "EUR", status: "broken" }),
      offer({ id: 5, currency: "PLN", status: "broken" }),
    ];
    expect(offersInLeadCurrency(noneUsable).map((o) => o.id)).toEqual([4]);
    expect(offersInLeadCurrency([])).toEqual([]);
  });
});
