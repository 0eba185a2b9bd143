import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routePath } from "../src/routes.js";
import { desktop, launchBrowser, mobile, newContext, saveScreenshot } from "./support/site.js";

/**
 * What pays is on screen on a phone: at 390 pixels each product of the comparison shows its price,
 * rating and buy button without sideways scrolling, server-rendered (no JavaScript), in both languages;
 * from a desktop's width it is still the table.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("the comparison on a phone and a desktop", () => {
  it.each([
    ["en", 390],
    ["es", 390],
    ["en", 1280],
    ["es", 1280],
  ] as const)("in %s at %i pixels: every row's price, rating and buy button in view", async (lang, width) => {
    const context = await newContext(browser, { ...(width === 390 ? mobile : desktop), javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(routePath("comparison", lang));
      const rows = page.getByTestId("comparison-row");
      expect(await rows.count()).toBeGreaterThan(3);
      // Nothing wider than the screen: no sideways scrolling anywhere on the page.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      for (const row of await rows.all()) {
        for (const part of [
          row.getByTestId("row-price"),
          row.locator("[role='img'], [data-testid='star-rating']").first(),
          row.locator("a[href^='/go/'], [data-testid='no-offer']").first(),
        ]) {
          const box = await part.boundingBox();
          expect(box, (await row.getAttribute("data-slug")) ?? "").not.toBeNull();
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        }
      }
      // The table's column heads on a desktop; each figure named beside it on a phone.
      expect(await page.locator("thead").isVisible()).toBe(width > 390);
      await saveScreenshot(page, `comparison-${lang}-${width}`);
    } finally {
      await context.close();
    }
  });
});
