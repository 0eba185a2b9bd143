import { describe, expect, it } from "vitest";
import { priceText, rateNumber } from "./decimal.js";

describe("a price as the owner types it", () => {
  it("takes a point or a comma before the decimals, and writes a point", () => {
    expect(priceText(" 12,5 ")).toBe("12.5");
    expect(priceText("12.50")).toBe("12.50");
    expect(priceText("0")).toBe("0");
    expect(priceText("99999999,99")).toBe("99999999.99");
  });

  it("takes thousands grouped with the other mark than the decimals'", () => {
    expect(priceText("1.234,50")).toBe("1234.50");
    expect(priceText("1,234.5")).toBe("1234.5");
    expect(priceText("12.345.678,90")).toBe("12345678.90");
  });

  it("refuses a mark that could group thousands or not, a third decimal, signs and words", () => {
    for (const typed of [
      "12,555",
      "1.234.50",
      "1,234,50",
      "1.23,50",
      "123.456.789,00",
      "-1",
      "12 €",
      "",
      "1e3",
      "123456789",
    ])
      expect(priceText(typed), typed).toBeNull();
  });
});

describe("rateNumber", () => {
  it("reads a rate in either language's way, and nothing at or below zero", () => {
    expect(rateNumber("0.92")).toBe(0.92);
    expect(rateNumber(" 0,92 ")).toBe(0.92);
    expect(rateNumber("1.08345678")).toBe(1.08345678);
    expect(rateNumber("25")).toBe(25);
    for (const bad of ["", "0", "0,0", "-1", "1.2.3", "1,234.5", "abc", "1.123456789"])
      expect(rateNumber(bad), bad).toBeNull();
  });
});
