import { describe, expect, it } from "vitest";
import { csvField, formulaSafe } from "./spreadsheet.js";

describe("formulaSafe", () => {
  it("puts an apostrophe before what a spreadsheet would run, and leaves the rest", () => {
    for (const text of ["=1+1", "+31 6", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(formulaSafe(text)).toBe(`'${text}`);
    for (const text of ["google", "a=b", "", "owner@example.com"]) expect(formulaSafe(text)).toBe(text);
  });
});

describe("a CSV field", () => {
  it("quotes separators and quotes, and defuses formulas at the start and after each semicolon", () => {
    expect(csvField("google")).toBe("google");
    expect(csvField('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("-2")).toBe("'-2");
    // Split at ";" by a Spanish spreadsheet, "=1+1" would be a cell of its own.
    expect(csvField("promo;=1+1;")).toBe(`"promo;'=1+1;"`);
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField("@SUM(A1);+cmd")).toBe(`"'@SUM(A1);'+cmd"`);
    expect(csvField(12.5)).toBe("12.5");
    expect(csvField(null)).toBe("");
  });
});
