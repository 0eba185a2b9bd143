import { buildPublicOffer } from "@rsv/api/factories";
import { describe, expect, it } from "vitest";
import { visitorOffers } from "./offers.js";

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
