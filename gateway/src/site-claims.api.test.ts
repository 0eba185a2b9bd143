import type { Product, SiteSettings } from "@rsv/api/client";
import { adminCookie, call, gatewayUrl, holdSiteSettings, rawGet } from "@rsv/kit/testing";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * What the pages promise is the owner's to write and true by default: no footer badges until written,
 * each language's own words on its pages, the hero's figures counted from the catalogue, and the
 * affiliate disclosure and the home page's description from the settings, server-rendered.
 */

const page = async (urlPath: string) => {
  const response = await rawGet(gatewayUrl(), urlPath);
  expect(response.status, urlPath).toBe(200);
  return new JSDOM(response.body.toString("utf8")).window.document;
};
const texts = (document: Document, selector: string) =>
  [...document.querySelectorAll(selector)].map((node) => node.textContent?.trim() ?? "");
/** What a page tells search engines and link previews it is about. */
const described = (document: Document) => ({
  meta: document.querySelector('meta[name="description"]')?.getAttribute("content"),
  og: document.querySelector('meta[property="og:description"]')?.getAttribute("content"),
  website: [...document.querySelectorAll('script[type="application/ld+json"]')]
    .map((node) => JSON.parse(node.textContent ?? "null") as { "@type"?: string; description?: string })
    .find((data) => data["@type"] === "WebSite")?.description,
});

describe("the site's claims on the pages", () => {
  let cookie = "";
  let before: SiteSettings;
  const save = async (json: unknown) => {
    const response = await call("PUT", "/api/site-settings", { json, headers: { cookie } });
    expect(response.status).toBe(200);
  };

  // Other files change the settings too: held for this file, which changes them and reads the pages.
  let release: (() => void) | undefined;

  beforeAll(async () => {
    release = await holdSiteSettings();
    cookie = await adminCookie();
    before = (await call<SiteSettings>("GET", "/api/site-settings")).body;
  }, 180_000);

  afterAll(async () => {
    try {
      if (!before) return;
      const { trustBadges, popupPerks, affiliateDisclosure, description } = before;
      await save({ trustBadges, popupPerks, affiliateDisclosure, description });
    } finally {
      release?.();
    }
  });

  it("counts the hero's brands and products from the catalogue", async () => {
    // Suites running beside this one add products: the page and the catalogue are read together until
    // no product arrived between the two reads.
    for (const urlPath of ["/", "/es"]) {
      await expect
        .poll(async () => {
          const products = (await call<Product[]>("GET", "/api/products")).body;
          const document = await page(urlPath);
          return {
            shown: [
              texts(document, '[data-testid="hero-stat-brands"]'),
              texts(document, '[data-testid="hero-stat-products"]'),
            ],
            counted: [[String(new Set(products.map((p) => p.brand.toLowerCase())).size)], [String(products.length)]],
          };
        })
        .toSatisfy(({ shown, counted }) => JSON.stringify(shown) === JSON.stringify(counted));
    }
  });

  it("shows no footer badges until the owner writes them, then each language's own", async () => {
    await save({ trustBadges: { en: [], es: [] } });
    expect((await page("/")).querySelector('[data-testid="trust-badges"]')).toBeNull();
    await save({ trustBadges: { en: ["Independent rankings"], es: ["Clasificaciones independientes"] } });
    expect(texts(await page("/"), '[data-testid="trust-badges"] li')).toEqual(["✓Independent rankings"]);
    expect(texts(await page("/es"), '[data-testid="trust-badges"] li')).toEqual(["✓Clasificaciones independientes"]);
    await save({ trustBadges: { es: [] } });
    expect((await page("/es")).querySelector('[data-testid="trust-badges"]')).toBeNull();
  });

  it("puts the owner's disclosure atop the disclosure page and at the foot of every page, in each language", async () => {
    await save({ affiliateDisclosure: { en: "", es: "" } });
    expect(texts(await page("/comparison"), '[data-testid="footer-affiliate-disclosure"]')).toEqual([
      "We may earn a commission when you buy through links on this site, at no extra cost to you.",
    ]);
    await save({
      affiliateDisclosure: { en: "Paid per sale, never per ranking.", es: "Cobramos por venta, nunca por clasificar." },
    });
    expect(texts(await page("/comparison"), '[data-testid="footer-affiliate-disclosure"]')).toEqual([
      "Paid per sale, never per ranking.",
    ]);
    expect(texts(await page("/es/comparacion"), '[data-testid="footer-affiliate-disclosure"]')).toEqual([
      "Cobramos por venta, nunca por clasificar.",
    ]);
    expect(texts(await page("/affiliate-disclosure"), '[data-testid="affiliate-disclosure"]')).toEqual([
      "Paid per sale, never per ranking.",
    ]);
    expect(texts(await page("/es/divulgacion-afiliados"), '[data-testid="affiliate-disclosure"]')).toEqual([
      "Cobramos por venta, nunca por clasificar.",
    ]);
  });

  it("describes each home page in the owner's words of its language, and never in the other's", async () => {
    await save({ description: { en: "", es: "" } });
    const builtIn = { en: described(await page("/")).meta, es: described(await page("/es")).meta };
    expect(builtIn.es).toBeTruthy();
    expect(builtIn.es).not.toBe(builtIn.en);

    const description = {
      en: `Honest resveratrol reviews ${Date.now()}`,
      es: `Análisis sinceros del resveratrol ${Date.now()}`,
    };
    await save({ description });
    for (const lang of ["en", "es"] as const)
      expect(described(await page(lang === "en" ? "/" : "/es")), lang).toEqual({
        meta: description[lang],
        og: description[lang],
        website: description[lang],
      });

    // A language left empty falls back to that language's own words, never the other's.
    await save({ description: { es: "" } });
    expect(described(await page("/es")).meta).toBe(builtIn.es);
    expect(described(await page("/")).meta).toBe(description.en);
  });
});
