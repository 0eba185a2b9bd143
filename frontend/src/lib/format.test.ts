import { describe, expect, it } from "vitest";
import { formatPriceBoth } from "../admin/products/product-offers.js";
import { countryName, formatPrice } from "./format.js";

/** Intl separates amount and symbol with a no-break space; tests read it as a plain one. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("prices", () => {
  it("are written as each page language's readers write them, in the offer's currency", () => {
    expect(formatPrice("59.90", "EUR", "en")).toBe("€59.90");
    expect(plain(formatPrice("59.90", "EUR", "es"))).toBe("59,90 €");
    expect(formatPrice("24.99", "USD", "en")).toBe("$24.99");
    expect(plain(formatPrice("24.99", "USD", "es"))).toBe("24,99 US$");
    expect(plain(formatPrice("129.00", "PLN", "es"))).toBe("129,00 PLN");
  });

  it("keep two decimals and group thousands the language's way", () => {
    expect(formatPrice("1234.5", "EUR", "en")).toBe("€1,234.50");
    expect(plain(formatPrice(12345.5, "EUR", "es"))).toBe("12.345,50 €");
    expect(formatPrice(7, "GBP", "en")).toBe("£7.00");
  });

  it("accept a currency in small letters, and show an unreadable amount as zero", () => {
    expect(formatPrice("10.00", "eur", "en")).toBe("€10.00");
    expect(formatPrice("not a price", "USD", "en")).toBe("$0.00");
  });

  it("still render with a malformed currency code, naming it after the amount", () => {
    expect(formatPrice("5.5", "E", "en")).toBe("5.50 E");
    expect(formatPrice("5.5", "E", "es")).toBe("5,50 E");
  });

  it("show the admin both languages' notation side by side", () => {
    expect(plain(formatPriceBoth("59.90", "EUR"))).toBe("€59.90 / 59,90 €");
  });
});

describe("country names", () => {
  it("name a country in the language asked, and keep a code that names none", () => {
    expect(countryName("US", "en")).toBe("United States");
    expect(countryName("US", "es")).toBe("Estados Unidos");
    expect(countryName("DE", "es")).toBe("Alemania");
    // Not a region code: DisplayNames throws, the code stays.
    expect(countryName("default", "en")).toBe("default");
  });
});
