import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { greyPng } from "../test-images.js";
import { needsVariant, renderVariant, resizeImage, servesWebp, VariantCache } from "./variants.js";

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

describe("servesWebp", () => {
  const chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
  it("turns JPEG and PNG into WebP for clients that list it", () => {
    expect(servesWebp("image/jpeg", chrome)).toBe(true);
    expect(servesWebp("image/png", "image/WebP;q=0.5")).toBe(true);
    expect(servesWebp("image/gif", chrome)).toBe(false);
    expect(servesWebp("image/webp", chrome)).toBe(false);
  });

  it("keeps the original without an explicit image/webp, or when it is refused with q=0", () => {
    expect(servesWebp("image/jpeg", "*/*")).toBe(false);
    expect(servesWebp("image/jpeg", "image/*")).toBe(false);
    expect(servesWebp("image/jpeg", undefined)).toBe(false);
    expect(servesWebp("image/jpeg", "image/webp;q=0, image/*")).toBe(false);
    expect(servesWebp("image/jpeg", "image/webpx")).toBe(false);
  });
});

describe("renderVariant", () => {
  it("converts to WebP at full size or resized", async () => {
    const png = await sharp({ create: { width: 800, height: 400, channels: 4, background: "#33669980" } })
      .png()
      .toBuffer();
    expect(await sharp(await renderVariant(png, "image/webp", undefined)).metadata()).toMatchObject({
      format: "webp",
      width: 800,
      height: 400,
      hasAlpha: true,
    });
    expect(await sharp(await renderVariant(png, "image/webp", 320)).metadata()).toMatchObject({
      format: "webp",
      width: 320,
      height: 160,
    });
  });

  it("refuses to decode an image over 40 megapixels, stored before the limit", async () => {
    await expect(renderVariant(greyPng(8000, 5001), "image/png", 320)).rejects.toThrow(/pixel limit/);
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
