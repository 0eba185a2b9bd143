import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngChunk } from "../test-images.js";
import { AnimationTooLarge, MAX_ANIMATION_PIXELS, withoutMetadata } from "./metadata.js";

const SECRET = "Jane Secret Home";
const exif = {
  IFD0: { Artist: SECRET, Copyright: SECRET },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 30/1" },
};
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } });

/** The PNG with chunks put in after its header (IHDR ends at byte 33). */
const withChunks = (png: Buffer, chunks: Buffer[]) => Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);

const chunkTypes = (png: Buffer) => {
  const types: string[] = [];
  for (let at = 8; at + 12 <= png.length; at += 12 + png.readUInt32BE(at))
    types.push(png.toString("latin1", at + 4, at + 8));
  return types;
};

describe("withoutMetadata", () => {
  it("takes EXIF, with its GPS position, out of a JPEG and turns it upright by its orientation", async () => {
    const photo = await solid(64, 48).jpeg().withExifMerge(exif).withMetadata({ orientation: 6 }).toBuffer();
    expect(photo.includes(SECRET)).toBe(true);
    expect((await sharp(photo).metadata()).orientation).toBe(6);

    const cleaned = await withoutMetadata(photo, "image/jpeg");
    expect(cleaned.includes(SECRET)).toBe(false);
    const meta = await sharp(cleaned).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 48, height: 64 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it("keeps the colour profile", async () => {
    const photo = await solid(16, 16).jpeg().withIccProfile("p3").withExifMerge(exif).toBuffer();
    const meta = await sharp(await withoutMetadata(photo, "image/jpeg")).metadata();
    expect(meta.icc).toBeDefined();
    expect(meta.exif).toBeUndefined();
  });

  it("drops a PNG's text, time and EXIF chunks and copies every other chunk byte for byte", async () => {
    const plain = await solid(20, 10).png().toBuffer();
    const tagged = withChunks(plain, [
      pngChunk("tEXt", Buffer.from(`Author\0${SECRET}`, "latin1")),
      pngChunk("iTXt", Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${SECRET}`, "latin1")),
      pngChunk("tIME", Buffer.from([7, 234, 11, 27, 12, 0, 0])),
      pngChunk("eXIf", Buffer.from(`MM\0*${SECRET}`, "latin1")),
    ]);
    const [header, ...rest] = chunkTypes(plain);
    expect(chunkTypes(tagged)).toEqual([header, "tEXt", "iTXt", "tIME", "eXIf", ...rest]);
    const cleaned = await withoutMetadata(tagged, "image/png");
    expect(cleaned.equals(plain)).toBe(true);
    // Whatever follows IEND is not part of the image.
    expect((await withoutMetadata(Buffer.concat([plain, Buffer.from(SECRET)]), "image/png")).equals(plain)).toBe(true);
  });

  it("keeps an animated PNG's frames, which libvips could not write back", async () => {
    const plain = await solid(4, 4).png().toBuffer();
    const animation = pngChunk("acTL", Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]));
    const animated = withChunks(plain, [animation, pngChunk("tEXt", Buffer.from(`Comment\0${SECRET}`, "latin1"))]);
    const [header, ...rest] = chunkTypes(plain);
    expect(chunkTypes(await withoutMetadata(animated, "image/png"))).toEqual([header, "acTL", ...rest]);
  });

  it("takes EXIF out of a WebP, losslessly when it was lossless", async () => {
    for (const lossless of [true, false]) {
      const image = await solid(24, 12).webp({ lossless }).withExifMerge(exif).toBuffer();
      expect(image.includes(SECRET)).toBe(true);
      const cleaned = await withoutMetadata(image, "image/webp");
      expect(cleaned.includes(SECRET)).toBe(false);
      expect(cleaned.includes("VP8L")).toBe(lossless);
      expect(await sharp(cleaned).metadata()).toMatchObject({ format: "webp", width: 24, height: 12 });
    }
  });

  it("writes a GIF again without its comments, keeping its frames, delays and loop", async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 8, height: 8, channels: 4, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame("#f00"), await frame("#0f0")], { join: { animated: true } })
      .gif({ delay: [100, 250], loop: 3 })
      .toBuffer();
    // A comment extension (0x21 0xFE) after the header and global colour table.
    const tableBytes = 3 * 2 ** ((gif[10]! & 0x07) + 1);
    const start = 13 + (gif[10]! & 0x80 ? tableBytes : 0);
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, SECRET.length]), Buffer.from(SECRET), Buffer.from([0])]);
    const commented = Buffer.concat([gif.subarray(0, start), comment, gif.subarray(start)]);
    expect(await sharp(commented, { animated: true }).metadata()).toMatchObject({ pages: 2 });

    const cleaned = await withoutMetadata(commented, "image/gif");
    expect(cleaned.includes(SECRET)).toBe(false);
    expect(await sharp(cleaned, { animated: true }).metadata()).toMatchObject({
      format: "gif",
      pages: 2,
      delay: [100, 250],
      loop: 3,
      width: 8,
      pageHeight: 8,
    });
  });

  it("refuses what does not decode, a PNG cut short included", async () => {
    const photo = await solid(64, 48).jpeg().toBuffer();
    await expect(withoutMetadata(photo.subarray(0, photo.length / 3), "image/jpeg")).rejects.toThrow();
    const noisy = await sharp(Buffer.from(Array.from({ length: 200 * 200 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 200, height: 200, channels: 3 },
    })
      .png()
      .toBuffer();
    await expect(withoutMetadata(noisy.subarray(0, noisy.length / 2), "image/png")).rejects.toThrow();
  });

  it("takes an animation whose frames together hold more than one image may, up to its own limit", async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 100, height: 100, channels: 3, background } })
        .png()
        .toBuffer();
    const frames = await Promise.all(Array.from({ length: 5 }, (_, i) => frame(i % 2 ? "#c33" : "#36c")));
    // Limits a hundredth of a million: each frame within one image's, the five together over it.
    const limits = { image: 20_000, animation: 60_000 };
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ delay: 100 })
      .toBuffer();
    const cleaned = await withoutMetadata(gif, "image/gif", limits);
    expect(await sharp(cleaned, { animated: true }).metadata()).toMatchObject({ pages: 5, width: 100 });
    const longer = await sharp([...frames, ...frames], { join: { animated: true } })
      .gif()
      .toBuffer();
    await expect(withoutMetadata(longer, "image/gif", limits)).rejects.toBeInstanceOf(AnimationTooLarge);
    expect(MAX_ANIMATION_PIXELS).toBeGreaterThan(140 * 640 * 480);
  });
});
