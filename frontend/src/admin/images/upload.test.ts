import { describe, expect, it } from "vitest";
import { exportFilename } from "../api/subscribers.js";
import { kilobytes, maxUploadBytes, refusalOf } from "./upload.js";

describe("image uploads", () => {
  it("refuses what the media service would refuse, before sending it", () => {
    expect(refusalOf({ size: 1000, type: "image/png" })).toBeNull();
    expect(refusalOf({ size: 1000, type: "image/webp" })).toBeNull();
    expect(refusalOf({ size: 1000, type: "image/svg+xml" })).toBe("wrongType");
    expect(refusalOf({ size: maxUploadBytes + 1, type: "image/jpeg" })).toBe("tooLarge");
    expect(refusalOf({ size: maxUploadBytes, type: "image/jpeg" })).toBeNull();
    expect(refusalOf({ size: 0, type: "image/gif" })).toBe("empty");
  });

  it("shows sizes in KB with one decimal", () => {
    expect(kilobytes(1536, "en")).toBe("1.5");
    expect(kilobytes(100, "en")).toBe("0.1");
    expect(kilobytes(84_275, "es")).toBe("82,3");
    expect(kilobytes(2_097_152, "en")).toBe("2,048.0");
  });
});

describe("subscriber export", () => {
  it("names the file as the server does, or with today's date", () => {
    expect(exportFilename('attachment; filename="subscribers-2026-01-31.csv"')).toBe("subscribers-2026-01-31.csv");
    expect(exportFilename(null, new Date("2026-02-03T10:00:00Z"))).toBe("subscribers-2026-02-03.csv");
  });
});
