import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCopy } from "../src/admin/admin-copy.js";
import { adminCredentials } from "./support/admin.js";
import {
  afterNextPaint,
  collectPageErrors,
  desktop,
  gatewayUrl,
  launchBrowser,
  mobile,
  newContext,
  products,
} from "./support/site.js";

/**
 * What an owner met in the dashboard: text lost to Escape, window.confirm, a refused save pointing at
 * nothing, split filter values, React error #419 on load and a toast over the recent events. Each width
 * has one page, reused in both languages.
 */
const widths = [
  { width: 390, options: mobile },
  { width: 1280, options: desktop },
];
const languages = ["en", "es"] as const;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error("the element has no box");
  return found;
}

/** Whether the page's focused element is this one. */
function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Whether the element is wholly inside the window (not scrolled away). */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const { y, height } = await box(locator);
  return y >= 0 && y + height <= page.viewportSize()!.height;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(widths)("the dashboard at $width px", ({ options }) => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  /** Messages of window.alert/confirm/prompt, which the dashboard no longer uses. */
  const nativeDialogs: string[] = [];

  beforeAll(async () => {
    context = await newContext(browser, options);
    page = await context.newPage();
    errors = collectPageErrors(page);
    page.on("dialog", (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });

  afterAll(async () => {
    await context?.close();
  });

  describe.each(languages)("in %s", (lang) => {
    const c = adminCopy[lang];
    const dashboard = () => page.getByRole("heading", { name: c.dashboard.title });
    const openTab = (tab: keyof typeof c.dashboard.tabs) =>
      page.getByRole("tab", { name: c.dashboard.tabs[tab], exact: true }).click();
    const productDialog = () => page.getByTestId("product-dialog");
    const field = (dialog: Locator, name: string) => dialog.getByLabel(name, { exact: true });
    const english = (name: string) => c.common.inEnglish.replace("{{field}}", name);
    const confirm = () => page.getByRole("alertdialog");

    it("loads /admin and /es/admin without a console error signed out and in; the login toast covers no content", async () => {
      await context.clearCookies();
      await page.goto("/admin");
      await page.evaluate((chosen) => localStorage.setItem("rsv-admin-lang", chosen), lang);
      errors.length = 0;

      await page.goto("/admin");
      await page.getByRole("heading", { name: c.login.title }).waitFor();
      // One admin for both languages: the Spanish address leads to it.
      await page.goto("/es/admin");
      expect(new URL(page.url()).pathname).toBe("/admin");
      await page.getByRole("heading", { name: c.login.title }).waitFor();
      await afterNextPaint(page);
      expect(errors).toEqual([]);

      await page.goto("/admin");
      await page.getByLabel(c.login.email).fill(adminCredentials().email);
      await page.getByLabel(c.login.password).fill(adminCredentials().password);
      await page.getByRole("button", { name: c.login.submit }).click();
      const toast = page.locator("[data-testid='toast']", { hasText: c.login.toast.success });
      await toast.waitFor();
      const recent = page.locator("section[aria-labelledby='recent-events']");
      await recent.waitFor();
      const toastBox = await box(toast);
      for (const content of [recent, page.getByRole("tablist"), page.getByRole("tabpanel")])
        expect(overlaps(toastBox, await box(content))).toBe(false);

      await page.goto("/admin");
      await dashboard().waitFor();
      await page.goto("/es/admin");
      await page.locator("h1").first().waitFor();
      await afterNextPaint(page);
      expect(errors).toEqual([]);
    });

    it("asks in its own dialog before deleting or discarding, and keeps an unsaved product across a reload", async () => {
      const f = c.products.fields;
      await page.goto("/admin");
      await dashboard().waitFor();
      await openTab("products");
      const row = page.getByTestId("admin-product-row").first();
      await row.waitFor();

      // Delete asks in the dashboard's alertdialog (no window.confirm); Escape keeps the product.
      const deleteButton = row.getByRole("button", { name: c.common.delete });
      await deleteButton.click();
      await confirm().waitFor();
      expect(await confirm().textContent()).toContain(c.products.confirmDelete);
      expect(await isFocused(confirm().getByRole("button", { name: c.common.cancel }))).toBe(true);
      await page.keyboard.press("Escape");
      await confirm().waitFor({ state: "hidden" });
      expect(await isFocused(deleteButton)).toBe(true);
      expect(await row.isVisible()).toBe(true);
      expect(nativeDialogs).toEqual([]);

      const name = `Draft ${randomUUID().slice(0, 8)}`;
      await page.getByRole("button", { name: c.products.add }).click();
      await productDialog().getByRole("heading", { name: c.products.dialog.createTitle }).waitFor();
      const nameField = field(productDialog(), f.name);
      await nameField.fill(name);

      // Escape on a changed form asks; focus starts on "keep editing" and stays on the question's buttons.
      await page.keyboard.press("Escape");
      await confirm().waitFor();
      expect(await confirm().textContent()).toContain(c.common.unsaved.question);
      const keep = confirm().getByRole("button", { name: c.common.unsaved.keepEditing });
      const discard = confirm().getByRole("button", { name: c.common.unsaved.discard });
      expect(await isFocused(keep)).toBe(true);
      await page.keyboard.press("Tab");
      expect(await isFocused(discard)).toBe(true);
      await page.keyboard.press("Tab");
      expect(await isFocused(keep)).toBe(true);
      await page.keyboard.press("Shift+Tab");
      expect(await isFocused(discard)).toBe(true);
      // Escape answers "keep editing": the text stays and focus goes back to the field.
      await page.keyboard.press("Escape");
      await confirm().waitFor({ state: "hidden" });
      expect(await productDialog().isVisible()).toBe(true);
      expect(await nameField.inputValue()).toBe(name);
      expect(await isFocused(nameField)).toBe(true);

      // The close button asks too.
      await productDialog().getByRole("button", { name: c.common.close }).click();
      await keep.click();
      await confirm().waitFor({ state: "hidden" });
      expect(await nameField.inputValue()).toBe(name);

      // A reload keeps the draft; reopening offers it back.
      await page.reload();
      await dashboard().waitFor();
      await openTab("products");
      await page.getByRole("button", { name: c.products.add }).click();
      const offer = page.getByTestId("restore-draft");
      await offer.waitFor();
      await offer.getByRole("button", { name: c.common.unsaved.restore }).click();
      expect(await field(productDialog(), f.name).inputValue()).toBe(name);

      // Cancel, then discard: the draft is gone for good.
      await productDialog().getByRole("button", { name: c.common.cancel, exact: true }).click();
      await discard.click();
      await productDialog().waitFor({ state: "hidden" });
      await page.getByRole("button", { name: c.products.add }).click();
      await productDialog().getByRole("heading", { name: c.products.dialog.createTitle }).waitFor();
      await afterNextPaint(page);
      expect(await offer.count()).toBe(0);
      expect(await field(productDialog(), f.name).inputValue()).toBe("");
      // Nothing changed: Escape closes without asking.
      await page.keyboard.press("Escape");
      await productDialog().waitFor({ state: "hidden" });
      expect(await confirm().count()).toBe(0);

      // The post dialog asks in the same way.
      await openTab("blog");
      await page.getByRole("button", { name: c.blog.add }).click();
      const postDialog = page.getByTestId("post-dialog");
      await field(postDialog, c.blog.fields.title).fill(`Draft post ${name}`);
      await page.keyboard.press("Escape");
      await confirm().waitFor();
      await discard.click();
      await postDialog.waitFor({ state: "hidden" });
      expect(
        await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("rsv-admin-draft"))),
      ).toEqual([]);
    });

    it("marks required fields, focuses the first invalid one after a refused save, and offers existing values", async () => {
      const f = c.products.fields;
      await page.goto("/admin");
      await dashboard().waitFor();
      await openTab("products");
      await page.getByRole("button", { name: c.products.add }).click();
      const dialog = productDialog();
      await dialog.getByRole("heading", { name: c.products.dialog.createTitle }).waitFor();

      expect(await field(dialog, f.name).getAttribute("aria-required")).toBe("true");
      expect(await field(dialog, english(f.badge)).getAttribute("aria-required")).toBeNull();
      // Source says what it is for.
      const source = field(dialog, english(f.source));
      const describedBy = (await source.getAttribute("aria-describedby")) ?? "";
      expect(await page.locator(`[id='${describedBy}']`).textContent()).toBe(c.products.hints.source);

      // The brands, potencies and sources the comparison filters by are offered as the owner types.
      const facets = (await (await fetch(`${gatewayUrl}/api/products/facets`)).json()) as {
        source: Array<{ value: string }>;
      };
      const listId = await source.getAttribute("list");
      // The list fills once the dashboard's facets query answers.
      const offered = () =>
        dialog
          .locator(`datalist[id='${listId}'] option`)
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      await expect.poll(offered).toEqual(facets.source.map((facet) => facet.value));
      expect((await offered()).length).toBeGreaterThan(0);

      // Everything but "Best for", far down the form: the save scrolls to it and focuses it.
      const name = `Invalid ${randomUUID().slice(0, 8)}`;
      await field(dialog, f.name).fill(name);
      await field(dialog, f.brand).fill("Focus Labs");
      await field(dialog, f.potency).fill("250mg");
      await field(dialog, f.price).fill("20");
      await field(dialog, f.rating).fill("4");
      await field(dialog, f.imageUrl).fill("/api/images/none.png");
      await field(dialog, english(f.description)).fill("Checks where a refused save leads.");
      await source.fill("Grape skin");
      await dialog.getByRole("button", { name: c.products.dialog.create }).click();
      const bestFor = field(dialog, english(f.bestFor));
      await expect.poll(() => isFocused(bestFor)).toBe(true);
      expect(await bestFor.getAttribute("aria-invalid")).toBe("true");
      expect(await inView(page, bestFor)).toBe(true);

      // A field only the server refuses (body.imageUrl in its 400) is marked and focused the same way.
      await bestFor.fill("Checking the form");
      const imageUrl = field(dialog, f.imageUrl);
      await imageUrl.fill("ftp://example.com/image.png");
      await dialog.getByRole("button", { name: c.products.dialog.create }).click();
      await expect.poll(() => isFocused(imageUrl)).toBe(true);
      expect(await imageUrl.getAttribute("aria-invalid")).toBe("true");
      expect(await inView(page, imageUrl)).toBe(true);
      expect((await products()).some((product) => product.name === name)).toBe(false);
      // The refusal's toast is drawn in the open dialog, on top of it, not behind it on the inert page.
      const refused = dialog.locator("[data-testid='toast'][data-variant='destructive']");
      await refused.waitFor();
      const onTop = await refused.evaluate((toast) => {
        const { x, y, width, height } = toast.getBoundingClientRect();
        return toast.contains(document.elementFromPoint(x + width / 2, y + height / 2));
      });
      expect(onTop).toBe(true);

      await page.keyboard.press("Escape");
      await confirm().getByRole("button", { name: c.common.unsaved.discard }).click();
      await dialog.waitFor({ state: "hidden" });
    });
  });
});
