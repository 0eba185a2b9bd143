import type { ProductInput } from "@rsv/api/client";
import { describe, expect, it } from "vitest";
import { normalizeInput } from "./product.js";

const input: ProductInput = {
  name: "Corvella Trans-Resveratrol",
  brand: "Corvella Labs",
  potency: "500mg",
  source: "Japanese knotweed",
  price: "29.99",
  rating: "4.5",
  imageUrl: "/api/images/demo-1.png",
  description: "A steady daily dose.",
  bestFor: "Longevity",
};
const stored = (changes: Partial<ProductInput>) => normalizeInput({ ...input, ...changes }, (html) => html);
const refusedAt = (changes: Partial<ProductInput>) => {
  try {
    stored(changes);
  } catch (error) {
    return (error as { status: number; details: Array<{ path: string }> }).details.map((detail) => detail.path);
  }
  return [];
};

describe("normalizeInput", () => {
  it("keeps prices and ratings exact, from a form's string or a number", () => {
    expect(stored({ price: "12.5", rating: "4" })).toMatchObject({ price: "12.50", rating: "4.0" });
    expect(stored({ price: 12.5, rating: 4.5 })).toMatchObject({ price: "12.50", rating: "4.5" });
    expect(stored({ price: "0.10" }).price).toBe("0.10");
  });

  it("refuses a price or rating with more decimals than it may have, instead of rounding it", () => {
    expect(refusedAt({ price: 12.345 })).toEqual(["body.price"]);
    expect(refusedAt({ price: 1e-7 })).toEqual(["body.price"]);
    expect(refusedAt({ rating: 4.55 })).toEqual(["body.rating"]);
    expect(refusedAt({ price: 0.1 + 0.2, rating: 4.25 })).toEqual(["body.price", "body.rating"]);
  });

  it("writes brand, potency and source as they read, and refuses ones of invisible characters only", () => {
    expect(stored({ brand: "Marque\u0301 Labs" }).brand).toBe(stored({ brand: "Marqué\u200b Labs" }).brand);
    expect(stored({ brand: "Marque\u0301 Labs" }).brand).toBe("Marqué Labs");
    expect(refusedAt({ brand: "\u200b", source: "\u2060\ufeff" })).toEqual(["body.brand", "body.source"]);
  });

  it("writes the preferred retailer as offers' retailers are written, and a category of nothing as none", () => {
    expect(stored({ preferredRetailer: "Cafe\u0301\u200b Shop" }).preferredRetailer).toBe("Café Shop");
    expect(stored({ category: "\u200b" }).category).toBeNull();
  });
});
