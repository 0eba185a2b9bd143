import { describe, expect, it } from "vitest";
import { visitorCountry } from "./market.js";

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
