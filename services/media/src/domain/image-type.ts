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

/** Width and height as displayed (EXIF rotation applied), or null when the header does not decode. */
export async function imageDimensions(bytes: Uint8Array): Promise<Dimensions | null> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) return null;
    const turned = (meta.orientation ?? 1) >= 5;
    return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}
