import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compressOnce } from "./encoding.js";

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, by the caller's Accept-Encoding and its q values", () => {
    expect(chooseEncoding("")).toBe("identity");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(chooseEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*;q=0.1, gzip")).toBe("gzip");
    expect(chooseEncoding("GZIP;Q=1")).toBe("gzip");
  });
});

describe("compressOnce", () => {
  it("makes copies that decode to the same bytes", () => {
    const body = Buffer.from(JSON.stringify({ text: "resveratrol ".repeat(500) }));
    const gzip = compressOnce(body, "gzip");
    const br = compressOnce(body, "br");
    expect(gzip.length).toBeLessThan(body.length);
    expect(br.length).toBeLessThan(body.length);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
  });
});
