import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../src/i18n/resources.js";
import { reviewPath } from "../src/routes.js";
import { exitBannerStorageKey } from "../src/stores/exit-banner.store.js";
import {
  afterNextPaint,
  collectPageErrors,
  desktop,
  documentListensFor,
  gatewayUrl,
  launchBrowser,
  mobile,
  newContext,
  products,
  saveScreenshot,
  waitForHydration,
} from "./support/site.js";

const en = resources.en;
const es = resources.es;

/**
 * The overlays load at the visitor's first engagement with the page (here the pointer entering it), or
 * five quiet seconds after it has loaded, which the first chat test waits for; the chat button is the
 * sign they are there.
 */
async function overlaysReady(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.mouse.move(200, 200);
  await page.locator("[data-testid='chat-launcher'], [data-testid='chat-panel']").first().waitFor({ timeout: 15_000 });
}

/**
 * Exit intent is watched (a mouseout listener on the document) once the overlays have the catalogue: from
 * then on, leaving through the top is answered at once, so a popup or banner that does not appear in the
 * next frames never will.
 */
async function exitIntentWatched(page: Page): Promise<void> {
  await overlaysReady(page);
  await expect.poll(() => documentListensFor(page, "mouseout")).toBe(true);
}

/**
 * The language offer decides as the page hydrates; the bar then waits only for its Spanish copy, which
 * the overlays carry too. Once they are on screen and two frames have passed, a bar that is not there
 * is not coming.
 */
async function languageOfferSettled(page: Page): Promise<void> {
  await overlaysReady(page);
  await afterNextPaint(page);
}

const leaveThroughTop = (page: Page) =>
  page.evaluate(() =>
    document.dispatchEvent(new MouseEvent("mouseout", { clientY: -1, relatedTarget: null, bubbles: true })),
  );

async function assistantReplies(page: Page): Promise<number> {
  return page.locator("[data-testid='chat-message'][data-role='assistant']").count();
}

describe("chat widget", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    errors = collectPageErrors(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("is not part of the first load: its chunk is fetched after the page is interactive", async () => {
    const html = await (await fetch(`${gatewayUrl}/`)).text();
    expect(html).not.toMatch(/overlays-[\w-]+\.js/);
    const chunk = page.waitForRequest((request) => /\/assets\/overlays-[\w-]+\.js$/.test(request.url()));
    await page.goto("/");
    await waitForHydration(page);
    await chunk;
  });

  it("answers a quick question with real catalogue products, at most three cards", async () => {
    const catalogue = await products({ lang: "en" });
    await page.goto("/comparison");
    await overlaysReady(page);
    await page.locator("[data-testid='chat-launcher']").click();
    const panel = page.locator("[data-testid='chat-panel']");
    await panel.waitFor();
    expect(await page.locator("[data-testid='chat-message']").count()).toBe(1);
    expect(await panel.textContent()).toContain(en.chat.greeting);
    expect(await page.locator("[data-testid='chat-quick-question']").count()).toBe(5);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("chat-input");

    await page.locator("[data-testid='chat-quick-question'][data-question='longevity']").click();
    await expect.poll(() => assistantReplies(page), { timeout: 15_000 }).toBe(2);
    expect(await page.locator("[data-testid='chat-message'][data-role='user']").textContent()).toContain(
      en.chat.quick.longevity.question,
    );
    const reply = (await page.locator("[data-testid='chat-message'][data-role='assistant']").nth(1).textContent())!;
    const named = catalogue.filter((product) => reply.includes(product.name));
    expect(named.length).toBeGreaterThan(0);
    const cards = page.locator("[data-testid='chat-product']");
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(3);
    const slug = (await cards.first().getAttribute("data-slug"))!;
    expect(catalogue.some((product) => product.slug === slug)).toBe(true);
    expect(await cards.first().locator(`a[href='/go/${slug}?from=chat']`).count()).toBe(1);
    expect(
      await cards
        .first()
        .locator(`a[href='${reviewPath(slug, "en")}']`)
        .count(),
    ).toBeGreaterThan(0);
    // Quick questions are gone once the visitor has asked something.
    expect(await page.locator("[data-testid='chat-quick-question']").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("keeps at most three products to compare: a present one is removed, a fourth drops the oldest", async () => {
    await page.locator("[data-testid='chat-input']").fill("What are the best budget options?");
    await page.keyboard.press("Enter");
    await expect.poll(() => assistantReplies(page), { timeout: 15_000 }).toBe(3);
    await page.locator("[data-testid='chat-input']").fill("Which product has the highest potency?");
    await page.keyboard.press("Enter");
    await expect.poll(() => assistantReplies(page), { timeout: 15_000 }).toBe(4);

    const slugs = [
      ...new Set(
        await page
          .locator("[data-testid='chat-product']")
          .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-slug")!)),
      ),
    ];
    expect(slugs.length).toBeGreaterThanOrEqual(4);
    const toggle = (slug: string) =>
      page.locator(`[data-testid='chat-product'][data-slug='${slug}'] [data-testid='chat-compare-toggle']`).first();
    const compared = () =>
      page
        .locator("[data-testid='chat-compared']")
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-slug")));
    const viewButton = page.getByRole("button", { name: en.chat.comparison.view });

    await toggle(slugs[0]!).click();
    expect(await viewButton.count()).toBe(0);
    await toggle(slugs[1]!).click();
    expect(await viewButton.count()).toBe(1);
    await toggle(slugs[0]!).click();
    expect(await compared()).toEqual([slugs[1]]);
    await toggle(slugs[0]!).click();
    await toggle(slugs[2]!).click();
    await toggle(slugs[3]!).click();
    expect(await compared()).toEqual([slugs[0], slugs[2], slugs[3]]);

    await viewButton.click();
    const table = page.locator("[data-testid='chat-comparison-table']");
    await table.waitFor();
    expect(await table.locator("thead th[scope='col']").count()).toBe(3);
    expect(await table.locator("a[href^='/go/']").count()).toBe(3);
    await saveScreenshot(page, "overlay-chat-comparison-1280");
    await page.getByRole("button", { name: en.chat.comparison.back }).click();
  });

  it("restores the conversation after a reload, and Clear Chat empties it", async () => {
    const before = await page.locator("[data-testid='chat-message']").count();
    expect(before).toBe(7);
    await page.reload();
    await overlaysReady(page);
    await page.locator("[data-testid='chat-launcher']").click();
    await expect.poll(() => page.locator("[data-testid='chat-message']").count()).toBe(before);
    await saveScreenshot(page, "overlay-chat-1280");

    await page.locator("[data-testid='chat-clear']").click();
    expect(await page.locator("[data-testid='chat-message']").count()).toBe(1);
    expect(await page.locator("[data-testid='chat-compared']").count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("rsv-chat-history"))).toBeNull();
  });

  it("minimises to its header, closes, and works with the keyboard alone", async () => {
    await page.locator("[data-testid='chat-minimise']").click();
    expect(await page.locator("[data-testid='chat-panel']").getAttribute("data-view")).toBe("minimised");
    expect(await page.locator("[data-testid='chat-input']").count()).toBe(0);
    await page.locator("[data-testid='chat-close']").click();
    const launcher = page.locator("[data-testid='chat-launcher']");
    await expect.poll(() => launcher.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("chat-input");
    await page.keyboard.type("Compare the top 3 products.");
    expect(await page.locator("[data-testid='chat-typing-hint']").textContent()).toBe(en.chat.typingHint);
    // The reply can come back within a frame: record every change of the input instead of sampling it once.
    await page.evaluate(() => {
      const input = document.querySelector("[data-testid='chat-input']") as HTMLInputElement;
      const seen = window as unknown as { sawDisabled: boolean };
      seen.sawDisabled = false;
      new MutationObserver(() => (seen.sawDisabled ||= input.disabled)).observe(input, { attributes: true });
    });
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sawDisabled: boolean }).sawDisabled))
      .toBe(true);
    await expect.poll(() => assistantReplies(page), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => page.locator("[data-testid='chat-typing-hint']").textContent()).toBe("");
    await page.keyboard.press("Escape");
    await page.locator("[data-testid='chat-launcher']").waitFor();
  });

  it.each([
    ["en", "/", "Which product do you recommend for eye health and how much is it?"],
    ["es", "/es", "¿Qué producto me recomiendas para los ojos y cuánto cuesta?"],
  ] as const)(
    "shows a card's whole product name on a 390 px phone (%s), wrapped, never cut",
    async (lang, path, question) => {
      const phone = await newContext(browser, mobile);
      try {
        const tab = await phone.newPage();
        await tab.goto(path);
        await overlaysReady(tab);
        await tab.locator("[data-testid='chat-launcher']").click();
        await tab.locator("[data-testid='chat-input']").fill(question);
        await tab.keyboard.press("Enter");
        // The eyes have one product made for them; its name is the longest of the demo catalogue's.
        const name = tab.locator("[data-testid='chat-product-name']");
        await name.first().waitFor();
        expect(await name.allTextContents()).toEqual(["Novalith VisionGuard Resveratrol 250"]);
        const box = await name.first().evaluate((element) => ({
          clipped: element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
          lines: Math.round(element.clientHeight / parseFloat(getComputedStyle(element).lineHeight)),
        }));
        expect(box.clipped).toBe(false);
        expect(box.lines).toBeGreaterThanOrEqual(1);
        expect(box.lines).toBeLessThanOrEqual(2);
        await name.first().scrollIntoViewIfNeeded();
        await saveScreenshot(tab, `overlay-chat-card-390-${lang}`);
      } finally {
        await phone.close();
      }
    },
  );

  it("shows the failure message when the service refuses, as with too many messages", async () => {
    const tab = await context.newPage();
    await tab.route("**/api/chat", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        headers: { "Retry-After": "60" },
        body: JSON.stringify({ error: { code: "rate_limited", message: "Too many messages" } }),
      }),
    );
    await tab.goto("/es");
    await overlaysReady(tab);
    await tab.locator("[data-testid='chat-launcher']").click();
    await tab.locator("[data-testid='chat-input']").fill("hola");
    await tab.keyboard.press("Enter");
    await expect
      .poll(() => tab.locator("[data-testid='chat-message'][data-role='assistant']").last().textContent())
      .toContain(es.chat.failure);
    await tab.close();
  });
});

describe("exit-intent popup and banner", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows the top product once a day when the pointer leaves through the top, then the banner, never both", async () => {
    const catalogue = await products({ lang: "en" });
    const expected = catalogue.find((product) => product.isTopRanked) ?? catalogue[0]!;
    const context = await newContext(browser);
    const page = await context.newPage();
    // The FAQ page has no products of its own: the overlays fetch the catalogue after loading.
    const catalogueLoaded = page.waitForResponse((response) => response.url().includes("/api/products?"));
    await page.goto("/faq");
    await overlaysReady(page);
    await catalogueLoaded;

    // Exit intent is watched once the catalogue is in: leave until it is.
    const popup = page.locator("[data-testid='exit-popup']");
    await expect
      .poll(async () => {
        await leaveThroughTop(page);
        return popup.count();
      })
      .toBe(1);
    await expect.poll(() => popup.getAttribute("data-phase")).toBe("visible");
    expect(await page.locator("[data-testid='exit-popup-product']").textContent()).toBe(expected.name);
    expect((await page.locator("[data-testid='exit-popup-description']").textContent())!.length).toBeLessThanOrEqual(
      151,
    );
    expect(await page.locator("[data-testid='exit-banner']").count()).toBe(0);
    await saveScreenshot(page, "overlay-exit-popup-1280");

    // Focus stays inside while it is open.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await popup.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => popup.count(), { timeout: 2_000 }).toBe(0);

    await leaveThroughTop(page);
    const banner = page.locator("[data-testid='exit-banner']");
    await banner.waitFor();
    expect(await popup.count()).toBe(0);
    expect(await banner.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await saveScreenshot(page, "overlay-exit-banner-1280");
    await page.locator("[data-testid='exit-banner-close']").click();
    expect(await banner.count()).toBe(0);

    // Both were shown today: after a reload, leaving through the top shows neither.
    await page.reload();
    await exitIntentWatched(page);
    await leaveThroughTop(page);
    await afterNextPaint(page);
    expect(await popup.count()).toBe(0);
    expect(await banner.count()).toBe(0);
    // The day kept the banner away, not a page that stopped watching: forget it and the next exit shows it.
    await page.evaluate((key) => localStorage.removeItem(key), exitBannerStorageKey);
    await leaveThroughTop(page);
    await banner.waitFor();
    expect(await popup.count()).toBe(0);
    await context.close();
  });

  it("Get This Deal Now opens /go/{slug} in a new tab and closes the popup", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/es");
    await overlaysReady(page);
    await leaveThroughTop(page);
    const popup = page.locator("[data-testid='exit-popup']");
    await popup.waitFor();
    // The top product's coupon makes it a deal (without one the link offers today's price instead).
    const listed = await products({ lang: "es" });
    const top = listed.find((product) => product.isTopRanked) ?? listed[0];
    assert(top?.couponCode, "the demo's top product has a coupon");
    expect(await popup.getByTestId("exit-popup-coupon").textContent()).toContain(top.couponCode);
    const cta = page.getByRole("link", { name: es.overlays.exitPopup.cta });
    const href = (await cta.getAttribute("href"))!;
    expect(href).toMatch(/^\/go\/[a-z0-9-]+\?from=exit-popup$/);
    expect(await cta.getAttribute("target")).toBe("_blank");
    const [retailer] = await Promise.all([context.waitForEvent("page"), cta.click()]);
    await retailer.waitForLoadState();
    await expect.poll(() => popup.count(), { timeout: 2_000 }).toBe(0);
    await context.close();
  });

  it("never opens on a touch screen", async () => {
    const context = await newContext(browser, mobile);
    const page = await context.newPage();
    await page.goto("/");
    await exitIntentWatched(page);
    await leaveThroughTop(page);
    await afterNextPaint(page);
    expect(await page.locator("[data-testid='exit-popup'], [data-testid='exit-banner']").count()).toBe(0);
    await context.close();
  });
});

describe("recent-activity toast", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows a real click through /go/{slug} on another page, and can be closed", async () => {
    const catalogue = await products({ lang: "en" });
    const clicked = catalogue.at(-1)!;
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(reviewPath(clicked.slug, "en"));
    await waitForHydration(page);
    const [retailer] = await Promise.all([
      context.waitForEvent("page"),
      page.locator(`main a[href^='/go/${clicked.slug}?']`).first().click(),
    ]);
    await retailer.waitForLoadState();
    await retailer.close();

    await page.goto("/faq");
    const loadedAt = Date.now();
    await overlaysReady(page);
    const toast = page.locator("[data-testid='activity-toast']");
    await toast.waitFor({ timeout: 20_000 });
    expect(Date.now() - loadedAt).toBeGreaterThanOrEqual(9_000);
    expect(await toast.locator("[data-testid='activity-product']").textContent()).toBe(clicked.name);
    await saveScreenshot(page, "overlay-activity-toast-1280");
    await page.locator("[data-testid='activity-toast-close']").click();
    await expect.poll(() => toast.count(), { timeout: 2_000 }).toBe(0);
    await context.close();
  });
});

describe("language offer", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("offers the Spanish page to a Spanish-preferring browser at /, not at /es, and remembers the choice", async () => {
    const context = await newContext(browser, { ...desktop, locale: "es-ES" });
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    const bar = page.locator("[data-testid='language-offer']");
    await bar.waitFor();
    expect(await bar.getAttribute("lang")).toBe("es");
    expect(await bar.textContent()).toContain(es.overlays.languageOffer.text);
    expect(new URL(page.url()).pathname).toBe("/");

    await page.goto("/es");
    await languageOfferSettled(page);
    expect(await bar.count()).toBe(0);

    await page.goto("/faq");
    await waitForHydration(page);
    await bar.getByRole("link", { name: es.overlays.languageOffer.action }).click();
    await page.waitForURL((url) => url.pathname === "/es/preguntas-frecuentes");
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/es");
    await context.close();
  });

  it("is not shown to an English-preferring browser, and declining it is remembered", async () => {
    const english = await newContext(browser);
    const page = await english.newPage();
    await page.goto("/");
    await languageOfferSettled(page);
    expect(await page.locator("[data-testid='language-offer']").count()).toBe(0);
    await english.close();

    const spanish = await newContext(browser, { ...desktop, locale: "es-MX" });
    const tab = await spanish.newPage();
    await tab.goto("/comparison");
    await waitForHydration(tab);
    await tab.getByRole("button", { name: es.overlays.languageOffer.dismiss }).click();
    expect(await tab.locator("[data-testid='language-offer']").count()).toBe(0);
    await tab.reload();
    await languageOfferSettled(tab);
    expect(await tab.locator("[data-testid='language-offer']").count()).toBe(0);
    await spanish.close();
  });
});
