import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { imageDimensions, sniffImage } from "./image-type.js";

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
