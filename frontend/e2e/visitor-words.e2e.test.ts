import { potencyMg } from "@rsv/api/product-rules";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../src/i18n/resources.js";
import { routePath } from "../src/routes.js";
import { desktop, launchBrowser, mobile, newContext, products, waitForHydration } from "./support/site.js";

/**
 * What a visitor reads, in their language and on their screen: a stale buy link lands on a page that
 * says so with a way on; origins, categories and prices in the page's language and notation; and the
 * assistant honours a minimum potency asked for in either language.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The words of one language's vocabulary that another language says differently. */
function foreignWords(vocabulary: Record<string, string>, own: Record<string, string>): string[] {
  return Object.entries(vocabulary)
    .filter(([key, word]) => own[key] !== word)
    .map(([, word]) => word);
}

const questions = {
  en: "Which is the cheapest with at least 500 mg?",
  es: "¿Cuál es el más barato con al menos 500 mg?",
};

async function askTheAssistant(page: Page, question: string): Promise<string[]> {
  await waitForHydration(page);
  await page.mouse.move(200, 200);
  await page.locator("[data-testid='chat-launcher']").click();
  await page.locator("[data-testid='chat-input']").fill(question);
  await page.keyboard.press("Enter");
  const replies = page.locator("[data-testid='chat-message'][data-role='assistant']");
  await expect.poll(() => replies.count(), { timeout: 15_000 }).toBe(2);
  return replies
    .nth(1)
    .locator("[data-testid='chat-product']")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-slug")!));
}

describe("what visitors read, in both languages, on a phone and a desktop", () => {
  it.each([
    ["en", 390],
    ["es", 390],
    ["en", 1280],
    ["es", 1280],
  ] as const)("in %s at %i pixels", async (lang, width) => {
    const other = lang === "en" ? "es" : "en";
    const copy = resources[lang];
    const context = await newContext(browser, {
      ...(width === 390 ? mobile : desktop),
      locale: lang === "es" ? "es-ES" : "en-US",
    });
    const page = await context.newPage();
    try {
      // A buy link of a product that is gone: the review's "not found" in the visitor's language, with a way on.
      const gone = await page.goto("/go/a-product-that-was-deleted");
      expect(gone?.status()).toBe(404);
      expect(new URL(page.url()).pathname.startsWith(lang === "es" ? "/es/" : "/review/")).toBe(true);
      await page.getByTestId("product-not-found").waitFor();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(copy.review.notFound.title);
      expect(await page.locator(`a[href='${routePath("comparison", lang)}']`).count()).toBeGreaterThan(0);

      // Origins and prices in the page's language and notation (product names are the brands' own).
      await page.goto(routePath("comparison", lang));
      const table = (await page.getByTestId("row-source").allTextContents()).join(" ");
      for (const word of foreignWords(resources[other].common.origins, copy.common.origins)) {
        expect(table, word).not.toContain(word);
      }
      const prices = await page.getByTestId("row-price").allTextContents();
      const withCents = prices.filter((price) => /\d[.,]\d{2}/.test(price));
      expect(withCents.length).toBeGreaterThan(0);
      for (const price of withCents) expect(price).toMatch(lang === "es" ? /\d,\d{2}/ : /\d\.\d{2}/);

      // Blog categories as a reader of the language says them (an article without a translation keeps its title).
      await page.goto(routePath("blog", lang));
      const articles = (await page.getByTestId("category-badge").allTextContents()).join(" ");
      expect(articles.length).toBeGreaterThan(0);
      for (const word of foreignWords(resources[other].blog.categories, copy.blog.categories)) {
        expect(articles, word).not.toContain(word);
      }
      expect(articles).not.toMatch(/EXPERT GUIDE|RESEARCH STUDY/);

      // The assistant lists only products of at least 500 mg when asked for them.
      await page.goto(routePath("comparison", lang));
      const listed = await askTheAssistant(page, questions[lang]);
      const catalogue = await products();
      expect(listed.length).toBeGreaterThan(0);
      for (const slug of listed) {
        const product = catalogue.find((p) => p.slug === slug);
        expect(potencyMg(product?.potency), slug).toBeGreaterThanOrEqual(500);
      }
    } finally {
      await context.close();
    }
  });
});
