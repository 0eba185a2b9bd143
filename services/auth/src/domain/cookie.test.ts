import { describe, expect, it } from "vitest";
import { clearedSessionCookie, isLocalHost, sessionCookie } from "./cookie.js";

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Strict, site-wide, and lasts the session's lifetime", () => {
    const now = new Date("2025-01-31T12:00:00Z");
    const cookie = sessionCookie("abc", { secure: true, maxAgeSeconds: 7 * 86400, now });
    expect(cookie).toBe(
      "rsv_session=abc; Max-Age=604800; Expires=Fri, 07 Feb 2025 12:00:00 GMT; Path=/; HttpOnly; SameSite=Strict; Secure",
    );
    expect(sessionCookie("abc", { secure: false, maxAgeSeconds: 60, now })).not.toContain("Secure");
  });

  it("is cleared with the same attributes", () => {
    expect(clearedSessionCookie({ secure: false })).toBe(
      "rsv_session=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Strict",
    );
  });

  it("is Secure everywhere but on this machine", () => {
    expect(isLocalHost("localhost")).toBe(true);
    expect(isLocalHost("127.0.0.1")).toBe(true);
    expect(isLocalHost("LOCALHOST")).toBe(true);
    expect(isLocalHost("reviews.example.com")).toBe(false);
    expect(isLocalHost("localhost.example.com")).toBe(false);
  });
});
