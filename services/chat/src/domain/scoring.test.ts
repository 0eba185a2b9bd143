import { describe, expect, it } from "vitest";
import { buildProduct as product } from "@rsv/api/factories";
import { keywordScore, madeFor } from "./scoring.js";

const heart = product({
  id: 1,
  name: "Pellucid Cardio Resveratrol 600",
  brand: "Pellucid Longevity Co.",
  bestFor: "Heart health",
  potency: "600mg",
});

describe("keywordScore (the product score of a message)", () => {
  it("gives the name +10 and the brand +8", () => {
    expect(keywordScore("Tell me about Pellucid Max Strength", { ...heart, name: "Pellucid Max Strength" })).toBe(
      10 + 8,
    );
    // "Cardio" in the name is also the heart its bestFor is for: +6 and +3 more.
    expect(keywordScore("Tell me about Pellucid Cardio Resveratrol 600", heart)).toBe(10 + 8 + 6 + 3);
  });

  it("gives the brand alone +8", () => {
    expect(keywordScore("anything by pellucid?", heart)).toBe(8);
  });

  it("gives bestFor +6 and each listed keyword in both message and bestFor +3", () => {
    expect(keywordScore("something for the heart", heart)).toBe(6 + 3);
  });

  it("gives mg +2 when the product has a potency", () => {
    expect(keywordScore("is 600 mg too much?", heart)).toBe(2);
    expect(keywordScore("is 600 mg too much?", { ...heart, potency: null })).toBe(0);
  });

  const eyes = product({
    id: 2,
    name: "Novalith VisionGuard Resveratrol 250",
    brand: "Novalith Health",
    bestFor: "Apoyo a la salud ocular y la visión",
    potency: "250mg",
  });
  const corazon = { ...heart, bestFor: "Apoyo a la salud del corazón" };

  it.each([
    ["¿Qué producto me recomiendas para los ojos y cuánto cuesta?", eyes],
    ["algo para el ojo", eyes],
    ["algo para la vista", eyes],
    ["something for my eyes", { ...eyes, bestFor: "Eye and vision support" }],
    ["producto para el corazon", corazon],
    ["producto para el corazón", corazon],
    ["algo cardiovascular", corazon],
    ["something for blood pressure", heart],
  ])("reads the everyday words for a topic: %j scores the product made for it", (message, made) => {
    expect(keywordScore(message, made)).toBe(6 + 3);
  });

  it("does not take a word every bestFor shares for the topic: an eye question scores no heart product", () => {
    expect(keywordScore("Which product do you recommend for eye health and how much is it?", heart)).toBe(0);
    expect(keywordScore("¿Qué me recomiendas para la salud ocular?", corazon)).toBe(0);
    expect(madeFor(heart, new Set(["eye"]))).toBe(false);
    expect(madeFor({ bestFor: "Eye and vision support" }, new Set(["eye"]))).toBe(true);
    expect(madeFor(corazon, new Set(["heart"]))).toBe(true);
  });

  it("gives nothing for an unrelated message", () => {
    expect(keywordScore("What is the capital of Mongolia?", heart)).toBe(0);
  });
});
