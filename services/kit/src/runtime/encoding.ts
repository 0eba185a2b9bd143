import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

/** How a cached answer's bytes go out. */
export type Encoding = "br" | "gzip" | "identity";

/**
 * Brotli when the caller accepts it at least as much as gzip (as nginx with both modules does, and
 * whatever order the browser lists them in), else gzip, else the plain bytes. `*` stands for both.
 */
export function chooseEncoding(acceptEncoding: string): Encoding {
  if (!acceptEncoding) return "identity";
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (name !== "br" && name !== "gzip" && name !== "*") continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split("=");
      if (key?.trim().toLowerCase() === "q") q = Number(value);
    }
    if (!Number.isFinite(q)) q = 0;
    if (name === "br") br = q;
    else if (name === "gzip") gzip = q;
    else any = q;
  }
  const brQ = br ?? any ?? 0;
  const gzipQ = gzip ?? any ?? 0;
  if (brQ > 0 && brQ >= gzipQ) return "br";
  if (gzipQ > 0) return "gzip";
  return "identity";
}

/**
 * The compressed copy of an answer kept to be sent many times (the services' read cache, embedded
 * mode's micro-cache): made once, so a little slower and smaller than nginx's per-answer levels.
 */
export function compressOnce(body: Buffer, encoding: Exclude<Encoding, "identity">): Buffer {
  return encoding === "gzip"
    ? gzipSync(body, { level: 6 })
    : brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
}
