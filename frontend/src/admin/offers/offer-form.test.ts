import { buildOffer } from "@rsv/api/factories";
import { describe, expect, it } from "vitest";
import {
  draftFromOffer,
  emptyOfferDraft,
  offerInputFromDraft,
  serverFieldErrors,
  validateOffer,
  withMarket,
  type OfferDraft,
} from "./offer-form.js";

const filled = (patch: Partial<OfferDraft> = {}): OfferDraft => ({
  ...emptyOfferDraft(3),
  retailer: "Tienda",
  market: "ES",
  url: "https://tienda.example/p/1",
  price: "59.9",
  currency: "EUR",
  ...patch,
});

describe("offer form", () => {
  it("names each field the contract would refuse", () => {
    expect(validateOffer({ ...emptyOfferDraft(), currency: "" })).toEqual({
      productId: "productRequired",
      retailer: "retailerRequired",
      url: "urlInvalid",
      price: "priceInvalid",
    });
    expect(validateOffer(filled())).toEqual({});
    expect(validateOffer(filled({ market: "ESP" })).market).toBe("marketInvalid");
    expect(validateOffer(filled({ market: "Default" })).market).toBeUndefined();
    expect(validateOffer(filled({ url: "javascript:alert(1)" })).url).toBe("urlInvalid");
    expect(validateOffer(filled({ url: "ftp://tienda.example" })).url).toBe("urlInvalid");
    expect(validateOffer(filled({ price: "1.234" })).price).toBe("priceInvalid");
    expect(validateOffer(filled({ currency: "EURO" })).currency).toBe("currencyInvalid");
    // Codes of the right shape that name no country or currency: refused here, in the admin's words.
    expect(validateOffer(filled({ market: "xx" })).market).toBe("marketInvalid");
    expect(validateOffer(filled({ currency: "abc" })).currency).toBe("currencyInvalid");
    expect(validateOffer(filled({ market: "pl", currency: "pln" }))).toEqual({});
    expect(validateOffer(filled({ packSize: "0" })).packSize).toBe("packSizeInvalid");
    expect(validateOffer(filled({ packSize: "60" })).packSize).toBeUndefined();
  });

  it("lets the currency follow the market until the owner picks one", () => {
    const spain = withMarket(emptyOfferDraft(), "ES");
    expect(spain.currency).toBe("EUR");
    expect(withMarket(spain, "pl").currency).toBe("PLN");
    expect(withMarket({ ...spain, currency: "" }, "GB").currency).toBe("GBP");
    expect(withMarket({ ...spain, currency: "USD" }, "PL").currency).toBe("USD");
  });

  it("sends the market in capitals, the currency when given and no pack size as null", () => {
    expect(offerInputFromDraft(filled({ market: "es", currency: "eur", retailer: " Tienda " }))).toEqual({
      productId: 3,
      retailer: "Tienda",
      market: "ES",
      url: "https://tienda.example/p/1",
      price: "59.9",
      currency: "EUR",
      packSize: null,
    });
    expect(offerInputFromDraft(filled({ market: "DEFAULT", currency: "", packSize: "60" }))).toMatchObject({
      market: "default",
      packSize: 60,
    });
    expect(offerInputFromDraft(filled({ currency: "" }))).not.toHaveProperty("currency");
    // Typed the Spanish way: 12,5 is twelve and a half, never 125.
    expect(validateOffer(filled({ price: "12,5" })).price).toBeUndefined();
    expect(offerInputFromDraft(filled({ price: "12,5" })).price).toBe("12.5");
  });

  it("opens an offer with what was saved", () => {
    const offer = buildOffer({ productId: 9, market: "DE", price: "12.00", currency: "EUR", packSize: 30 });
    expect(draftFromOffer(offer)).toMatchObject({ productId: "9", market: "DE", price: "12.00", packSize: "30" });
  });

  it("puts each of the server's refusals beside its field, the first one winning", () => {
    expect(
      serverFieldErrors([
        { path: "body.currency", message: "Unknown currency ZZZ" },
        { path: "productId", message: "Product not found" },
        { path: "body.currency", message: "second" },
        { path: "query.x", message: "not a field" },
      ]),
    ).toEqual({ currency: "Unknown currency ZZZ", productId: "Product not found" });
  });
});
