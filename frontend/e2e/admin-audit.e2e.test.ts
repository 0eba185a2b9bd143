import { unwrap, type ApiClient, type Product } from "@rsv/api/client";
import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCopy } from "../src/admin/admin-copy.js";
import { adminPage, copy, openTab, screenshotTab, signedInApi, signIn, waitForToast } from "./support/admin.js";
import { launchBrowser, mobile } from "./support/site.js";

const run = randomUUID().slice(0, 6);
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });

let browser: Browser;
let api: ApiClient;
let product: Product;

/** The newest entry of an action on the test's product, as the Activity log tab lists it. */
function entryFor(page: Page, action: string): Locator {
  return page
    .locator(`[data-testid='audit-event'][data-action='${action}'][data-target-id='${product.id}']`, {
      // Named as the owner knows it; its id is shown only for an item without a name.
      hasText: product.name,
    })
    .first();
}

describe("the owner reads what was changed in the Activity log", () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    api = await signedInApi();
    product = await unwrap(
      api.POST("/api/products", {
        body: {
          name: `Audit Test Resveratrol ${run}`,
          brand: "Audit Test Labs",
          potency: "500mg",
          source: "Japanese Knotweed",
          price: "30.00",
          rating: "4.2",
          imageUrl: "/api/images/audit-test.png",
          description: "A product whose edit the activity log shows.",
          bestFor: "Testing the activity log",
        },
      }),
    );
  });

  afterAll(async () => {
    if (api && product) await api.DELETE("/api/products/{id}", { params: { path: { id: product.id } } });
    await browser?.close();
  });

  it("edits a product's price, then finds the edit in the Activity log with the price before and after", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    await openTab(page, "products");
    const row = page.getByTestId("admin-product-row").filter({ hasText: product.name });
    await row.getByRole("button", { name: copy.common.edit }).click();
    const dialog = page.getByTestId("product-dialog");
    await dialog.getByRole("heading", { name: copy.products.dialog.editTitle }).waitFor();
    await field(dialog, copy.products.fields.price).fill("27.50");
    await dialog.getByRole("button", { name: copy.common.save }).click();
    await waitForToast(page, copy.products.toast.updated);

    await openTab(page, "audit");
    await page.getByRole("heading", { name: copy.audit.title }).waitFor();
    // The event reaches auth through the catalog's outbox: the list shows it once it has arrived.
    const entry = entryFor(page, "updateProduct");
    await expect
      .poll(
        async () => {
          if ((await entry.count()) > 0) return true;
          await page.getByRole("button", { name: copy.audit.filters.apply }).click();
          return false;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    expect(await entry.textContent()).toContain(copy.audit.actions.updateProduct);
    expect(await entry.textContent()).not.toContain(copy.audit.target.replace("{{id}}", String(product.id)));
    expect(await entry.textContent()).toContain(copy.audit.by.replace("{{email}}", String(process.env.ADMIN_EMAIL)));

    await entry.getByRole("button", { name: copy.audit.showChanges }).click();
    const price = entry.locator("[data-testid='audit-change'][data-field='price']");
    expect((await price.getByTestId("audit-before").textContent())?.trim()).toBe("30.00");
    expect((await price.getByTestId("audit-after").textContent())?.trim()).toBe("27.50");
    // The field in words, not as stored.
    expect(await price.textContent()).toContain(copy.audit.fields.price);
    // Only what changed: the untouched name is not listed.
    expect(await entry.locator("[data-testid='audit-change'][data-field='name']").count()).toBe(0);
    expect(await entry.getByRole("button", { name: copy.audit.hideChanges }).getAttribute("aria-expanded")).toBe(
      "true",
    );

    // Filtered to another action, the edit is gone from the list.
    await page.getByLabel(copy.audit.filters.action, { exact: true }).selectOption("deleteProduct");
    await page.getByRole("button", { name: copy.audit.filters.apply }).click();
    await expect.poll(() => page.locator("[data-testid='audit-event'][data-action='updateProduct']").count()).toBe(0);
    await context.close();
  });

  it("reads in Spanish on a 390 px phone, without sideways scrolling", async () => {
    const { context, page } = await adminPage(browser, mobile);
    await signIn(page);
    await page.getByRole("button", { name: adminCopy.es.common.languages.es, exact: true }).click();
    const es = adminCopy.es;
    await page.getByRole("tab", { name: es.dashboard.tabs.audit }).click();
    await page.getByRole("heading", { name: es.audit.title }).waitFor();
    const entry = entryFor(page, "updateProduct");
    await entry.waitFor();
    expect(await entry.textContent()).toContain(es.audit.actions.updateProduct);
    await entry.getByRole("button", { name: es.audit.showChanges }).click();
    await entry.getByText(es.audit.changes.before).first().waitFor();
    expect(await entry.locator("[data-testid='audit-change'][data-field='price']").textContent()).toContain(
      es.audit.fields.price,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshotTab(page, "admin-audit-390-es");
    await context.close();
  });
});
