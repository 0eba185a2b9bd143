import { createHash } from "node:crypto";
import type { Context } from "koa";
import { badRequest, notFound, unsupportedMediaType, type OperationRouter } from "@rsv/kit";
import { cleanOriginalName, isImageName, randomImageName } from "../domain/image-name.js";
import { imageDimensions, sniffImage } from "../domain/image-type.js";
import { needsVariant, resizeImage, type VariantCache } from "../domain/variants.js";
import type { ImageMeta, ImagesRepository } from "../repository/images.repository.js";
import { readFileField } from "../http/multipart.js";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_SIDE = 16_384;

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
    const size = kind ? await imageDimensions(upload.data) : null;
    if (!kind || !size) throw unsupportedMediaType("Only PNG, JPEG, GIF and WebP images are accepted");
    if (size.width > MAX_SIDE || size.height > MAX_SIDE) {
      const message = `Images may be at most ${MAX_SIDE} pixels wide and high`;
      throw badRequest(message, [{ path: "body.image", message }]);
    }
    const filename = randomImageName(kind.extension);
    const created = await images.create({
      filename,
      originalName: cleanOriginalName(upload.originalName, filename),
      mimeType: kind.mimeType,
      fileSize: upload.data.length,
      width: size.width,
      height: size.height,
      sha256: createHash("sha256").update(upload.data).digest("hex"),
      data: upload.data,
    });
    ctx.status = 201;
    ctx.body = toInfo(created);
  });

  router.on("getImage", async (ctx, { params, query }) => {
    if (!isImageName(params.filename)) throw notFound("Image not found");
    const image = await images.findMeta(params.filename);
    if (!image) throw notFound("Image not found");
    const width = needsVariant(image, query.w) ? query.w : undefined;
    const etag = `"${image.sha256}${width ? `-w${width}` : ""}"`;
    if (notModified(ctx, etag)) {
      setImageHeaders(ctx, etag);
      ctx.status = 304;
      return;
    }
    const key = `${image.sha256}:${width}`;
    let bytes = width ? variants.get(key) : undefined;
    if (!bytes) {
      const data = await images.findData(image.id);
      if (!data) throw notFound("Image not found");
      bytes = width ? await resizeImage(data, image.mimeType, width) : data;
      if (width) variants.set(key, bytes);
    }
    setImageHeaders(ctx, etag);
    ctx.body = bytes;
    ctx.type = image.mimeType;
  });

  router.on("deleteImage", async (ctx, { params }) => {
    const deleted = isImageName(params.filename) ? await images.delete(params.filename) : undefined;
    if (!deleted) throw notFound("Image not found");
    variants.deletePrefix(`${deleted.sha256}:`);
    ctx.status = 204;
  });
}
