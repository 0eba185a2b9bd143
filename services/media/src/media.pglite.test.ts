import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { Knex } from "@rsv/kit";
import { startEmbeddedService, type EmbeddedService } from "@rsv/kit/testing";
import { media003 } from "./migrations/003_without_metadata.js";
import { mediaService } from "./service.js";

// Embedded mode (make start) runs over PGlite, which hands bytea back as a Uint8Array, not a Buffer.
describe("image library over embedded PGlite", () => {
  let service: EmbeddedService;
  let db: Knex;
  let url = "";

  beforeAll(async () => {
    service = await startEmbeddedService(mediaService);
    ({ db, url } = service);
  }, 60_000);

  afterAll(() => service?.close());

  it("seeds each demo image once, at its size", async () => {
    const [row] = await db("media.images").count<{ n: number }[]>({ n: "*" });
    expect(Number(row?.n)).toBe(23);
    const product = await fetch(`${url}/api/images/demo-15.png`);
    expect(product.status).toBe(200);
    expect(product.headers.get("content-type")).toBe("image/png");
    expect(await sharp(Buffer.from(await product.arrayBuffer())).metadata()).toMatchObject({ width: 800, height: 800 });
  });

  it("resizes from the stored bytes", async () => {
    const post = await fetch(`${url}/api/images/demo-post-1.png?w=640`);
    expect(post.status).toBe(200);
    expect(await sharp(Buffer.from(await post.arrayBuffer())).metadata()).toMatchObject({ width: 640, height: 336 });
  });

  it("sends image bytes as no document at all, and WebP to browsers that take it", async () => {
    // The embedded server sets the site's headers first; the service's own replace them for images.
    const response = await fetch(`${url}/api/images/demo-15.png?w=320`, { headers: { accept: "image/webp,*/*" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("vary")).toBe("Accept");
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({
      format: "webp",
      width: 320,
    });
  });

  it("takes the metadata out of images stored before uploads lost it", async () => {
    const photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#236" } })
      .jpeg()
      .withExifMerge({ IFD0: { Artist: "Jane Secret Home" } })
      .toBuffer();
    await db("media.images").insert({
      filename: "0123456789abcdef0123456789abcdef.jpg",
      original_name: "old upload.jpg",
      mime_type: "image/jpeg",
      file_size: photo.length,
      width: 30,
      height: 20,
      sha256: "0".repeat(64),
      data: photo,
    });
    await media003.up(db);
    const response = await fetch(`${url}/api/images/0123456789abcdef0123456789abcdef.jpg`);
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.includes("Jane Secret Home")).toBe(false);
    expect(await sharp(served).metadata()).toMatchObject({ format: "jpeg", width: 30, height: 20 });
    const row = await db("media.images").where({ filename: "0123456789abcdef0123456789abcdef.jpg" }).first();
    expect(row).toMatchObject({ file_size: served.length });
    expect(response.headers.get("etag")).toBe(`"${row.sha256}"`);
    expect(row.sha256).not.toBe("0".repeat(64));
  });
});
