import { describe, expect, it } from "vitest";
import { fromColumns, isUniqueViolation, toColumns } from "./db.js";

describe("row mapping", () => {
  it("names columns as fields and back", () => {
    const row = { id: 3, image_url: "/a.png", affiliate_link_de: null, sha256: "ab", created_at: "2026-01-01" };
    const fields = fromColumns(row);
    expect(fields).toEqual({ id: 3, imageUrl: "/a.png", affiliateLinkDe: null, sha256: "ab", createdAt: "2026-01-01" });
    expect(toColumns(fields)).toEqual(row);
  });

  it("leaves undefined fields out of the columns", () => {
    expect(toColumns({ siteName: "Site", logoUrl: undefined, faviconUrl: null })).toEqual({
      site_name: "Site",
      favicon_url: null,
    });
  });
});

describe("isUniqueViolation", () => {
  it("recognises PostgreSQL's unique_violation code only", () => {
    expect(isUniqueViolation(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error("not null"), { code: "23502" }))).toBe(false);
    expect(isUniqueViolation("23505")).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
