import { buildProduct, buildPublicOffer } from "@rsv/api/factories";
import { describe, expect, it } from "vitest";
import { offerAvailability, offersJsonLd, priceRangeOffers, productJsonLd } from "./structured-data.js";

const offer = buildPublicOffer;

const origin = "https://reviews.example";

describe("a review's Product offers", () => {
  it("are one Offer for a market with one offer: price, currency, availability, the /go link and the seller", () => {
    const product = buildProduct({
      slug: "vita-500",
      offers: [buildPublicOffer({ id: 11, market: "ES", retailer: "Tienda", price: "59.90", currency: "EUR" })],
    });
    expect(offersJsonLd(origin, product, "ES")).toEqual({
      "@type": "Offer",
      price: "59.90",
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
      url: "https://reviews.example/go/vita-500/11",
      seller: { "@type": "Organization", name: "Tienda" },
    });
  });

  it("are an AggregateOffer for several, its range told from usable offers in the cheapest one's currency", () => {
    const product = buildProduct({
      slug: "vita-500",
      offers: [
        buildPublicOffer({
          id: 1,
          market: "ES",
          retailer: "A",
          price: "49.00",
          currency: "EUR",
          status: "out_of_stock",
        }),
        buildPublicOffer({ id: 2, market: "ES", retailer: "B", price: "59.90", currency: "EUR" }),
        buildPublicOffer({ id: 3, market: "ES", retailer: "C", price: "64.50", currency: "EUR", status: "redirected" }),
        buildPublicOffer({ id: 4, market: "ES", retailer: "D", price: "20.00", currency: "GBP", status: "broken" }),
        buildPublicOffer({ id: 5, market: "default", retailer: "E", price: "10.00", currency: "USD" }),
      ],
    });
    const data = offersJsonLd(origin, product, "ES");
    expect(data).toMatchObject({
      "@type": "AggregateOffer",
      lowPrice: "59.90",
      highPrice: "64.50",
      priceCurrency: "EUR",
      offerCount: 4,
    });
    const offers = (data as { offers: Array<Record<string, unknown>> }).offers;
    expect(offers.map((offer) => [offer.url, offer.availability])).toEqual([
      ["https://reviews.example/go/vita-500/2", "https://schema.org/InStock"],
      ["https://reviews.example/go/vita-500/3", "https://schema.org/InStock"],
      ["https://reviews.example/go/vita-500/4", "https://schema.org/OutOfStock"],
      ["https://reviews.example/go/vita-500/1", "https://schema.org/OutOfStock"],
    ]);
  });

  it("follow the visitor's market, and are left out when the product has no offers", () => {
    const product = buildProduct({
      offers: [
        buildPublicOffer({ id: 1, market: "ES", currency: "EUR" }),
        buildPublicOffer({ id: 2, market: "default", currency: "USD" }),
      ],
    });
    expect(offersJsonLd(origin, product, "US")).toMatchObject({ "@type": "Offer", priceCurrency: "USD" });
    expect(offersJsonLd(origin, product, "ES")).toMatchObject({ "@type": "Offer", priceCurrency: "EUR" });
    const bare = productJsonLd(origin, buildProduct({ offers: [] }), "en", "ES");
    expect(bare).toMatchObject({ "@type": "Product" });
    expect(JSON.parse(JSON.stringify(bare))).not.toHaveProperty("offers");
  });

  it("say out of stock when every offer of the market is out of stock or broken", () => {
    const product = buildProduct({
      offers: [buildPublicOffer({ id: 1, market: "default", status: "out_of_stock" })],
    });
    expect(offersJsonLd(origin, product, null)).toMatchObject({ availability: "https://schema.org/OutOfStock" });
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

  it("takes a price range from usable offers in the cheapest usable offer's currency", () => {
    const listed = [
      offer({ id: 1, currency: "GBP", status: "ok" }),
      offer({ id: 2, currency: "EUR", status: "ok" }),
      offer({ id: 6, currency: "GBP", status: "unchecked" }),
      offer({ id: 3, currency: "GBP", status: "broken" }),
    ];
    expect(priceRangeOffers(listed).map((o) => o.id)).toEqual([1, 6]);
    const noneUsable = [
      offer({ id: 4, currency: "EUR", status: "broken" }),
      offer({ id: 5, currency: "PLN", status: "broken" }),
    ];
    expect(priceRangeOffers(noneUsable).map((o) => o.id)).toEqual([4]);
    expect(priceRangeOffers([])).toEqual([]);
  });
});
