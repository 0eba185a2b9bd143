import { describe, expect, it } from "vitest";
import { fromColumns, isDatabaseUnavailable, isUniqueViolation, toColumns } from "./db.js";

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

describe("isDatabaseUnavailable", () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });
  it("recognises the database being away", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "08006"]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error("Timeout acquiring a connection"), { name: "KnexTimeoutError" })),
    ).toBe(true);
  });

  it("leaves refused rows and bugs alone", () => {
    for (const code of ["23505", "22P02", "42P01", "42703"])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
