import { buildProduct as product, buildPublicOffer as offer } from "@rsv/api/factories";
import { describe, expect, it } from "vitest";
import { inMarket, pricingCountry } from "./products.js";

const catalogue = [
  product({ id: 1, offers: [offer({ price: "30.00" }), offer({ market: "ES", price: "28.00", currency: "EUR" })] }),
  product({ id: 2, offers: [offer({ price: "20.00" })] }),
];

describe("pricingCountry (the market a question is priced in)", () => {
  it("prices a question asking for euros in a euro market the catalogue has, wherever the visitor is", () => {
    expect(pricingCountry("how much is it in euros?", null, catalogue)).toBe("ES");
    expect(pricingCountry("¿menos de 30 €?", "US", catalogue)).toBe("ES");
    expect(inMarket(catalogue[0]!, pricingCountry("in euros", "US", catalogue))).toMatchObject({
      price: "28.00",
      currency: "EUR",
    });
  });

  it("keeps the visitor's market when it already uses that currency, or asks for none it knows", () => {
    expect(pricingCountry("¿cuánto cuesta en euros?", "FR", catalogue)).toBe("FR");
    expect(pricingCountry("how much in dollars?", null, catalogue)).toBeNull();
    expect(pricingCountry("¿y en libras?", "ES", catalogue)).toBe("ES");
  });

  it("prices a question asking for dollars from Spain as the rest of the world's offers", () => {
    expect(pricingCountry("¿y en dólares?", "ES", catalogue)).toBeNull();
    expect(inMarket(catalogue[0]!, pricingCountry("¿y en dólares?", "ES", catalogue))).toMatchObject({
      price: "30.00",
      currency: "USD",
    });
    expect(pricingCountry("how much is it?", "US", catalogue)).toBe("US");
  });
});
