import { unwrap, type ApiClient, type Product } from "@rsv/api/client";
import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptNextConfirm,
  adminPage,
  copy,
  openTab,
  screenshotTab,
  signedInApi,
  signIn,
  waitForToast,
} from "./support/admin.js";
import { startRetailer, type Retailer } from "./support/retailer.js";
import { adminCopy } from "../src/admin/admin-copy.js";
import { countryName } from "../src/lib/format.js";
import { launchBrowser, mobile, saveScreenshot } from "./support/site.js";

const run = randomUUID().slice(0, 6);
const o = copy.offers;
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });
/** Intl writes a no-break space between a Spanish amount and its symbol. */
const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ").trim();

let browser: Browser;
let retailer: Retailer;
let api: ApiClient;
let product: Product;

async function offersOf(productId: number) {
  return unwrap(api.GET("/api/offers", { params: { query: { productId } } }));
}

function offerRow(page: Page, id: number, status?: string): Locator {
  return page.locator(`[data-testid='offer-row'][data-offer-id='${id}']${status ? `[data-status='${status}']` : ""}`);
}

describe("the owner manages offers and sees their links checked", () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    retailer = await startRetailer();
    api = await signedInApi();
    product = await unwrap(
      api.POST("/api/products", {
        body: {
          name: `Offer Test Resveratrol ${run}`,
          brand: "Offer Test Labs",
          potency: "500mg",
          source: "Japanese Knotweed",
          price: "30.00",
          rating: "4.2",
          imageUrl: "/api/images/offer-test.png",
          description: "A product whose offers the test adds and checks.",
          bestFor: "Testing offers",
        },
      }),
    );
  });

  afterAll(async () => {
    if (api && product) {
      for (const offer of await offersOf(product.id).catch(() => []))
        await api.DELETE("/api/offers/{id}", { params: { path: { id: offer.id } } });
      await api.DELETE("/api/products/{id}", { params: { path: { id: product.id } } });
    }
    await retailer?.close();
    await browser?.close();
  });

  it("adds an offer in the Offers tab, checks it now and sees it go out of stock", async () => {
    const path = `/offer-${run}`;
    retailer.stock(path, "in");
    const { context, page } = await adminPage(browser);
    await signIn(page);
    await openTab(page, "offers");
    await page.getByRole("button", { name: o.add }).click();
    const dialog = page.getByTestId("offer-dialog");
    await dialog.getByRole("heading", { name: o.dialog.createTitle }).waitFor();

    // What the form can tell is said before sending, field by field.
    await dialog.getByRole("button", { name: o.dialog.create }).click();
    expect(await dialog.getByText(o.errors.productRequired).count()).toBe(1);
    expect(await dialog.getByText(o.errors.urlInvalid).count()).toBe(1);
    // The first field marked takes the focus, wherever the button was.
    await expect
      .poll(() => field(dialog, o.fields.productId).evaluate((el) => el === document.activeElement))
      .toBe(true);

    await field(dialog, o.fields.productId).selectOption(String(product.id));
    await field(dialog, o.fields.retailer).fill(`Loopback Pharmacy ${run}`);
    await field(dialog, o.fields.market).fill("ES");
    // The currency follows the market until the owner picks one.
    expect(await field(dialog, o.fields.currency).inputValue()).toBe("EUR");
    await field(dialog, o.fields.url).fill(retailer.url(path));
    await field(dialog, o.fields.price).fill("59.90");
    await field(dialog, o.fields.packSize).fill("60");
    // Escape with all this typed asks first, and "keep editing" keeps it.
    await page.keyboard.press("Escape");
    const question = page.getByRole("alertdialog");
    await question.getByRole("button", { name: copy.common.unsaved.keepEditing }).click();
    expect(await field(dialog, o.fields.packSize).inputValue()).toBe("60");

    // A currency no one uses passes the form's shape check; the server's refusal shows beside the field.
    await field(dialog, o.fields.currency).fill("ZZZ");
    await dialog.getByRole("button", { name: o.dialog.create }).click();
    const currency = field(dialog, o.fields.currency);
    await dialog.locator("input[aria-invalid='true']").waitFor();
    expect(await currency.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => currency.evaluate((el) => el === document.activeElement)).toBe(true);
    const refusal = (await dialog.locator(`#${await currency.getAttribute("id")}-error`).textContent()) ?? "";
    expect(refusal.length).toBeGreaterThan(0);
    expect(await dialog.isVisible()).toBe(true);

    await currency.fill("EUR");
    await dialog.getByRole("button", { name: o.dialog.create }).click();
    await waitForToast(page, o.toast.created);
    const [offer] = await offersOf(product.id);
    expect(offer).toMatchObject({
      market: "ES",
      currency: "EUR",
      price: "59.90",
      packSize: 60,
      url: retailer.url(path),
    });

    await page
      .getByRole("group", { name: o.filters.label })
      .getByLabel(o.filters.product)
      .selectOption(String(product.id));
    const row = offerRow(page, offer!.id);
    await row.waitFor();
    expect(plain(await row.getByTestId("offer-price").textContent())).toContain("€59.90");

    // Check now: the checker reads the shop's page, and the row follows the run as it goes.
    await row.locator("button", { hasText: o.checkNow }).click();
    await offerRow(page, offer!.id, "ok").waitFor({ timeout: 30_000 });
    expect(await row.getByTestId("offer-http-status").textContent()).toBe("200");
    expect(await row.getByTestId("offer-checked-at").textContent()).not.toBe(o.never);
    expect(retailer.visits(path)).toBeGreaterThan(0);

    retailer.stock(path, "out");
    await row.locator("button", { hasText: o.checkNow }).click();
    await offerRow(page, offer!.id, "out_of_stock").waitFor({ timeout: 30_000 });
    expect(await row.getByTestId("offer-status").textContent()).toBe(o.status.out_of_stock);

    // Its recent checks, newest first.
    await row.getByTestId("offer-expand").click();
    const checks = page.locator(`#offer-${offer!.id}-checks [data-testid='recent-checks'] tbody tr`);
    await checks.nth(1).waitFor();
    expect(await checks.first().getAttribute("data-outcome")).toBe("out_of_stock");

    // Every tab shows how many offers have problems; its link opens this tab on just those.
    const problems = page.getByTestId("offer-problems");
    await problems.waitFor();
    await openTab(page, "analytics");
    await problems
      .getByRole("button", { name: new RegExp(`^(${o.problems.show_one}|${o.problems.show_other})$`) })
      .click();
    await page.getByRole("tab", { name: copy.dashboard.tabs.offers, selected: true }).waitFor();
    expect(await page.getByLabel(o.filters.status).inputValue()).toBe("problems");
    await offerRow(page, offer!.id, "out_of_stock").waitFor();
    expect(await page.locator("[data-testid='offer-row'][data-status='ok']").count()).toBe(0);
    await screenshotTab(page, "admin-offers-problems-1280");

    const confirmed = acceptNextConfirm(page);
    await row.getByRole("button", { name: copy.common.delete }).click();
    expect(await confirmed).toBe(o.confirmDelete);
    await waitForToast(page, o.toast.deleted);
    await row.waitFor({ state: "detached" });
    // The keyboard's place is the tab's panel, not the top of the page.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("tabpanel");
    expect(await offersOf(product.id)).toEqual([]);
    await context.close();
  });

  it("lists a product's offers in its dialog in both languages' notation and saves the preferred retailer", async () => {
    const path = `/dialog-${run}`;
    retailer.stock(path, "in");
    const retailerName = `Dialog Shop ${run}`;
    await unwrap(
      api.POST("/api/offers", {
        body: { productId: product.id, retailer: retailerName, market: "ES", url: retailer.url(path), price: "59.90" },
      }),
    );
    const { context, page } = await adminPage(browser);
    await signIn(page);
    await openTab(page, "products");
    const row = page.locator(`[data-testid='admin-product-row'][data-slug='${product.slug}']`);
    await row.getByRole("button", { name: copy.common.edit }).click();
    const dialog = page.getByTestId("product-dialog");
    const listed = dialog.getByTestId("product-offer");
    await listed.first().waitFor();
    expect(plain(await listed.first().getByTestId("product-offer-price").textContent())).toBe("€59.90 / 59,90 €");

    await dialog.getByLabel(copy.products.fields.preferredRetailer).selectOption(retailerName);
    await dialog.getByRole("button", { name: copy.common.save }).click();
    await waitForToast(page, copy.products.toast.updated);
    const saved = await unwrap(api.GET("/api/products/{id}", { params: { path: { id: product.id } } }));
    expect(saved.preferredRetailer).toBe(retailerName);
    await context.close();
  });

  it.each(["en", "es"] as const)(
    "shows the offers as cards on a phone in %s: nothing scrolls sideways, each offer's buttons named after it",
    async (lang) => {
      const c = adminCopy[lang];
      // A retailer named after its web address without a space, and a long address: both must wrap.
      const shop = `FarmaciaInternacionalDeProductosNaturalesYSuplementosDieteticos${run}${lang}`;
      const path = `/phone-${run}-${lang}/${"resveratrol-trans-1000mg-60-capsulas-".repeat(4)}envio`;
      retailer.stock(path, "in");
      const offer = await unwrap(
        api.POST("/api/offers", {
          body: {
            productId: product.id,
            retailer: shop,
            market: "ES",
            url: `${retailer.url(path)}?utm_campaign=${"x".repeat(80)}`,
            price: "1234567.89",
          },
        }),
      );
      const { context, page } = await adminPage(browser, mobile);
      await signIn(page);
      await page.getByRole("button", { name: c.common.languages[lang], exact: true }).click();
      await page.getByRole("tab", { name: c.dashboard.tabs.offers, exact: true }).click();
      // Every offer of the demo seed and this one, each a card; the table is for wider screens.
      const cards = page.getByTestId("offer-card");
      const card = page.locator(`[data-testid='offer-card'][data-offer-id='${offer.id}']`);
      await card.waitFor();
      await page.getByTestId("retailer-row").filter({ hasText: shop }).waitFor();
      expect(await cards.count()).toBeGreaterThan(30);
      expect(await page.getByTestId("offers-table").isVisible()).toBe(false);
      await expectNoSidewaysScroll(page);

      // Headed by its retailer and market; its buttons found by their names, inside the screen.
      const name = c.offers.rowName
        .replace("{{retailer}}", shop)
        .replace("{{product}}", product.name)
        .replace("{{market}}", `${countryName("ES", lang)} (ES)`);
      await card.getByRole("heading", { level: 3, name: new RegExp(`^${shop} · `) }).waitFor();
      const checkNow = page.getByRole("button", { name: c.offers.checkItem.replace("{{name}}", name), exact: true });
      const edit = page.getByRole("button", { name: c.common.editItem.replace("{{name}}", name), exact: true });
      const remove = page.getByRole("button", { name: c.common.deleteItem.replace("{{name}}", name), exact: true });
      const checks = page.getByRole("button", { name: c.offers.checksOf.replace("{{name}}", name), exact: true });
      for (const button of [checkNow, edit, remove, checks]) await expectOnScreen(button);
      // A seeded offer's buttons too (the demo seed has a Longevity Shop offer for every product).
      const seeded = cards.filter({ has: page.getByRole("heading", { name: /^Longevity Shop · / }) }).first();
      expect(await seeded.getByRole("button").count()).toBe(4);
      for (const button of await seeded.getByRole("button").all()) await expectOnScreen(button);

      // Checked from its card: the status, the last check and the (long) address it ended on, wrapped.
      await checkNow.click();
      await page
        .locator(`[data-testid='offer-card'][data-offer-id='${offer.id}'][data-status='ok']`)
        .waitFor({ timeout: 30_000 });
      expect(await card.getByTestId("offer-status").textContent()).toBe(c.offers.status.ok);
      expect(await card.getByTestId("offer-checked-at").textContent()).not.toBe(c.offers.never);
      await checks.click();
      expect(await checks.getAttribute("aria-expanded")).toBe("true");
      // The check made when the offer was added, and this one.
      await card.locator("[data-testid='recent-checks-list'] li[data-outcome='ok']").first().waitFor();
      await expectNoSidewaysScroll(page);

      // The keyboard reaches Edit by its name, and Escape takes the dialog away again.
      await edit.focus();
      await page.keyboard.press("Enter");
      const offerDialog = page.getByTestId("offer-dialog");
      await offerDialog.getByRole("heading", { name: c.offers.dialog.editTitle }).waitFor();
      await expectNoSidewaysScroll(page);
      await page.keyboard.press("Escape");
      await offerDialog.waitFor({ state: "hidden" });
      await saveScreenshot(page, `admin-offers-cards-390-${lang}`);

      // The product's own offers, in its dialog: the same offer, wrapped, its buttons on screen.
      await page.getByRole("tab", { name: c.dashboard.tabs.products, exact: true }).click();
      await page
        .getByRole("button", { name: c.common.editItem.replace("{{name}}", product.name), exact: true })
        .click();
      const dialog = page.getByTestId("product-dialog");
      const listed = dialog.locator(`[data-testid='product-offer'][data-offer-id='${offer.id}']`);
      await listed.waitFor();
      // When its link was last checked, as in the Offers tab's card.
      expect(await listed.getByTestId("product-offer-checked-at").textContent()).toContain(
        c.offers.lastCheck.replace("{{date}}", ""),
      );
      const dialogName = c.offers.marketRowName
        .replace("{{retailer}}", shop)
        .replace("{{market}}", `${countryName("ES", lang)} (ES)`);
      for (const label of [c.common.editItem, c.common.deleteItem])
        await expectOnScreen(dialog.getByRole("button", { name: label.replace("{{name}}", dialogName), exact: true }));
      await expectNoSidewaysScroll(page);
      expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await saveScreenshot(page, `admin-product-offers-390-${lang}`);
      await context.close();
    },
  );
});

/**
 * Nothing wider than the screen: the document does not scroll sideways. A phone's browser widens its
 * layout viewport (and so innerWidth) to content wider than the screen, so the window is held to the
 * screen's width too.
 */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  expect(innerWidth).toBe(page.viewportSize()!.width);
}

/** Shown, and wholly inside the window's width (not cut off or scrolled away sideways in a box). */
async function expectOnScreen(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(locator.page().viewportSize()!.width);
}
