import { describe, expect, it } from "vitest";
import { returnPath } from "./app.js";

describe("the no-JavaScript newsletter form's way back", () => {
  it("returns to the page the form was on, with the outcome", () => {
    expect(returnPath("/es/comparacion?sort=rating", "subscribed")).toBe(
      "/es/comparacion?newsletter=subscribed#newsletter",
    );
    expect(returnPath("/blog/./a/../b", "invalid")).toBe("/blog/b?newsletter=invalid#newsletter");
  });

  it.each([
    "//evil.example.org",
    "/.//evil.example.org",
    "/\\\\evil.example.org",
    "/\\/evil.example.org",
    "/..//evil.example.org",
    "///evil.example.org/path",
    "https://evil.example.org",
    "javascript:alert(1)",
    "/%2F%2Fevil.example.org",
    "/\r\nLocation: https://evil.example.org",
    "",
    null,
  ])("never leaves the site for %j", (returnTo) => {
    const location = returnPath(returnTo, "subscribed");
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, "https://site.example").origin).toBe("https://site.example");
    expect(location).not.toMatch(/[\r\n]/);
  });
});
