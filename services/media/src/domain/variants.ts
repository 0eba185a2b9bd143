import sharp from "sharp";
import { MAX_PIXELS, type ImageMime } from "./image-type.js";

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

/** Whether a JPEG or PNG is served as WebP: the client lists image/webp in Accept (with a q above 0). */
export function servesWebp(mimeType: ImageMime, accept: string | undefined): boolean {
  if (mimeType !== "image/jpeg" && mimeType !== "image/png") return false;
  return (accept ?? "").split(",").some((range) => {
    const [type, ...params] = range.split(";").map((part) => part.trim().toLowerCase());
    if (type !== "image/webp") return false;
    const q = params.find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The image in `format`, w pixels wide when w is given (aspect ratio kept, never enlarged), EXIF
 * rotation applied. Decoding stops at MAX_PIXELS, so an image stored before that limit cannot
 * exhaust memory either.
 */
export async function renderVariant(bytes: Uint8Array, format: ImageMime, w: number | undefined): Promise<Buffer> {
  let pipeline = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
  if (w !== undefined) pipeline = pipeline.resize({ width: w, withoutEnlargement: true });
  switch (format) {
    case "image/jpeg":
      return pipeline.jpeg({ quality: 82, progressive: true }).toBuffer();
    case "image/webp":
      return pipeline.webp({ quality: 80 }).toBuffer();
    default:
      return pipeline.png().toBuffer();
  }
}

/** The image w pixels wide (aspect ratio kept, EXIF rotation applied) in its own format. */
export function resizeImage(bytes: Uint8Array, mimeType: ImageMime, w: number): Promise<Buffer> {
  return renderVariant(bytes, mimeType, w);
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
