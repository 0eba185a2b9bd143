import { describe, expect, it } from "vitest";
import { cleanOriginalName, isImageName, randomImageName } from "./image-name.js";

describe("image names", () => {
  it("accepts the names this service hands out", () => {
    expect(isImageName(randomImageName("webp"))).toBe(true);
    expect(isImageName("demo-1.png")).toBe(true);
    expect(isImageName("demo-post-8.png")).toBe(true);
    expect(randomImageName("png")).toMatch(/^[0-9a-f]{32}\.png$/);
  });
  it("refuses traversal and anything unexpected", () => {
    for (const name of [
      "..",
      "../etc/passwd",
      "%2e%2e",
      "a/b.png",
      "x.svg",
      "x.png.html",
      ".png",
      "A.PNG",
      "a..png",
      "",
    ]) {
      expect(isImageName(name), name).toBe(false);
    }
  });
  it("keeps only the base name of the upload, without control characters, at most 255 characters", () => {
    expect(cleanOriginalName("C:\\Users\\me\\photo.png", "x.png")).toBe("photo.png");
    expect(cleanOriginalName("../../etc/passwd", "x.png")).toBe("passwd");
    expect(cleanOriginalName("a\u0000b\nc.png", "x.png")).toBe("abc.png");
    expect(cleanOriginalName("", "x.png")).toBe("x.png");
    expect(cleanOriginalName(undefined, "x.png")).toBe("x.png");
    expect(cleanOriginalName(`${"é".repeat(300)}.png`, "x.png")).toHaveLength(255);
  });
});
