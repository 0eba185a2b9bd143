import sharp from "sharp";
import type { ImageMime } from "./image-type.js";

/** The widths `?w=` may ask for: a small fixed set, so variants stay cacheable and cheap to hold. */
export const VARIANT_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/**
 * Whether a request for width w gets a resized copy. Never enlarged: an image no wider than w is
 * served as stored, and so is a GIF (its animation would not survive a simple resize).
 */
export function needsVariant(image: { mimeType: ImageMime; width: number | null }, w: number | undefined): boolean {
  return w !== undefined && image.mimeType !== "image/gif" && image.width !== null && image.width > w;
}

/** The image w pixels wide (aspect ratio kept, EXIF rotation applied) in its own format. */
export async function resizeImage(bytes: Uint8Array, mimeType: ImageMime, w: number): Promise<Buffer> {
  const pipeline = sharp(bytes).rotate().resize({ width: w, withoutEnlargement: true });
  switch (mimeType) {
    case "image/jpeg":
      return pipeline.jpeg({ quality: 82, progressive: true }).toBuffer();
    case "image/webp":
      return pipeline.webp({ quality: 80 }).toBuffer();
    default:
      return pipeline.png().toBuffer();
  }
}

/** A small least-recently-used map of resized variants, bounded by entries and by bytes. */
export class VariantCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 200,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.length;
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (!value) return;
    this.entries.delete(key);
    this.bytes -= value.length;
  }

  /** Drops every variant whose key starts with prefix (all widths of one image). */
  deletePrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
