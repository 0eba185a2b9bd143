import type { ImageInfo } from "@rsv/api/client";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

export type ImageMime = ImageInfo["mimeType"];

export interface ImageKind {
  mimeType: ImageMime;
  extension: "png" | "jpg" | "gif" | "webp";
}

const ACCEPTED: Record<string, ImageKind> = {
  "image/png": { mimeType: "image/png", extension: "png" },
  // An animated PNG is still a PNG to every browser.
  "image/apng": { mimeType: "image/png", extension: "png" },
  "image/jpeg": { mimeType: "image/jpeg", extension: "jpg" },
  "image/gif": { mimeType: "image/gif", extension: "gif" },
  "image/webp": { mimeType: "image/webp", extension: "webp" },
};

/** The image type the bytes say they are (never the client's claim), or null when not one we accept. */
export async function sniffImage(bytes: Uint8Array): Promise<ImageKind | null> {
  const found = await fileTypeFromBuffer(bytes);
  return (found && ACCEPTED[found.mime]) ?? null;
}

export interface Dimensions {
  width: number;
  height: number;
}

/** The most pixels an image may declare: enough for any camera photo, far from a decompression bomb. */
export const MAX_PIXELS = 40_000_000;
/** The longest side an image may declare (libwebp's own limit). */
export const MAX_SIDE = 16_384;

/**
 * Width and height as displayed (EXIF rotation applied), as the header declares them: read without
 * decoding a pixel, so a small file declaring a huge image costs nothing here. A GIF's logical
 * screen counts as well, since a browser sizes its canvas by it whatever its frames say. Null when
 * the header does not parse.
 */
export async function imageDimensions(bytes: Uint8Array): Promise<Dimensions | null> {
  try {
    // No pixel limit while only reading the header: an enormous size is refused with its own message.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    let { width, height } = meta;
    if (meta.format === "gif" && bytes.length >= 10) {
      const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      width = Math.max(width, view.readUInt16LE(6));
      height = Math.max(height, view.readUInt16LE(8));
    }
    const turned = (meta.orientation ?? 1) >= 5;
    return turned ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}

/** Why an image of this size is refused, or null when it is within the limits. */
export function sizeProblem({ width, height }: Dimensions): string | null {
  const declared = `this one declares ${width}×${height}`;
  if (width > MAX_SIDE || height > MAX_SIDE)
    return `Images may be at most ${MAX_SIDE} pixels wide and high (${declared})`;
  if (width * height > MAX_PIXELS)
    return `Images may hold at most ${MAX_PIXELS / 1_000_000} megapixels (${declared}, ${(
      (width * height) /
      1_000_000
    ).toFixed(1)} megapixels)`;
  return null;
}
