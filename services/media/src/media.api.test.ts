import type { ErrorBody, ImageInfo } from "@rsv/api/client";
import { createHash, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { adminCookie, assertMatchesSpec, call, gatewayUrl, type ApiResponse } from "@rsv/kit/testing";
import { gifBomb, greyPng, webpBomb } from "./test-images.js";

const MB = 1024 * 1024;

/** A small real image of each accepted type, with a per-run colour so uploads differ. */
async function makeImage(format: "png" | "jpeg" | "gif" | "webp", width = 640, height = 480): Promise<Buffer> {
  const [r, g, b] = randomBytes(3);
  const image = sharp({ create: { width, height, channels: 3, background: { r: r!, g: g!, b: b! } } });
  return image.toFormat(format).toBuffer();
}

function form(bytes: Uint8Array, filename: string, type = "application/octet-stream", field = "image"): FormData {
  const body = new FormData();
  body.append(field, new Blob([Uint8Array.from(bytes)], { type }), filename);
  return body;
}

/** GET of image bytes: the body is kept as bytes, and handed to the contract check as a string. */
async function fetchImage(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, gatewayUrl()), { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = (response.headers.get("content-type") ?? "").includes("json");
  const text = bytes.toString(isJson ? "utf8" : "latin1");
  const checked: ApiResponse = {
    status: response.status,
    headers: response.headers,
    body: isJson && text ? JSON.parse(text) : text,
    text,
  };
  assertMatchesSpec("getImage", checked);
  return { ...checked, bytes };
}

/** The media process of the topology: the one listening on the port SERVICE_URLS gives it. */
function mediaPid(): number {
  const port = new URL((JSON.parse(process.env.SERVICE_URLS ?? "{}") as Record<string, string>).media!).port;
  const listening = execFileSync("ss", ["-Hltnp", `sport = :${port}`], { encoding: "utf8" });
  const pid = /pid=(\d+)/.exec(listening)?.[1];
  if (!pid) throw new Error(`no process listens on ${port}: ${listening}`);
  return Number(pid);
}

/** Resident and peak resident memory of a process, in MB (VmRSS and VmHWM of /proc/<pid>/status). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** Image bytes are never a document: nosniff, and a policy that loads and runs nothing. */
function expectImageHeaders(headers: Headers): void {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  // Exactly the image's own policy: nginx adds the site's policy only where a service sets none.
  expect(headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
}

describe("image library through the gateway", () => {
  let cookie = "";

  const upload = async (body: BodyInit, options: { admin?: boolean; headers?: Record<string, string> } = {}) => {
    const headers = { ...options.headers, ...(options.admin === false ? {} : { cookie }) };
    const response = await call<ImageInfo & ErrorBody>("POST", "/api/images/upload", { body, headers });
    assertMatchesSpec("uploadImage", response);
    return response;
  };

  beforeAll(async () => {
    cookie = await adminCookie();
  });

  for (const [format, mimeType] of [
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["gif", "image/gif"],
    ["webp", "image/webp"],
  ] as const) {
    it(`stores a ${format.toUpperCase()} and serves what it stored, cacheably`, async () => {
      const bytes = await makeImage(format);
      // The client's claim is ignored: the type comes from the bytes.
      const created = await upload(form(bytes, `holiday photo.${format}`, "text/plain"));
      expect(created.status, created.text).toBe(201);
      const info = created.body;
      expect(info).toMatchObject({ mimeType, originalName: `holiday photo.${format}` });
      expect(info.filename).toMatch(new RegExp(`^[0-9a-f]{32}\\.${format === "jpeg" ? "jpg" : format}$`));
      expect(info.url).toBe(`/api/images/${info.filename}`);

      const served = await fetchImage(info.url);
      expect(served.status).toBe(200);
      expect(served.bytes.length).toBe(info.fileSize);
      // Written again without metadata (a PNG's chunks copied as they were: see metadata.test.ts).
      expect(await sharp(served.bytes, { animated: true }).metadata()).toMatchObject({ format, width: 640 });
      expect(served.headers.get("content-type")).toBe(mimeType);
      expectImageHeaders(served.headers);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("content-disposition")).toBe("inline");
      const etag = served.headers.get("etag");
      expect(etag).toBe(`"${createHash("sha256").update(served.bytes).digest("hex")}"`);

      const again = await fetchImage(info.url, { "if-none-match": etag! });
      expect(again.status).toBe(304);
      expectImageHeaders(again.headers);
      expect(again.bytes.length).toBe(0);
      const changed = await fetchImage(info.url, { "if-none-match": '"something-else"' });
      expect(changed.status).toBe(200);
    });
  }

  it("stores and serves a phone's photo without its GPS position or author, upright", async () => {
    const secret = `Jane Secret Home ${randomBytes(4).toString("hex")}`;
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#a33" } })
      .jpeg()
      .withExifMerge({ IFD0: { Artist: secret }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 30/1" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(photo.includes(secret)).toBe(true);
    const created = await upload(form(photo, "from my phone.jpg", "image/jpeg"));
    expect(created.status, created.text).toBe(201);
    for (const accept of ["image/jpeg", "image/webp,*/*"]) {
      const served = await fetchImage(created.body.url, { accept });
      expect(served.status).toBe(200);
      expect(served.bytes.includes(secret)).toBe(false);
      const meta = await sharp(served.bytes).metadata();
      expect(meta).toMatchObject({ width: 48, height: 64 });
      expect(meta.exif).toBeUndefined();
    }
  });

  it("serves a resized copy for an allowed width and refuses other widths", async () => {
    const created = await upload(form(await makeImage("png", 800, 600), "wide.png"));
    const url = created.body.url;
    const resized = await fetchImage(`${url}?w=320`);
    expect(resized.status).toBe(200);
    expect(resized.headers.get("content-type")).toBe("image/png");
    expect(await sharp(resized.bytes).metadata()).toMatchObject({ width: 320, height: 240, format: "png" });
    const etag = resized.headers.get("etag")!;
    expect(etag).not.toBe((await fetchImage(url)).headers.get("etag"));
    expect((await fetchImage(`${url}?w=320`, { "if-none-match": etag })).status).toBe(304);

    // Never enlarged: wider than the image is the image itself.
    const original = await fetchImage(url);
    const notEnlarged = await fetchImage(`${url}?w=1280`);
    expect(notEnlarged.bytes.equals(original.bytes)).toBe(true);

    for (const w of ["333", "0", "abc", "100000"]) {
      const refused = await fetchImage(`${url}?w=${w}`);
      expect(refused.status, w).toBe(400);
      expect((refused.body as ErrorBody).error.code).toBe("validation_failed");
    }
  });

  it("sends a JPEG or PNG as WebP to a browser that takes it, with Vary: Accept, and the original otherwise", async () => {
    const chrome = { accept: "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8" };
    for (const format of ["jpeg", "png"] as const) {
      const original = await makeImage(format, 800, 600);
      const { url, fileSize } = (await upload(form(original, `photo.${format}`))).body;

      const webp = await fetchImage(url, chrome);
      expect(webp.status).toBe(200);
      expect(webp.headers.get("content-type")).toBe("image/webp");
      expect(webp.headers.get("vary")).toMatch(/\bAccept\b/);
      expect(webp.headers.get("etag")).toMatch(/^"[0-9a-f]{64}-webp"$/);
      expect(await sharp(webp.bytes).metadata()).toMatchObject({ format: "webp", width: 800, height: 600 });
      expectImageHeaders(webp.headers);
      expect((await fetchImage(url, { ...chrome, "if-none-match": webp.headers.get("etag")! })).status).toBe(304);

      const small = await fetchImage(`${url}?w=320`, chrome);
      expect(small.headers.get("content-type")).toBe("image/webp");
      expect(small.headers.get("etag")).toMatch(/-w320-webp"$/);
      expect(await sharp(small.bytes).metadata()).toMatchObject({ format: "webp", width: 320, height: 240 });

      for (const accept of [undefined, "*/*", "image/webp;q=0, image/*"]) {
        const kept = await fetchImage(url, accept ? { accept } : {});
        expect(kept.headers.get("content-type"), accept).toBe(`image/${format}`);
        // The stored file itself (see the first test for what storing does to it).
        expect(kept.bytes.length, accept).toBe(fileSize);
        expect(kept.headers.get("etag"), accept).toBe(`"${createHash("sha256").update(kept.bytes).digest("hex")}"`);
        expect(kept.headers.get("vary"), accept).toMatch(/\bAccept\b/);
      }
    }
    // GIFs keep their animation and WebP is WebP already: both go out as stored.
    const gif = await makeImage("gif");
    const storedGif = await fetchImage((await upload(form(gif, "still.gif"))).body.url, chrome);
    expect(storedGif.headers.get("content-type")).toBe("image/gif");
    expect(await sharp(storedGif.bytes).metadata()).toMatchObject({ format: "gif", width: 640 });
  });

  it("refuses decompression bombs and images over 40 megapixels from their header, without decoding them", async () => {
    const bombs: Array<[string, Buffer, RegExp]> = [
      ["a 109-byte PNG declaring 30000×30000", greyPng(30_000, 30_000, false), /16384 pixels.*30000×30000/],
      ["a 35-byte GIF whose screen is 30000×30000", gifBomb(30_000, 30_000), /16384 pixels.*30000×30000/],
      ["an animated WebP with a 16000×16000 canvas", await webpBomb(16_000, 16_000), /40 megapixels.*16000×16000/],
      ["a complete 10000×10000 PNG of 100 KB", greyPng(10_000, 10_000), /40 megapixels.*10000×10000, 100\.0/],
      ["a complete 7000×6000 PNG", greyPng(7000, 6000), /40 megapixels.*7000×6000, 42\.0 megapixels/],
    ];
    const atTheLimit = greyPng(8000, 5000);
    const pid = mediaPid();
    const before = memoryOf(pid);
    // Resets the peak (VmHWM) to what is resident now, so the peak below is this test's alone.
    writeFileSync(`/proc/${pid}/clear_refs`, "5");

    for (const [what, bytes, message] of bombs) {
      const response = await upload(form(bytes, "bomb.png", "image/png"));
      expect(response.status, what).toBe(415);
      expect(response.body.error.code, what).toBe("unsupported_media_type");
      expect(response.body.error.message, what).toMatch(message);
    }
    // 40 megapixels exactly is allowed, and storing it decodes nothing either.
    const allowed = await upload(form(atTheLimit, "forty-megapixels.png", "image/png"));
    expect(allowed.status, allowed.text).toBe(201);

    const after = memoryOf(pid);
    console.info(
      `media process: ${before.rss.toFixed(0)} MB resident before, peak ${after.peak.toFixed(0)} MB while refusing ` +
        `${bombs.length} bombs (declaring up to 900 megapixels) and storing one of 40 megapixels`,
    );
    // Decoding the smallest refused image alone would take 42 MB (one byte a pixel), the largest 900 MB.
    expect(after.peak - before.rss).toBeLessThan(40);
    expect((await call("DELETE", allowed.body.url, { headers: { cookie } })).status).toBe(204);
  });

  it("serves the seeded demo images", async () => {
    const product = await fetchImage("/api/images/demo-1.png?w=320");
    expect(product.status).toBe(200);
    expect(await sharp(product.bytes).metadata()).toMatchObject({ width: 320, height: 320 });
    const post = await fetchImage("/api/images/demo-post-8.png");
    expect(post.status).toBe(200);
    expect(await sharp(post.bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it("refuses SVG, even when it claims to be a PNG", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const [name, type] of [
      ["evil.svg", "image/svg+xml"],
      ["evil.png", "image/png"],
    ]) {
      const response = await upload(form(svg, name!, type));
      expect(response.status, name).toBe(415);
      expect(response.body.error.code).toBe("unsupported_media_type");
    }
  });

  it("refuses a text file named .png and a truncated image", async () => {
    const text = await upload(form(Buffer.from("hello, I am not an image\n".repeat(20)), "notes.png", "image/png"));
    expect(text.status).toBe(415);
    const png = await makeImage("png");
    const truncated = await upload(form(png.subarray(0, 16), "broken.png", "image/png"));
    expect(truncated.status).toBe(415);
  });

  it("answers 413 with the JSON envelope for a file over 10 MB", async () => {
    const png = await makeImage("png", 16, 16);
    const big = Buffer.concat([png, randomBytes(11 * MB)]);
    const response = await upload(form(big, "huge.png", "image/png"));
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe("payload_too_large");
    // Still served normally afterwards.
    expect((await upload(form(await makeImage("png", 8, 8), "small.png"))).status).toBe(201);
  });

  it("stops reading at the 10 MB limit while streaming: exactly 10 MB is stored, one byte more is refused", async () => {
    const png = await makeImage("png", 16, 16);
    const exact = Buffer.concat([png, Buffer.alloc(10 * MB - png.length)]);
    const stored = await upload(form(exact, "exact.png", "image/png"));
    expect(stored.status, stored.text).toBe(201);
    // All of it was read; what is stored is the image, without the padding after its end.
    expect(stored.body.fileSize).toBe(png.length);
    const removed = await call("DELETE", stored.body.url, { headers: { cookie } });
    expect(removed.status).toBe(204);

    const over = await upload(form(Buffer.concat([exact, Buffer.alloc(1)]), "over.png", "image/png"));
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe("payload_too_large");
  });

  it("enforces the limit on a chunked upload that declares no length", async () => {
    const png = await makeImage("png", 16, 16);
    const boundary = `----rsv${randomBytes(8).toString("hex")}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="chunked.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunks = [head, png, ...Array.from({ length: 11 }, () => randomBytes(MB)), tail];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const response = await fetch(new URL("/api/images/upload", gatewayUrl()), {
      method: "POST",
      body,
      headers: {
        cookie,
        origin: new URL(gatewayUrl()).origin,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      duplex: "half",
    } as RequestInit);
    const text = await response.text();
    const checked: ApiResponse = { status: response.status, headers: response.headers, body: JSON.parse(text), text };
    assertMatchesSpec("uploadImage", checked);
    expect(response.status).toBe(413);
  });

  it("answers 413 at the gateway for a body over its 12 MB limit", async () => {
    const response = await upload(form(randomBytes(13 * MB), "enormous.png", "image/png"));
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe("payload_too_large");
  });

  it("answers 400 without an image field", async () => {
    const other = await upload(form(await makeImage("png"), "photo.png", "image/png", "file"));
    expect(other.status).toBe(400);
    expect(other.body.error.code).toBe("validation_failed");
    const empty = new FormData();
    empty.append("title", "no file here");
    expect((await upload(empty)).status).toBe(400);
    const notMultipart = await upload(JSON.stringify({ image: "data" }), {
      headers: { "content-type": "application/json" },
    });
    expect(notMultipart.status).toBe(400);
    const emptyFile = await upload(form(new Uint8Array(0), "empty.png", "image/png"));
    expect(emptyFile.status).toBe(400);
  });

  it("keeps only the base name of the uploaded file", async () => {
    const created = await upload(form(await makeImage("jpeg"), "../../etc/passwd.jpg", "image/jpeg"));
    expect(created.status).toBe(201);
    expect(created.body.originalName).toBe("passwd.jpg");
  });

  it("lists images newest first without their bytes, for the admin only", async () => {
    const created = await upload(form(await makeImage("webp"), "listed.webp"));
    const list = await call<ImageInfo[]>("GET", "/api/images", { headers: { cookie } });
    assertMatchesSpec("listImages", list);
    expect(list.status).toBe(200);
    expect(list.body[0]).toEqual(created.body);
    expect(list.body.map((image) => image.filename)).toEqual(expect.arrayContaining(["demo-1.png", "demo-post-1.png"]));
    const dates = list.body.map((image) => Date.parse(image.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("refuses upload, list and delete without a session", async () => {
    const uploaded = await upload(form(await makeImage("png"), "anon.png"), { admin: false });
    expect(uploaded.status).toBe(401);
    const list = await call<ErrorBody>("GET", "/api/images");
    assertMatchesSpec("listImages", list);
    expect(list.status).toBe(401);
    const removed = await call<ErrorBody>("DELETE", "/api/images/demo-1.png");
    assertMatchesSpec("deleteImage", removed);
    expect(removed.status).toBe(401);
    expect((await fetchImage("/api/images/demo-1.png")).status).toBe(200);
  });

  it("answers 404 for unknown names and path tricks", async () => {
    for (const name of [
      "0123456789abcdef0123456789abcdef.png",
      "missing.png",
      "demo-1.svg",
      "DEMO-1.PNG",
      "%2e%2e",
      "..%252F..%252Fetc%252Fpasswd",
      "%2e%2e%2fetc%2fpasswd",
      "demo-1.png.html",
      "a%20b.png",
      `${"a".repeat(300)}.png`,
    ]) {
      const response = await fetchImage(`/api/images/${name}`);
      expect(response.status, name).toBe(404);
      expect((response.body as ErrorBody).error.code).toBe("not_found");
    }
  });

  it("deletes an image, after which it is gone", async () => {
    const created = await upload(form(await makeImage("gif"), "bye.gif"));
    expect((await fetchImage(`${created.body.url}?w=160`)).status).toBe(200);
    const removed = await call("DELETE", created.body.url, { headers: { cookie } });
    assertMatchesSpec("deleteImage", removed);
    expect(removed.status).toBe(204);
    expect((await fetchImage(created.body.url)).status).toBe(404);
    expect((await fetchImage(`${created.body.url}?w=160`)).status).toBe(404);
    const again = await call<ErrorBody>("DELETE", created.body.url, { headers: { cookie } });
    assertMatchesSpec("deleteImage", again);
    expect(again.status).toBe(404);
    const traversal = await call<ErrorBody>("DELETE", "/api/images/..%252Fdemo-1.png", { headers: { cookie } });
    assertMatchesSpec("deleteImage", traversal);
    expect(traversal.status).toBe(404);
  });
});
