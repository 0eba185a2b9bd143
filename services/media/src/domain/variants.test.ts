import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { needsVariant, resizeImage, VariantCache } from "./variants.js";

describe("needsVariant", () => {
  it("resizes only images wider than the width asked for, and never GIFs", () => {
    expect(needsVariant({ mimeType: "image/png", width: 800 }, 320)).toBe(true);
    expect(needsVariant({ mimeType: "image/png", width: 320 }, 320)).toBe(false);
    expect(needsVariant({ mimeType: "image/gif", width: 800 }, 320)).toBe(false);
    expect(needsVariant({ mimeType: "image/jpeg", width: 800 }, undefined)).toBe(false);
  });
});

describe("resizeImage", () => {
  it("keeps the format and the aspect ratio", async () => {
    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#884422" } })
      .jpeg()
      .toBuffer();
    const meta = await sharp(await resizeImage(jpeg, "image/jpeg", 320)).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 320, height: 160 });
  });
});

describe("VariantCache", () => {
  const bytes = (n: number) => Buffer.alloc(n);

  it("evicts the least recently used entry past the entry bound", () => {
    const cache = new VariantCache(2, 1000);
    cache.set("a", bytes(1));
    cache.set("b", bytes(1));
    cache.get("a");
    cache.set("c", bytes(1));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
  });
  it("stays under the byte bound and forgets an image's variants on delete", () => {
    const cache = new VariantCache(10, 100);
    cache.set("x:320", bytes(60));
    cache.set("x:640", bytes(60));
    expect(cache.size).toEqual({ entries: 1, bytes: 60 });
    cache.set("y:320", bytes(10));
    cache.deletePrefix("x:");
    expect(cache.size).toEqual({ entries: 1, bytes: 10 });
    cache.set("huge", bytes(101));
    expect(cache.get("huge")).toBeUndefined();
  });
});
