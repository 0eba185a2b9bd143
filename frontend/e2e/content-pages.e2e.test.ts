import { unwrap } from "@rsv/api/client";
import type { Browser } from "playwright-core";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { charts } from "../src/content/figures.js";
import { readContentPage } from "../src/content/read-content-files.js";
import { infoPageKeys, languages, routePath, type InfoPageKey, type Lang } from "../src/routes.js";
import {
  api,
  collectPageErrors,
  gatewayUrl,
  launchBrowser,
  mobile,
  newContext,
  saveScreenshot,
  servedPage,
  waitForHydration,
} from "./support/site.js";

/** The one section or figure that proves each page rendered its real content, and what it must say. */
const signatures: Record<InfoPageKey, { selector: string; text?: string[]; values?: readonly number[] }> = {
  whatIsResveratrol: { selector: "[data-section='protocol']", text: ["500 mg", "98"] },
  davidSinclairProtocol: { selector: "[data-section='stack']", text: ["NMN", "D3", "K2"] },
  longevityGuide: { selector: "[data-section='dosage-tiers']", text: ["150 mg", "500 mg", "1000 mg"] },
  nadBoostGuide: { selector: "[data-figure='nad-decline']", values: charts["nad-decline"].values },
  resveratrolVsSupplements: { selector: "[data-figure='annual-cost']", values: charts["annual-cost"].values },
  bestForAthletes: { selector: "[data-products='athletes'] [data-testid='product-card']" },
  bestForEyeHealth: { selector: "[data-products='eye'] [data-testid='product-card']" },
  eyeHealthGuide: { selector: "[data-section='dosing-tips']", text: ["250-500 mg"] },
  skinHealthGuide: { selector: "[data-featured='skin'] a[href^='/go/']" },
  athleticPerformanceGuide: { selector: "[data-featured='athletic'] a[href^='/go/']" },
  antioxidantComparison: {
    selector: "[data-figure='antioxidant-potency']",
    values: charts["antioxidant-potency"].values,
  },
  beginnersGuide: { selector: "[data-section='basics']", text: ["98", "250-500 mg"] },
  privacyPolicy: { selector: "[data-section='what-we-store']", text: ["rsv_session"] },
  termsOfService: { selector: "article[data-template='legal']" },
  affiliateDisclosure: { selector: "[data-section='how-links-are-marked']", text: ['rel="sponsored"'] },
};

function jsonLdOf(document: Document): Record<string, unknown>[] {
  return [...document.querySelectorAll("script[type='application/ld+json']")].map(
    (script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>,
  );
}

function headingOf(key: InfoPageKey, lang: Lang): string {
  const { meta } = readContentPage(key, lang);
  return meta.heading ?? meta.title;
}

describe("guide, landing and legal pages", () => {
  const pages = new Map<string, Awaited<ReturnType<typeof servedPage>>>();

  beforeAll(async () => {
    for (const key of infoPageKeys)
      for (const lang of languages) pages.set(`${key}:${lang}`, await servedPage(routePath(key, lang)));
  });

  for (const key of infoPageKeys) {
    it(`${key} renders complete in both languages, without JavaScript`, () => {
      for (const lang of languages) {
        const path = routePath(key, lang);
        const page = pages.get(`${key}:${lang}`);
        assert(page, `no page for ${path}`);
        const { status, document } = page;
        const content = readContentPage(key, lang);
        expect(status, path).toBe(200);
        expect(document.documentElement.lang, path).toBe(lang);
        expect(document.title, path).toContain(
          content.meta.title
            .replace(/\{\{\w+\}\}/g, "")
            .trim()
            .slice(0, 20),
        );
        expect(document.querySelector("main h1")?.textContent, path).toBe(headingOf(key, lang));
        expect(document.querySelector("meta[name='description']")?.getAttribute("content"), path).not.toMatch(
          /\{\{|^$/,
        );
        expect(document.querySelector("main")?.textContent, path).not.toContain("{{");

        const signature = signatures[key];
        const element = document.querySelector(`main ${signature.selector}`);
        expect(element, `${path} ${signature.selector}`).not.toBeNull();
        for (const text of signature.text ?? []) expect(element?.textContent, path).toContain(text);
        // A figure draws exactly its values; any other signature draws none.
        const drawn = [...(element?.querySelectorAll("[data-value]") ?? [])].map((node) =>
          Number(node.getAttribute("data-value")),
        );
        expect(drawn, path).toEqual([...(signature.values ?? [])]);

        const other: Lang = lang === "en" ? "es" : "en";
        const canonical = document.querySelector("link[rel='canonical']")?.getAttribute("href");
        const alternate = document.querySelector(`link[hreflang='${other}']`)?.getAttribute("href");
        const self = document.querySelector(`link[hreflang='${lang}']`)?.getAttribute("href");
        expect(canonical, path).toBe(`${new URL(path, canonical ?? gatewayUrl).href}`);
        expect(self, path).toBe(canonical);
        const otherPage = pages.get(`${key}:${other}`)?.document;
        expect(alternate, path).toBe(otherPage?.querySelector("link[rel='canonical']")?.getAttribute("href"));
        expect(otherPage?.querySelector(`link[hreflang='${lang}']`)?.getAttribute("href"), path).toBe(canonical);

        const jsonLd = jsonLdOf(document);
        const types = jsonLd.map((data) => data["@type"]);
        expect(types, path).toContain(content.meta.template === "guide" ? "Article" : "WebPage");
        expect(types, path).toContain("BreadcrumbList");
        // One FAQPage entry per question in the page's front matter, and none without questions.
        const faq = jsonLd.find((data) => data["@type"] === "FAQPage");
        expect((faq?.mainEntity as unknown[] | undefined)?.length ?? 0, path).toBe(content.meta.faq?.length ?? 0);
        for (const data of jsonLd) expect(data["@context"], path).toBe("https://schema.org");
        const crumbs = jsonLd.find((data) => data["@type"] === "BreadcrumbList")?.itemListElement as
          { item: string }[] | undefined;
        expect(crumbs?.at(-1)?.item, path).toBe(canonical);

        // Every page carries the medical disclaimer; all but the legal ones also link to it from the content.
        expect(document.getElementById("medical-disclaimer-title"), path).not.toBeNull();
        expect(document.querySelector("main a[href='#medical-disclaimer-title']") !== null, path).toBe(
          content.meta.template !== "legal",
        );
      }
    });
  }

  it("landing pages list catalogue products by their rules, at most six, buying through /go/", () => {
    for (const lang of languages) {
      for (const key of ["bestForAthletes", "bestForEyeHealth"] as const) {
        const cards = pages.get(`${key}:${lang}`)?.document.querySelectorAll("main [data-testid='product-card']");
        expect(cards?.length, `${key} ${lang}`).toBeGreaterThan(0);
        expect(cards?.length, `${key} ${lang}`).toBeLessThanOrEqual(6);
        for (const card of cards ?? [])
          expect(card.querySelector("a[href^='/go/']")?.getAttribute("rel"), key).toContain("sponsored");
      }
      for (const key of ["skinHealthGuide", "athleticPerformanceGuide"] as const) {
        const featured = pages.get(`${key}:${lang}`)?.document.querySelector("main [data-featured]");
        const slug = featured?.getAttribute("data-slug");
        expect(slug, key).toBeTruthy();
        expect(featured?.querySelector(`a[href='/go/${slug}?from=landing']`), key).not.toBeNull();
        expect(featured?.querySelector(`a[href$='/${slug}']:not([href^='/go/'])`), key).not.toBeNull();
        expect(featured?.querySelectorAll("li").length, key).toBeLessThanOrEqual(4);
      }
    }
  });

  it("legal pages show the owner's legal name, contact address and effective date from site settings", async () => {
    const settings = await unwrap(api.GET("/api/site-settings"));
    expect(settings.legalName).toBeTruthy();
    expect(settings.contactAddress).toBeTruthy();
    for (const key of ["privacyPolicy", "termsOfService", "affiliateDisclosure"] as const) {
      for (const lang of languages) {
        const main = pages.get(`${key}:${lang}`)?.document.querySelector("main");
        expect(main?.textContent, `${key} ${lang}`).toContain(settings.legalName ?? "");
        expect(main?.textContent, `${key} ${lang}`).toContain(settings.contactAddress ?? "");
        expect(main?.querySelector("[data-testid='effective-date']")?.textContent, key).toMatch(/\d/);
      }
    }
    const policy = pages.get("privacyPolicy:en")?.document.querySelector("main")?.textContent ?? "";
    for (const name of ["rsv-lang", "rsv_lang", "rsv-exit-banner-shown-on", "rsv_session"])
      expect(policy).toContain(name);
  });

  it("takes the comparison page's language from ?lang= with a redirect to the canonical path", async () => {
    const toSpanish = await fetch(`${gatewayUrl}/resveratrol-vs-supplements?lang=es`, { redirect: "manual" });
    expect(toSpanish.status).toBe(301);
    expect(toSpanish.headers.get("location")).toBe("/es/resveratrol-vs-suplementos");
    const toEnglish = await fetch(`${gatewayUrl}/es/resveratrol-vs-suplementos?lang=en`, { redirect: "manual" });
    expect(toEnglish.headers.get("location")).toBe("/resveratrol-vs-supplements");
    expect((await fetch(`${gatewayUrl}/resveratrol-vs-supplements?lang=en`)).status).toBe(200);
  });

  it("lists every page in both languages in the sitemap", async () => {
    const sitemap = await (await fetch(`${gatewayUrl}/sitemap.xml`)).text();
    for (const key of infoPageKeys)
      for (const lang of languages) expect(sitemap, key).toMatch(new RegExp(`<loc>[^<]*${routePath(key, lang)}</loc>`));
  });
});

/** The pages the browser asked the API for, as `key/lang`. */
function pageReads(urls: string[]): string[] {
  return urls.flatMap((url) => {
    const match = /^\/api\/pages\/([^/]+)\/(en|es)$/.exec(new URL(url).pathname);
    return match ? [`${match[1]}/${match[2]}`] : [];
  });
}

describe("content pages in the browser", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("read only their own copy: the first page's in the HTML, the next one's from the API", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto("/es/guia-principiantes");
    await waitForHydration(page);
    // The server rendered the page and sent its copy with the HTML's data: the browser asks for nothing.
    await page.locator("main a[href='/es/comparacion']").first().waitFor();
    expect(pageReads(requests)).toEqual([]);
    await page.goto("/es");
    await waitForHydration(page);
    await page
      .locator(`header a[href='${routePath("longevityGuide", "es")}']`)
      .first()
      .evaluate((link) => {
        (link as HTMLAnchorElement).click();
      });
    await page.waitForURL((url) => url.pathname === routePath("longevityGuide", "es"));
    await expect.poll(() => page.locator("main h1").textContent()).toBe(headingOf("longevityGuide", "es"));
    expect(pageReads(requests)).toEqual(["longevity-guide/es"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("look right on a 390-pixel phone", async () => {
    const context = await newContext(browser, mobile);
    const page = await context.newPage();
    const shots: [string, string][] = [
      ["/nad-boost-guide", "content-nad-boost-guide-390"],
      ["/es/resveratrol-vs-suplementos", "content-resveratrol-vs-suplementos-390"],
      ["/athletic-performance-guide", "content-athletic-performance-guide-390"],
      ["/es/politica-privacidad", "content-politica-privacidad-390"],
    ];
    for (const [path, name] of shots) {
      await page.goto(path);
      await waitForHydration(page);
      // A phone's layout viewport grows to fit wide content, so the page is measured against the device width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
        mobile.viewport?.width ?? 390,
      );
      await saveScreenshot(page, name);
    }
    await context.close();
  });
});
