import { describe, expect, it } from "vitest";
import { parseConstraints, withoutConstraints } from "./constraints.js";

describe("bounds a question sets", () => {
  it.each([
    ["the cheapest with at least 500 mg", { minMg: 500 }],
    ["cheapest one that has 500mg or more", { minMg: 500 }],
    ["something with more than 250 mg", { minMg: 250 }],
    ["no more than 1 g per capsule", { maxMg: 1000 }],
    ["up to 600mg", { maxMg: 600 }],
    ["under $30", { maxPrice: 30 }],
    ["less than 25 dollars with at least 1,000 mg", { maxPrice: 25, minMg: 1000 }],
    ["between: over $20 and 40 USD or less", { minPrice: 20, maxPrice: 40 }],
  ])("in English: %s", (question, bounds) => {
    expect(parseConstraints(question)).toEqual(bounds);
  });

  it.each([
    ["el más barato con al menos 500 mg", { minMg: 500 }],
    ["¿Cuál es el más barato de como mínimo 500 mg?", { minMg: 500 }],
    ["uno de 500 mg o más", { minMg: 500 }],
    ["como máximo 1 gramo", { maxMg: 1000 }],
    ["hasta 250 mg por favor", { maxMg: 250 }],
    ["menos de 30 €", { maxPrice: 30 }],
    ["por debajo de 25 euros y por lo menos 1.000 mg", { maxPrice: 25, minMg: 1000 }],
    ["más de 20 dólares", { minPrice: 20 }],
  ])("in Spanish: %s", (question, bounds) => {
    expect(parseConstraints(question)).toEqual(bounds);
  });

  it("finds none in a question without amounts", () => {
    expect(parseConstraints("Which is best for longevity?")).toEqual({});
    expect(parseConstraints("Compare the top 3")).toEqual({});
  });
});

describe("withoutConstraints (what a question asks besides its limits)", () => {
  it.each([
    ["best resveratrol under $30", "best resveratrol"],
    ["el mejor por menos de 30 euros", "el mejor por"],
    ["at least 500 mg for the heart", "for the heart"],
    ["algo de 1 g o mas, barato", "algo de , barato"],
  ])("reads %j as %j", (message, asked) => {
    expect(withoutConstraints(message).replace(/\s+/g, " ").trim()).toBe(asked);
  });
});
