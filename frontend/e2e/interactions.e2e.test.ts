import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, assert, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contentHeading } from "../src/content/read-content-files.js";
import { resources } from "../src/i18n/resources.js";
import { reviewPath } from "../src/routes.js";
import {
  collectPageErrors,
  desktop,
  launchBrowser,
  mobile,
  newContext,
  products,
  publishedPosts,
  waitForHydration,
} from "./support/site.js";

const en = resources.en;
const es = resources.es;

async function toastText(page: Page): Promise<string> {
  const toast = page.locator("[data-testid='toast']");
  await toast.first().waitFor({ timeout: 10_000 });
  return (await toast.allTextContents()).join(" | ");
}

/** The browser suites run against the topology, whose database is always given (make test). */
function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error("DATABASE_URL is not set: browser tests run through `make test`, which starts the topology.");
  return url;
}

async function affiliateClicks(productId: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      "select count(*) from analytics.events where event_type = 'affiliate_click' and product_id = $1",
      [productId],
    );
    return Number(result.rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

describe("visitor interactions", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  // A language choice saved by one test must not redirect the next one.
  beforeEach(async () => {
    await context?.clearCookies();
  });

  it("switching language keeps the page and the comparison filters", async () => {
    const [top] = await products({ lang: "en" });
    assert(top, "the demo catalogue has products");
    const switches: [string, string, string][] = [
      ["/comparison?sort=rating", "/es/comparacion?sort=rating", es.comparison.title],
      ["/faq", "/es/preguntas-frecuentes", contentHeading("faq", "es")],
      [reviewPath(top.slug, "en"), reviewPath(top.slug, "es"), top.name],
      ["/longevity-guide", "/es/guia-longevidad", contentHeading("longevityGuide", "es")],
      ["/", "/es", es.home.hero.title],
    ];
    for (const [from, to, heading] of switches) {
      await page.goto(from);
      await waitForHydration(page);
      await page.locator("header nav[aria-label] a[hreflang='es']").first().click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === to);
      await expect.poll(() => page.locator("main h1").first().textContent()).toContain(heading);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("es");
    }
    await page.locator("header nav[aria-label] a[hreflang='en']").first().click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.locator("main h1").first().textContent()).toContain(en.home.hero.title);
  });

  it("remembers a Spanish choice when the visitor comes back to the English home page", async () => {
    const remembering = await newContext(browser);
    const tab = await remembering.newPage();
    await tab.goto("/faq");
    await waitForHydration(tab);
    await tab.locator("header nav[aria-label] a[hreflang='es']").first().click();
    await tab.waitForURL((url) => url.pathname === "/es/preguntas-frecuentes");
    await tab.goto("/");
    expect(new URL(tab.url()).pathname).toBe("/es");
    await remembering.close();
  });

  it("links an article to its translation", async () => {
    const translated = (await publishedPosts("en")).find((post) => post.translationSlug);
    assert(translated, "the demo blog has an English article with a Spanish translation");
    const translation = (await publishedPosts("es")).find((post) => post.slug === translated.translationSlug);
    assert(translation, `the Spanish article ${translated.translationSlug} is published`);
    await page.goto(`/blog/${translated.slug}`);
    await waitForHydration(page);
    await page.locator("header nav[aria-label] a[hreflang='es']").first().click();
    await page.waitForURL((url) => url.pathname === `/es/investigacion/${translation.slug}`);
    await expect.poll(() => page.locator("main h1").first().textContent()).toBe(translation.title);
  });

  it("hydrates an article without the HTML sanitiser, and sanitises in the browser an article reached by a link", async () => {
    const [post] = await publishedPosts("en");
    expect(post).toBeDefined();
    // A page of its own: the shared one may still be loading what an earlier test's navigation asked for.
    const fresh = await context.newPage();
    const sanitiser: string[] = [];
    fresh.on("request", (request) => {
      if (/\/assets\/sanitize-html-[^/]*\.js$/.test(request.url())) sanitiser.push(request.url());
    });
    try {
      await fresh.goto(`/blog/${post!.slug}`);
      await waitForHydration(fresh);
      const served = await fresh.locator("[data-testid='article-content']").innerHTML();
      expect(served.length).toBeGreaterThan(0);
      await fresh.waitForLoadState("networkidle");
      expect(sanitiser).toEqual([]);

      await fresh.goto("/blog");
      await waitForHydration(fresh);
      await fresh.locator(`main a[href='/blog/${post!.slug}']`).first().click();
      await fresh.waitForURL((url) => url.pathname === `/blog/${post!.slug}`);
      const content = fresh.locator("[data-testid='article-content']");
      await content.waitFor();
      expect(await content.innerHTML()).toBe(served);
      expect(sanitiser).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it("newsletter: rejects an address without @ before sending, subscribes, and recognises a duplicate", async () => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/newsletter")) sent.push(request.method());
    });
    await page.goto("/");
    await waitForHydration(page);
    const form = page.locator("[data-testid='newsletter-form']");

    await form.locator("input[type='email']").fill("reader.example.com");
    await form.locator("button[type='submit']").click();
    expect(await toastText(page)).toContain(en.common.newsletter.invalidTitle);
    expect(await toastText(page)).toContain(en.common.newsletter.invalidText);
    expect(sent).toEqual([]);
    // Said beside the field too, which holds the focus and is described by it; gone once edited.
    const field = form.locator("input[type='email']");
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    const error = form.locator(`[id="${await field.getAttribute("aria-describedby")}"]`);
    expect(await error.textContent()).toBe(en.common.newsletter.invalidText);
    await field.press("Backspace");
    expect(await field.getAttribute("aria-invalid")).toBeNull();
    expect(await form.locator("[data-testid='newsletter-error']").count()).toBe(0);

    const email = `e2e-${Date.now()}@example.com`;
    await form.locator("input[type='email']").fill(email);
    await form.locator("button[type='submit']").click();
    await expect.poll(() => toastText(page)).toContain(en.common.newsletter.successTitle);
    expect(await page.locator("[data-testid='toast']").count()).toBe(1);
    expect(await form.locator("input[type='email']").inputValue()).toBe("");
    expect(await form.getAttribute("data-status")).toBe("success");

    await form.locator("input[type='email']").fill(email);
    await form.locator("button[type='submit']").click();
    await expect.poll(() => toastText(page)).toContain(en.common.newsletter.successTitle);
    expect(sent).toEqual(["POST", "POST"]);
  });

  it("newsletter: shows the server's refusal as a failed subscription", async () => {
    await page.goto("/es");
    await waitForHydration(page);
    const form = page.locator("[data-testid='newsletter-form']");
    await form.locator("input[type='email']").fill("a@");
    await form.locator("button[type='submit']").click();
    await expect.poll(() => toastText(page)).toContain(es.common.newsletter.failedTitle);
    expect(await page.locator("[data-testid='toast']").getAttribute("data-variant")).toBe("destructive");
    expect(await form.getAttribute("data-status")).toBe("failure");
  });

  it("newsletter: works without JavaScript through a plain form post", async () => {
    const noScript = await newContext(browser, { ...desktop, javaScriptEnabled: false });
    const tab = await noScript.newPage();
    await tab.goto("/es");
    await tab
      .locator("[data-testid='newsletter-form'] input[type='email']")
      .fill(`e2e-noscript-${Date.now()}@example.com`);
    await tab.locator("[data-testid='newsletter-form'] button[type='submit']").click();
    await tab.waitForURL((url) => url.searchParams.get("newsletter") === "subscribed");
    expect(new URL(tab.url()).pathname).toBe("/es");
    expect(await tab.locator("[data-testid='newsletter-outcome']").textContent()).toContain(
      es.common.newsletter.successTitle,
    );
    await noScript.close();
  });

  it("FAQ: every answer reads without JavaScript", async () => {
    const noScript = await newContext(browser, { ...desktop, javaScriptEnabled: false });
    const tab = await noScript.newPage();
    await tab.goto("/es/preguntas-frecuentes");
    const answers = tab.locator(".faq-answer");
    expect(await answers.count()).toBeGreaterThan(5);
    // Tailwind's `[hidden]` rule is !important: the page's own no-script rule has to be as well.
    const hidden = await answers.evaluateAll((all) => all.filter((a) => getComputedStyle(a).display === "none").length);
    expect(hidden).toBe(0);
    await noScript.close();
  });

  it("Buy Now goes through /go/{slug}, opens the retailer in a new tab and records the click", async () => {
    const [top] = await products({ lang: "en" });
    assert(top, "the demo catalogue has products");
    const before = await affiliateClicks(top.id);
    const errors = collectPageErrors(page);
    const trackedEvents: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/analytics/track"))
        trackedEvents.push(JSON.parse(request.postData() ?? "{}").eventType as string);
    });

    await page.goto("/comparison");
    await waitForHydration(page);
    const buy = page.locator(`[data-testid='comparison-row'][data-slug='${top.slug}'] a[data-affiliate]`);
    // The link says where it was, so the click is recorded as the comparison table's.
    expect(await buy.getAttribute("href")).toBe(`/go/${top.slug}?from=comparison-table`);
    expect(await buy.getAttribute("target")).toBe("_blank");
    expect(await buy.getAttribute("rel")).toBe("sponsored nofollow noopener");

    const goResponse = page
      .context()
      .waitForEvent("response", (response) => response.url().includes(`/go/${top.slug}`));
    const [retailer] = await Promise.all([page.context().waitForEvent("page"), buy.click()]);
    expect((await goResponse).status()).toBe(302);
    await retailer.waitForLoadState();
    expect(retailer.url()).not.toContain("/go/");
    await retailer.close();

    expect(trackedEvents).not.toContain("affiliate_click");
    expect(trackedEvents).toContain("page_view");
    await expect.poll(() => affiliateClicks(top.id), { timeout: 30_000 }).toBe(before + 1);
    expect(errors).toEqual([]);
  });

  it("copies a coupon code and shows Copied! for two seconds", async () => {
    const withCoupon = (await products({ lang: "en" })).find((product) => product.couponCode);
    assert(withCoupon, "the demo catalogue has a product with a coupon");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(reviewPath(withCoupon.slug, "en"));
    await waitForHydration(page);
    const button = page.locator("[data-testid='copy-coupon']");
    await button.click();
    await expect.poll(() => button.textContent()).toBe(en.review.coupon.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(withCoupon.couponCode);
    await expect.poll(() => button.textContent(), { timeout: 4_000 }).toBe(en.review.coupon.copy);
    expect(await page.locator("[data-testid='expert-grade']").textContent()).toBe("A+");
  });

  it("opens one FAQ answer at a time", async () => {
    await page.goto("/faq");
    await waitForHydration(page);
    const buttons = page.locator("[data-testid='faq-item'] button");
    expect(await buttons.count()).toBe(19);
    await buttons.nth(0).click();
    await buttons.nth(5).click();
    expect(await page.locator("[data-testid='faq-item'] button[aria-expanded='true']").count()).toBe(1);
    expect(await buttons.nth(5).getAttribute("aria-expanded")).toBe("true");
  });

  it("keeps a link reached with the keyboard clear of the sticky header", async () => {
    await page.goto("/");
    const card = page.locator("[data-testid='product-card']").nth(4);
    const title = card.locator("h3 a");
    // The card's title sits under the header, its review link below in view: Shift+Tab from the link
    // reaches the title, which the browser must scroll out from under the header.
    const top = await title.evaluate((link) => link.getBoundingClientRect().top);
    await page.evaluate((by) => window.scrollBy({ top: by, behavior: "instant" }), top - 40);
    await card.getByRole("link", { name: en.common.product.readReview }).focus();
    await page.keyboard.press("Shift+Tab");
    expect(await title.evaluate((link) => link === document.activeElement)).toBe(true);
    const header = await page
      .locator("header")
      .first()
      .evaluate((bar) => bar.getBoundingClientRect().bottom);
    await expect.poll(() => title.evaluate((link) => link.getBoundingClientRect().top)).toBeGreaterThanOrEqual(header);
  });

  it("writes the site's name beside the desktop menu on at most two lines, in both languages", async () => {
    for (const path of ["/", "/es"]) {
      await page.goto(path);
      const name = page.locator("header a[href]").first().locator("span").last();
      const lineHeight = await name.evaluate((span) => parseFloat(getComputedStyle(span).lineHeight));
      const height = await name.evaluate((span) => span.getBoundingClientRect().height);
      expect(height / lineHeight, path).toBeLessThanOrEqual(2);
    }
  });

  it("opens and closes the mobile menu", async () => {
    const phone = await newContext(browser, mobile);
    const tab = await phone.newPage();
    await tab.goto("/es");
    await waitForHydration(tab);
    const toggle = tab.locator("button[aria-controls='mobile-menu']");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await tab.locator("#mobile-menu a", { hasText: es.common.nav.faq }).click();
    await tab.waitForURL((url) => url.pathname === "/es/preguntas-frecuentes");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await tab.locator("#mobile-menu").isVisible()).toBe(false);
    // The link standing in for the button without JavaScript is never shown beside it.
    expect(await tab.locator("#menu-link").isVisible()).toBe(false);
    await phone.close();
  });

  it("opens the mobile menu without JavaScript, with the language switch in it", async () => {
    const phone = await newContext(browser, { ...mobile, javaScriptEnabled: false });
    const tab = await phone.newPage();
    await tab.goto("/es");
    expect(await tab.locator("button[aria-controls='mobile-menu']").isVisible()).toBe(false);
    expect(await tab.locator("#mobile-menu").isVisible()).toBe(false);
    await tab.getByRole("link", { name: es.common.nav.openMenu }).click();
    await tab.locator("#mobile-menu").waitFor({ state: "visible" });
    await tab.locator("#mobile-menu a[hreflang='en']").click();
    await tab.waitForURL((url) => url.pathname === "/");
    // A wide screen keeps its bar: neither the link nor the menu shows there.
    await tab.setViewportSize({ width: 1366, height: 900 });
    expect(await tab.locator("#menu-link").isVisible()).toBe(false);
    await phone.close();
  });
});
