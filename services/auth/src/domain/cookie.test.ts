import { describe, expect, it } from "vitest";
import { isLocalHost, sessionCookieName } from "@rsv/kit";
import { clearedSessionCookie, deviceCookie, deviceCookieName, sessionCookie } from "./cookie.js";

describe("session cookie", () => {
  const now = new Date("2025-01-31T12:00:00Z");

  it("is __Host- prefixed, Secure, HttpOnly, SameSite=Strict, site-wide and domain-less on a public host", () => {
    const cookie = sessionCookie("abc", { hostname: "reviews.example.com", maxAgeSeconds: 7 * 86400, now });
    expect(cookie).toBe(
      "__Host-rsv_session=abc; Max-Age=604800; Expires=Fri, 07 Feb 2025 12:00:00 GMT; Path=/; HttpOnly; SameSite=Strict; Secure",
    );
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("keeps the plain name without Secure on this machine, where the site is plain HTTP", () => {
    for (const hostname of ["localhost", "127.0.0.1", "[::1]"]) {
      expect(sessionCookie("abc", { hostname, maxAgeSeconds: 60, now })).toBe(
        "rsv_session=abc; Max-Age=60; Expires=Fri, 31 Jan 2025 12:01:00 GMT; Path=/; HttpOnly; SameSite=Strict",
      );
    }
  });

  it("is cleared under the same name with the same attributes", () => {
    expect(clearedSessionCookie("localhost")).toBe(
      "rsv_session=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Strict",
    );
    expect(clearedSessionCookie("reviews.example.com")).toBe(
      "__Host-rsv_session=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; HttpOnly; SameSite=Strict; Secure",
    );
  });

  it("is named for this machine only on its own names", () => {
    expect(isLocalHost("localhost")).toBe(true);
    expect(isLocalHost("127.0.0.1")).toBe(true);
    expect(isLocalHost("LOCALHOST")).toBe(true);
    expect(isLocalHost("reviews.example.com")).toBe(false);
    expect(isLocalHost("localhost.example.com")).toBe(false);
    expect(sessionCookieName("localhost.example.com")).toBe("__Host-rsv_session");
  });
});

describe("device cookie", () => {
  const now = new Date("2025-01-31T12:00:00Z");

  it("lasts a year, HttpOnly, and is __Host- prefixed and Secure outside this machine", () => {
    expect(deviceCookie("abc", { hostname: "reviews.example.com", now })).toBe(
      "__Host-rsv_device=abc; Max-Age=31536000; Expires=Sat, 31 Jan 2026 12:00:00 GMT; Path=/; HttpOnly; SameSite=Strict; Secure",
    );
    expect(deviceCookie("abc", { hostname: "localhost", now })).toBe(
      "rsv_device=abc; Max-Age=31536000; Expires=Sat, 31 Jan 2026 12:00:00 GMT; Path=/; HttpOnly; SameSite=Strict",
    );
    expect(deviceCookieName("127.0.0.1")).toBe("rsv_device");
  });
});
