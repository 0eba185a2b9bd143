import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { gifBomb, greyPng, webpBomb } from "../test-images.js";
import { imageDimensions, sizeProblem, sniffImage } from "./image-type.js";

const base = sharp({ create: { width: 4, height: 3, channels: 3, background: "#336699" } });

describe("sniffImage", () => {
  it("knows the four accepted types by their bytes", async () => {
    expect(await sniffImage(await base.clone().png().toBuffer())).toEqual({ mimeType: "image/png", extension: "png" });
    expect(await sniffImage(await base.clone().jpeg().toBuffer())).toEqual({
      mimeType: "image/jpeg",
      extension: "jpg",
    });
    expect(await sniffImage(await base.clone().gif().toBuffer())).toEqual({ mimeType: "image/gif", extension: "gif" });
    expect(await sniffImage(await base.clone().webp().toBuffer())).toEqual({
      mimeType: "image/webp",
      extension: "webp",
    });
  });
  it("refuses SVG, text and other formats", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await sniffImage(svg)).toBeNull();
    expect(await sniffImage(Buffer.from("just some text, not a png"))).toBeNull();
    expect(await sniffImage(await base.clone().tiff().toBuffer())).toBeNull();
  });
});

describe("imageDimensions", () => {
  it("reads the size, and null for a broken image", async () => {
    expect(await imageDimensions(await base.clone().png().toBuffer())).toEqual({ width: 4, height: 3 });
    const png = await base.clone().png().toBuffer();
    expect(await imageDimensions(png.subarray(0, 12))).toBeNull();
  });
});

describe("declared sizes and their limits", () => {
  it("reads the size a bomb declares from its header alone", async () => {
    expect(await imageDimensions(greyPng(30_000, 30_000, false))).toEqual({ width: 30_000, height: 30_000 });
    // The browser sizes a GIF by its logical screen, whatever its one frame says.
    expect(await imageDimensions(gifBomb(30_000, 30_000))).toEqual({ width: 30_000, height: 30_000 });
    expect(await imageDimensions(await webpBomb(16_000, 16_000))).toEqual({ width: 16_000, height: 16_000 });
  });

  it("allows 40 megapixels and sides of 16384 pixels, and says what an image over them declares", () => {
    expect(sizeProblem({ width: 8000, height: 5000 })).toBeNull();
    expect(sizeProblem({ width: 16_384, height: 2000 })).toBeNull();
    expect(sizeProblem({ width: 8000, height: 5001 })).toBe(
      "Images may hold at most 40 megapixels (this one declares 8000×5001, 40.0 megapixels)",
    );
    expect(sizeProblem({ width: 30_000, height: 30_000 })).toBe(
      "Images may be at most 16384 pixels wide and high (this one declares 30000×30000)",
    );
    expect(sizeProblem({ width: 16_385, height: 1 })).toMatch(/at most 16384 pixels/);
  });
});
