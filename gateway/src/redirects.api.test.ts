import { describe, expect, it } from "vitest";
import { adminCookie, call, gatewayUrl } from "@rsv/kit/testing";

/** Every redirect the site makes stays on the site or goes to a link the owner stored, whatever is asked. */

const tricks = [
  "//evil.example.org",
  "/\\evil.example.org",
  "/.//evil.example.org",
  "javascript:alert(1)",
  "%0d%0aLocation:%20https://evil.example.org",
  "x?url=https://evil.example.org",
  "..%2F..%2Fevil",
  "https:%2F%2Fevil.example.org",
];

describe("redirects", () => {
  it.each(tricks)("/go/%s leads nowhere but a stored link", async (trick) => {
    const response = await call("GET", `/go/${trick}`);
    // Refused outright: no Location at all, so nowhere to be sent.
    expect(response.headers.get("location")).toBeNull();
    expect([400, 404]).toContain(response.status);
  });

  it("/go/{slug} sends a visitor only to one of the product's stored offers", async () => {
    const cookie = await adminCookie();
    const products = (await call<Array<{ id: number; slug: string }>>("GET", "/api/products")).body;
    // The seeded products: one another test made may be deleted meanwhile.
    for (const product of [...products].sort((a, b) => a.id - b.id).slice(0, 3)) {
      const offers = (
        await call<Array<{ url: string }>>("GET", `/api/offers?productId=${product.id}`, { headers: { cookie } })
      ).body;
      const response = await call("GET", `/go/${product.slug}`, {
        headers: { "user-agent": "Mozilla/5.0 Chrome/124" },
      });
      expect(response.status).toBe(302);
      expect(offers.map((offer) => offer.url)).toContain(response.headers.get("location"));
    }
  });

  it.each([
    "//evil.example.org",
    "/.//evil.example.org",
    "/\\evil.example.org",
    "https://evil.example.org",
    "javascript:alert(1)",
  ])("the no-JavaScript newsletter form never sends a visitor off-site for returnTo=%s", async (returnTo) => {
    const response = await fetch(`${gatewayUrl()}/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "not-an-address", returnTo }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, gatewayUrl()).origin).toBe(new URL(gatewayUrl()).origin);
  });

  it("/es/admin leads to the one admin, whose language is chosen inside it", async () => {
    const response = await call("GET", "/es/admin");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/admin");
  });
});

describe("the site's icon at /favicon.ico", () => {
  it("leads to the icon the pages name, which answers an image", async () => {
    const response = await call("GET", "/favicon.ico", { redirect: "manual" });
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    const { faviconUrl } = (await call<{ faviconUrl: string | null }>("GET", "/api/site-settings")).body;
    const home = (await call<string>("GET", "/")).text;
    // The same icon the home page's head names: the owner's, else the site's own.
    expect(home).toContain(`rel="icon" href="${location}"`);
    expect(faviconUrl === null || location === faviconUrl).toBe(true);
    const icon = await fetch(new URL(location, gatewayUrl()));
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/^image\//);
  });
});
