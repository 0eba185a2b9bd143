import { crc32 } from "node:zlib";
import sharp from "sharp";
import { MAX_PIXELS, type ImageMime } from "./image-type.js";

/**
 * The image without what a camera or an editor wrote into it beside the pixels: EXIF (with the GPS
 * position a phone records, the camera's serial number, the author's name), XMP, IPTC and comments.
 * Every upload is public at its address, so none of that is kept.
 *
 * JPEG, WebP and GIF go through sharp (libvips), which writes no metadata unless asked: JPEG turned
 * upright by its EXIF orientation (the tag goes with the rest) at quality 90, WebP losslessly when it
 * was lossless (quality 90 otherwise), GIF with its palette, frames, delays and loop kept; the colour
 * profile is kept. PNG keeps its pixels byte for byte, libvips could not write an animated one back:
 * its text, time and EXIF chunks are dropped and every other chunk is copied as it is, each checked
 * against its checksum.
 */
export async function withoutMetadata(
  bytes: Buffer,
  mimeType: ImageMime,
  limits: { image: number; animation: number } = { image: MAX_PIXELS, animation: MAX_ANIMATION_PIXELS },
): Promise<Buffer> {
  if (mimeType === "image/png") return pngWithoutMetadata(bytes);
  // An animation is decoded whole: the frames' pixels together are what it costs (each frame was
  // held to the limit of one image from the header already).
  const { pages = 1, width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
  const pixels = pages * width * height;
  if (pages > 1 && pixels > limits.animation) throw new AnimationTooLarge(pixels, limits.animation);
  const limit = pages > 1 ? limits.animation : limits.image;
  const image = sharp(bytes, { limitInputPixels: limit, animated: true }).keepIccProfile();
  switch (mimeType) {
    case "image/jpeg":
      return image.autoOrient().jpeg({ quality: 90 }).toBuffer();
    case "image/webp":
      return image.webp(isLosslessWebp(bytes) ? { lossless: true } : { quality: 90 }).toBuffer();
    default:
      return image.gif({ reuse: true }).toBuffer();
  }
}

/** The most pixels an animation's frames may hold together: about 400 MB decoded, a minute of small GIF. */
export const MAX_ANIMATION_PIXELS = 100_000_000;

/** An animation whose frames hold more pixels together than MAX_ANIMATION_PIXELS. */
export class AnimationTooLarge extends Error {
  constructor(
    readonly pixels: number,
    limit: number,
  ) {
    super(
      `Animations may hold at most ${limit / 1_000_000} megapixels across their frames (this one holds ${(pixels / 1_000_000).toFixed(1)})`,
    );
  }
}

/** PNG's ancillary chunks that carry words, times or EXIF rather than anything drawn. */
const PNG_METADATA = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);
const PNG_SIGNATURE_BYTES = 8;

/** The PNG with its metadata chunks left out (each chunk: length, type, data, CRC). */
function pngWithoutMetadata(bytes: Buffer): Buffer {
  const kept: Buffer[] = [bytes.subarray(0, PNG_SIGNATURE_BYTES)];
  let at = PNG_SIGNATURE_BYTES;
  let ended = false;
  while (!ended && at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > bytes.length) break;
    // Each chunk's checksum, instead of decoding the image: a file cut short or damaged is refused
    // without the memory a decoded 40-megapixel image takes.
    if (crc32(bytes.subarray(at + 4, end - 4)) !== bytes.readUInt32BE(end - 4)) throw new DamagedPng();
    const type = bytes.toString("latin1", at + 4, at + 8);
    if (!PNG_METADATA.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    ended = type === "IEND";
  }
  // Whatever follows the image's end is not part of it, and is dropped; an image without one is cut short.
  if (!ended) throw new DamagedPng();
  return Buffer.concat(kept);
}

/** A PNG whose chunks do not add up: cut short, or a checksum that does not match. */
class DamagedPng extends Error {
  constructor() {
    super("The PNG is damaged or cut short");
  }
}

/** A WebP whose image is VP8L, WebP's lossless coding (RIFF header, then VP8X, VP8L or VP8). */
function isLosslessWebp(bytes: Buffer): boolean {
  return bytes.indexOf("VP8L", 12, "latin1") !== -1 && bytes.indexOf("VP8 ", 12, "latin1") === -1;
}
