import type { Browser } from "playwright-core";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { adminCopy } from "../src/admin/admin-copy.js";
import { contentHeading } from "../src/content/read-content-files.js";
import { resources } from "../src/i18n/resources.js";
import { articlePath, homePath, reviewPath, routeKeys, routePath, type Lang, type RouteKey } from "../src/routes.js";
import {
  collectPageErrors,
  desktop,
  gatewayUrl,
  launchBrowser,
  mobile,
  newContext,
  products,
  publishedPosts,
  saveScreenshot,
  servedPage,
  waitForHydration,
} from "./support/site.js";

/** The heading each route key's page shows, from the same copy the app uses. */
function expectedHeading(key: RouteKey, lang: Lang): string {
  const copy = resources[lang];
  switch (key) {
    case "comparison":
      return copy.comparison.title;
    case "blog":
      return copy.blog.title;
    case "review":
      return copy.review.index.title;
    default:
      return contentHeading(key, lang);
  }
}

interface PageCase {
  path: string;
  heading: string;
}

describe("every route renders in both languages", () => {
  let browser: Browser;
  const cases: PageCase[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const [top] = await products({ lang: "en" });
    assert(top, "the demo catalogue has products");
    for (const lang of ["en", "es"] as const) {
      cases.push({ path: homePath(lang), heading: resources[lang].home.hero.title });
      for (const key of routeKeys) cases.push({ path: routePath(key, lang), heading: expectedHeading(key, lang) });
      cases.push({ path: reviewPath(top.slug, lang), heading: top.name });
      const [post] = await publishedPosts(lang);
      assert(post, `the demo blog has a published ${lang} article`);
      cases.push({ path: articlePath(post.slug, lang), heading: post.title });
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("serves complete HTML without JavaScript", async () => {
    for (const { path, heading } of cases) {
      const { status, document } = await servedPage(path);
      expect(status, path).toBe(200);
      expect.soft(document.querySelector("main h1")?.textContent, path).toContain(heading);
      expect(document.querySelectorAll("[data-testid='medical-disclaimer']").length, path).toBe(1);
      expect(document.querySelector("link[rel='canonical']")?.getAttribute("href"), path).toMatch(
        new RegExp(`${path === "/" ? "/" : path}$`),
      );
      expect(document.querySelectorAll("link[hreflang='x-default']").length, path).toBe(1);
    }
  });

  // Every route in both languages, one after another (the routes are known once the catalogue is
  // read): 38 s alone, and over two minutes beside the other e2e file and the fault tests on a loaded
  // two-core machine.
  it("hydrates every page without errors", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    for (const { path, heading } of cases) {
      await page.goto(path);
      await waitForHydration(page);
      await expect.soft(page.locator("main h1").first().textContent(), path).resolves.toContain(heading);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it("answers 404 with the not-found screen for unknown routes and unknown slugs", async () => {
    const expectations: [string, string][] = [
      ["/no-such-page", resources.en.common.notFound.title],
      ["/es/no-existe", resources.es.common.notFound.title],
      ["/es/comparison", resources.es.common.notFound.title],
      ["/review/no-such-product", resources.en.review.notFound.title],
      ["/es/resena/no-such-product", resources.es.review.notFound.title],
      ["/blog/no-such-article", resources.en.blog.article.notFoundTitle],
      ["/es/investigacion/no-such-article", resources.es.blog.article.notFoundTitle],
      ["/product/999999", resources.en.review.notFound.title],
    ];
    for (const [path, heading] of expectations) {
      const { status, document } = await servedPage(path);
      expect(status, path).toBe(404);
      expect(document.querySelector("main h1")?.textContent, path).toContain(heading);
      expect(document.querySelector("meta[name='robots']")?.getAttribute("content"), path).toContain("noindex");
    }

    const withScript = await newContext(browser);
    const livePage = await withScript.newPage();
    await livePage.goto("/no-such-page");
    await waitForHydration(livePage);
    expect(await livePage.locator("[data-testid='not-found'] h1").textContent()).toBe(
      resources.en.common.notFound.title,
    );
    await withScript.close();
  });

  it("redirects /product/{id} to the review in the requested language", async () => {
    const [top] = await products({ lang: "en" });
    assert(top, "the demo catalogue has products");
    const english = await fetch(`${gatewayUrl}/product/${top.id}`, { redirect: "manual" });
    expect(english.status).toBe(302);
    expect(english.headers.get("location")).toBe(reviewPath(top.slug, "en"));
    const spanish = await fetch(`${gatewayUrl}/product/${top.id}?lang=es`, { redirect: "manual" });
    expect(spanish.headers.get("location")).toBe(reviewPath(top.slug, "es"));
  });

  it("describes each page in its head", async () => {
    const [top] = await products({ lang: "es" });
    assert(top, "the demo catalogue has products");
    const html = await (await fetch(`${gatewayUrl}${reviewPath(top.slug, "es")}`)).text();
    expect(html).toContain('<html lang="es">');
    // The site name follows the title only when both fit in the 70 characters search results show.
    const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
    expect(title).toContain(top.name);
    expect(title.length).toBeLessThanOrEqual(70);
    expect(html).toMatch(new RegExp(`hreflang="en" href="[^"]*${reviewPath(top.slug, "en")}"`));
    expect(html).toMatch(new RegExp(`rel="canonical" href="[^"]*${reviewPath(top.slug, "es")}"`));
    expect(html).toContain('property="og:locale" content="es_ES"');
    const jsonLd = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? "{}") as { "@type": string },
    );
    const productLd = jsonLd.find((item) => item["@type"] === "Product") as
      { name: string; aggregateRating?: { ratingValue: string } } | undefined;
    expect(productLd?.name).toBe(top.name);
    expect(productLd?.aggregateRating?.ratingValue).toBe(top.rating);
    expect(jsonLd.some((item) => item["@type"] === "BreadcrumbList")).toBe(true);
    expect(JSON.stringify(jsonLd).toLowerCase()).not.toContain("astaxanthin");

    const faq = await (await fetch(`${gatewayUrl}/faq`)).text();
    expect(faq).toContain('"@type":"FAQPage"');
  });

  it("serves sitemap.xml with both languages and robots.txt", async () => {
    const sitemap = await (await fetch(`${gatewayUrl}/sitemap.xml`)).text();
    const [top] = await products({ lang: "en" });
    expect(sitemap).toContain("<urlset");
    expect(sitemap).toContain("/es/comparacion</loc>");
    expect(sitemap).toContain("/comparison</loc>");
    expect(sitemap).toContain(`/review/${top?.slug}</loc>`);
    expect(sitemap).toContain(`/es/resena/${top?.slug}</loc>`);
    expect(sitemap).toContain('hreflang="x-default"');
    for (const post of await publishedPosts("es")) expect(sitemap).toContain(`/es/investigacion/${post.slug}</loc>`);
    for (const post of await publishedPosts("en")) expect(sitemap).toContain(`/blog/${post.slug}</loc>`);
    const robots = await (await fetch(`${gatewayUrl}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });

  it("keeps the admin code out of public pages", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/comparison");
    await waitForHydration(page);
    expect(scripts.some((url) => url.includes("admin"))).toBe(false);
    await page.goto("/admin");
    await expect
      .poll(() => page.locator("h1").first().textContent(), { timeout: 10_000 })
      .toBe(adminCopy.en.login.title);
    expect(scripts.some((url) => url.includes("admin"))).toBe(true);
    await context.close();
  });

  it("lays out the home, comparison and review pages within a desktop and a phone screen, and saves screenshots", async () => {
    const [top] = await products({ lang: "en" });
    assert(top, "the demo catalogue has products");
    for (const [device, options] of [
      ["desktop", desktop],
      ["mobile", mobile],
    ] as const) {
      const context = await newContext(browser, options);
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      for (const lang of ["en", "es"] as const) {
        for (const [name, path, heading] of [
          ["home", homePath(lang), resources[lang].home.hero.title],
          ["comparison", routePath("comparison", lang), resources[lang].comparison.title],
          ["review", reviewPath(top.slug, lang), top.name],
        ] as const) {
          await page.goto(path);
          await waitForHydration(page);
          const where = `${path} on ${device}`;
          expect(await page.locator("main h1").first().textContent(), where).toContain(heading);
          expect(await page.locator("main h1").first().isVisible(), where).toBe(true);
          // Nothing wider than the screen: a reader never scrolls sideways.
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), where).toBe(
            true,
          );
          // The top product's picture sits inside its frame, as on every product card, not cut at its edges.
          const inset = await page.locator("[data-testid='top-product'] [data-image-state]").evaluateAll((frames) =>
            frames.map((frame) => {
              const picture = frame.querySelector("img")!.getBoundingClientRect();
              return picture.top - frame.getBoundingClientRect().top;
            }),
          );
          for (const gap of inset) expect(gap, where).toBeGreaterThanOrEqual(8);
          // A breadcrumb's "/" never starts a line: it stays on the line where the crumb before it ends
          // (the middles of the two boxes less than half a line apart).
          const apart = await page
            .getByRole("navigation", { name: resources[lang].common.breadcrumb.label })
            .locator("li")
            .evaluateAll((items) => {
              const middle = (box: DOMRect) => (box.top + box.bottom) / 2;
              const separator = items.at(-1)?.querySelector("span[aria-hidden='true']");
              const before = items.at(-2)?.querySelector("a");
              if (!separator || !before) return 0;
              const ends = [...before.getClientRects()].at(-1)!;
              return Math.abs(middle(separator.getBoundingClientRect()) - middle(ends));
            });
          expect(apart, where).toBeLessThan(12);
          await saveScreenshot(page, `${name}-${lang}-${device}`);
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
