import { randomBytes } from "node:crypto";
import path from "node:path";

/**
 * Every name this service hands out: random hex for uploads, demo-… for the seed, and one of the
 * four extensions. Anything else (dots, slashes, encoded traversal) cannot name an image.
 */
const IMAGE_NAME = /^[a-z0-9][a-z0-9-]{0,63}\.(png|jpg|gif|webp)$/;

export function isImageName(name: string): boolean {
  return IMAGE_NAME.test(name);
}

/** A name that says nothing about the upload: 128 random bits and the sniffed extension. */
export function randomImageName(extension: string): string {
  return `${randomBytes(16).toString("hex")}.${extension}`;
}

const MAX_ORIGINAL_NAME = 255;

/** The uploader's file name for display: no directories, no control characters, at most 255 characters. */
export function cleanOriginalName(name: string | undefined, fallback: string): string {
  const base = path.posix.basename((name ?? "").replace(/\\/g, "/"));
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
  return Array.from(cleaned || fallback)
    .slice(0, MAX_ORIGINAL_NAME)
    .join("");
}
