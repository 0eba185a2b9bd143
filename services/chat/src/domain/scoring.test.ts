import { describe, expect, it } from "vitest";
import { buildProduct as product } from "@rsv/api/factories";
import { keywordScore } from "./scoring.js";

const heart = product({
  id: 1,
  name: "Pellucid Cardio Resveratrol 600",
  brand: "Pellucid Longevity Co.",
  bestFor: "Heart health",
  potency: "600mg",
});

describe("keywordScore (the product score of a message)", () => {
  it("gives the name +10 and the brand +8", () => {
    expect(keywordScore("Tell me about Pellucid Cardio Resveratrol 600", heart)).toBe(10 + 8);
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

  it("gives nothing for an unrelated message", () => {
    expect(keywordScore("What is the capital of Mongolia?", heart)).toBe(0);
  });
});
