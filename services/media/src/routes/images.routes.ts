import { createHash } from "node:crypto";
import type { Context } from "koa";
import { notFound, unsupportedMediaType, type OperationRouter } from "@rsv/kit";
import { cleanOriginalName, isImageName, randomImageName } from "../domain/image-name.js";
import { imageDimensions, sizeProblem, sniffImage } from "../domain/image-type.js";
import { AnimationTooLarge, withoutMetadata } from "../domain/metadata.js";
import { needsVariant, renderVariant, servesWebp, type VariantCache } from "../domain/variants.js";
import type { ImageMeta, ImagesRepository } from "../repository/images.repository.js";
import { readFileField } from "../http/multipart.js";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * Image bytes are never a document: opened on their own they may load nothing and run nothing,
 * whatever a browser makes of them (the inline style is the browser's own image viewer's).
 */
export const IMAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const urlOf = (filename: string) => `/api/images/${filename}`;

function toInfo(image: ImageMeta) {
  return {
    id: image.id,
    filename: image.filename,
    originalName: image.originalName,
    mimeType: image.mimeType,
    fileSize: image.fileSize,
    url: urlOf(image.filename),
    createdAt: image.createdAt,
  };
}

/** If-None-Match holds our ETag (or *); the comparison is weak, as RFC 9110 asks for GET. */
function notModified(ctx: Context, etag: string): boolean {
  const header = ctx.get("if-none-match");
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}

/** Set only on success: an error must never be cached for a year. */
function setImageHeaders(ctx: Context, etag: string): void {
  // Names are random and never reused for other bytes, so a response never goes stale.
  ctx.set({
    ETag: etag,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": IMAGE_CONTENT_SECURITY_POLICY,
    "Content-Disposition": "inline",
  });
}

export function imageRoutes(router: OperationRouter, images: ImagesRepository, variants: VariantCache): void {
  router.on("listImages", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = (await images.list()).map(toInfo);
  });

  router.on("uploadImage", async (ctx) => {
    const upload = await readFileField(ctx.req, "image", MAX_IMAGE_BYTES, "Image is larger than 10 MB");
    const kind = await sniffImage(upload.data);
    // From the header only: a small file declaring a huge image (a decompression bomb) is refused
    // before anything decodes it, here or later when a resized copy is made.
    const size = kind ? await imageDimensions(upload.data) : null;
    if (!kind || !size) throw unsupportedMediaType("Only PNG, JPEG, GIF and WebP images are accepted");
    const tooLarge = sizeProblem(size);
    if (tooLarge) throw unsupportedMediaType(tooLarge);
    // Stored, and served to anyone, without its EXIF (a phone's GPS position), XMP or comments.
    const data = await withoutMetadata(upload.data, kind.mimeType).catch((error: unknown) => {
      if (error instanceof AnimationTooLarge) throw unsupportedMediaType(error.message);
      throw unsupportedMediaType("The image could not be read: the file may be damaged or cut short");
    });
    const stored = (await imageDimensions(data)) ?? size;
    const filename = randomImageName(kind.extension);
    const created = await images.create({
      filename,
      originalName: cleanOriginalName(upload.originalName, filename),
      mimeType: kind.mimeType,
      fileSize: data.length,
      width: stored.width,
      height: stored.height,
      sha256: createHash("sha256").update(data).digest("hex"),
      data,
    });
    ctx.status = 201;
    ctx.body = toInfo(created);
    ctx.state.audit = { target: { entity: "images", id: created.filename } };
  });

  router.on("getImage", async (ctx, { params, query }) => {
    if (!isImageName(params.filename)) throw notFound("Image not found");
    const image = await images.findMeta(params.filename);
    if (!image) throw notFound("Image not found");
    const width = needsVariant(image, query.w) ? query.w : undefined;
    // JPEG and PNG go out as WebP to browsers that take it (smaller at the same look); caches must
    // keep one copy per Accept.
    if (image.mimeType === "image/jpeg" || image.mimeType === "image/png") ctx.vary("Accept");
    const type = servesWebp(image.mimeType, ctx.get("accept")) ? "image/webp" : image.mimeType;
    const converted = width !== undefined || type !== image.mimeType;
    const etag = `"${image.sha256}${width ? `-w${width}` : ""}${type !== image.mimeType ? "-webp" : ""}"`;
    if (notModified(ctx, etag)) {
      setImageHeaders(ctx, etag);
      ctx.status = 304;
      return;
    }
    const key = `${image.sha256}:${width}:${type}`;
    let bytes = converted ? variants.get(key) : undefined;
    if (!bytes) {
      const data = await images.findData(image.id);
      if (!data) throw notFound("Image not found");
      bytes = converted ? await renderVariant(data, type, width) : data;
      if (converted) variants.set(key, bytes);
    }
    setImageHeaders(ctx, etag);
    ctx.body = bytes;
    ctx.type = type;
  });

  router.on("deleteImage", async (ctx, { params }) => {
    const deleted = isImageName(params.filename) ? await images.delete(params.filename) : undefined;
    if (!deleted) throw notFound("Image not found");
    variants.deletePrefix(`${deleted.sha256}:`);
    ctx.state.audit = { before: toInfo(deleted) };
    ctx.status = 204;
  });
}
