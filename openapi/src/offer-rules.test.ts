import { describe, expect, it } from "vitest";
import {
  bestOffer,
  defaultCurrency,
  offersForVisitor,
  visitorCountry,
  visitorMarket,
  type OfferChoice,
} from "./offer-rules.js";

describe("visitor country", () => {
  it("prefers the edge's country header", () => {
    expect(visitorCountry("de", "es-ES")).toBe("DE");
  });
  it("falls back to the region, then the language of Accept-Language", () => {
    expect(visitorCountry(undefined, "nl-NL,nl;q=0.9")).toBe("NL");
    expect(visitorCountry(undefined, "pl;q=0.8")).toBe("PL");
    expect(visitorCountry(undefined, "en")).toBeNull();
    expect(visitorCountry("", "*")).toBeNull();
  });
});

let next = 1;
const offer = (market: string, price: string, status: OfferChoice["status"] = "ok", retailer = `shop${next}`) => ({
  id: next++,
  retailer,
  market,
  price,
  status,
});

describe("choosing an offer", () => {
  const us = offer("default", "31.50");
  const esCheap = offer("ES", "27.90", "out_of_stock");
  const esOk = offer("ES", "29.90");
  const esDear = offer("ES", "35.00", "ok", "Farmacia Sol");
  const esNew = offer("ES", "19.00", "unchecked");
  const all = [us, esCheap, esOk, esDear, esNew];

  it("sends a visitor to the cheapest ok offer of their market", () => {
    expect(bestOffer(all, "ES")).toBe(esOk);
  });

  it("prefers the owner's retailer while its offer is usable", () => {
    expect(bestOffer(all, "ES", "farmacia sol")).toBe(esDear);
    expect(
      bestOffer(
        all.filter((o) => o !== esDear),
        "ES",
        "Farmacia Sol",
      ),
    ).toBe(esOk);
  });

  it("takes a usable unchecked offer when none is ok", () => {
    expect(bestOffer([esCheap, esNew, us], "ES")).toBe(esNew);
  });

  it("falls back to default when the market has nothing usable, or nothing at all", () => {
    expect(bestOffer([esCheap, us], "ES")).toBe(us);
    expect(bestOffer(all, "DE")).toBe(us);
    expect(bestOffer(all, null)).toBe(us);
    expect(visitorMarket([esCheap, us], "ES")).toBe("default");
  });

  it("has nothing when no offer is usable, and still lists the market's offers", () => {
    const broken = offer("default", "10.00", "broken");
    expect(bestOffer([esCheap, broken], "ES")).toBeUndefined();
    expect(offersForVisitor([esCheap, broken], "ES")).toEqual([esCheap]);
    expect(offersForVisitor([esCheap, broken], "DE")).toEqual([broken]);
  });

  it("lists usable offers first, each group cheapest first", () => {
    expect(offersForVisitor(all, "ES").map((o) => o.id)).toEqual([esNew.id, esOk.id, esDear.id, esCheap.id]);
  });
});

describe("default currency", () => {
  it("is the market's own", () => {
    expect(["DE", "ES", "NL", "PL", "default", "GB"].map(defaultCurrency)).toEqual([
      "EUR",
      "EUR",
      "EUR",
      "PLN",
      "USD",
      "GBP",
    ]);
  });
});
