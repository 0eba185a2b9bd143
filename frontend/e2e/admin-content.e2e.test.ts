import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePath, routePath } from "../src/routes.js";
import { acceptNextConfirm, adminPage, copy, openTab, signIn, waitForToast } from "./support/admin.js";
import { gatewayUrl, launchBrowser, products, rowSlugs, saveScreenshot } from "./support/site.js";

const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });
const english = (label: string) => copy.common.inEnglish.replace("{{field}}", label);
const spanish = (label: string) => copy.common.inSpanish.replace("{{field}}", label);

/** Public pages are micro-cached for a few seconds: ask again until the change shows. */
async function eventually(page: Page, path: string, check: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return check();
      },
      { timeout: 20_000, interval: 1000 },
    )
    .toBe(true);
}

describe("the owner manages products and posts through the dashboard", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  // A product's whole life through the dashboard and four public pages: on a loaded two-core machine
  // beside the other e2e file and the fault tests, it took over a minute.
  it("creates a product in English and Spanish, sees it on both comparison pages, edits and deletes it", async () => {
    const { context, page } = await adminPage(browser);
    const visitor = await context.newPage();
    await signIn(page);
    await openTab(page, "products");
    await page.getByTestId("admin-product-row").first().waitFor();

    const name = `Admin Test Resveratrol ${randomUUID().slice(0, 6)}`;
    // Ranks stay 1, 2, 3…: asked for #20, the product takes the rank after the last ranked one.
    const nextRank = (await products()).filter((p) => p.placement !== null).length + 1;
    await page.getByRole("button", { name: copy.products.add }).click();
    const dialog = page.getByTestId("product-dialog");
    await dialog.getByRole("heading", { name: copy.products.dialog.createTitle }).waitFor();

    // An empty form is answered with the server's own wording, field by field.
    await dialog.getByRole("button", { name: copy.products.dialog.create }).click();
    expect(await dialog.getByText(copy.products.errors.nameRequired).count()).toBe(1);
    expect(await dialog.getByText(copy.products.errors.bestForRequired).count()).toBe(1);

    const f = copy.products.fields;
    await field(dialog, f.name).fill(name);
    await field(dialog, f.brand).fill("Admin Test Labs");
    await field(dialog, f.potency).fill("250mg");
    await field(dialog, f.price).fill("21.5");
    await field(dialog, f.rating).fill("4.3");
    await field(dialog, f.placement).fill("20");
    await dialog.getByRole("button", { name: copy.picker.open }).click();
    const picker = page.getByTestId("image-picker");
    await picker.getByTestId("picker-image").first().click();
    expect(await field(dialog, f.imageUrl).inputValue()).toMatch(/^\/api\/images\//);
    await field(dialog, english(f.description)).fill("A test product written in English.");
    await field(dialog, spanish(f.description)).fill("Un producto de prueba escrito en español.");
    await field(dialog, english(f.bestFor)).fill("Testing the admin");
    await field(dialog, spanish(f.bestFor)).fill("Probar la administración");
    await field(dialog, english(f.source)).fill("Knotweed root");
    await field(dialog, spanish(f.source)).fill("Raíz de hierba nudosa");
    await field(dialog, english(f.features)).fill("Vegan capsules\n\n  Third-party tested\n");
    await field(dialog, spanish(f.features)).fill("Cápsulas veganas\nAnalizado por terceros");
    await field(dialog, f.couponCode).fill("ADMIN5");
    await field(dialog, english(f.couponDescription)).fill("Five percent off.");
    await field(dialog, spanish(f.couponDescription)).fill("Un cinco por ciento de descuento.");
    await saveScreenshot(page, "admin-product-dialog-1280");
    await dialog.getByRole("button", { name: copy.products.dialog.create }).click();
    await waitForToast(page, copy.products.toast.created);
    expect(await dialog.isVisible()).toBe(false);

    const row = page.getByTestId("admin-product-row").filter({ hasText: name });
    await row.waitFor();
    const slug = (await row.getAttribute("data-slug"))!;
    const stored = (await (await fetch(`${gatewayUrl}/api/products/slug/${slug}`)).json()) as Record<string, unknown>;
    expect(stored).toMatchObject({
      features: ["Vegan capsules", "Third-party tested"],
      placement: nextRank,
      expertGrade: "A-",
      couponCode: "ADMIN5",
      translations: {
        es: {
          description: "Un producto de prueba escrito en español.",
          source: "Raíz de hierba nudosa",
          features: ["Cápsulas veganas", "Analizado por terceros"],
          couponDescription: "Un cinco por ciento de descuento.",
        },
      },
    });

    const sourceCell = (text: string) => async () =>
      (await rowSlugs(visitor)).includes(slug) &&
      (await visitor.locator(`[data-testid='comparison-row'][data-slug='${slug}']`).textContent())!.includes(text);
    await eventually(visitor, routePath("comparison", "en"), sourceCell("Knotweed root"));
    await eventually(visitor, routePath("comparison", "es"), sourceCell("Raíz de hierba nudosa"));

    // Edit: the dialog opens with what was saved, Spanish included.
    await row.getByRole("button", { name: copy.common.edit }).click();
    await dialog.getByRole("heading", { name: copy.products.dialog.editTitle }).waitFor();
    expect(await field(dialog, spanish(f.source)).inputValue()).toBe("Raíz de hierba nudosa");
    await field(dialog, f.price).fill("12.34");
    await dialog.getByLabel(f.expertGrade).selectOption("B+");
    await dialog.getByRole("button", { name: copy.common.save }).click();
    await waitForToast(page, copy.products.toast.updated);
    await expect.poll(async () => (await row.textContent()) ?? "").toContain("$12.34");
    const edited = (await (await fetch(`${gatewayUrl}/api/products/slug/${slug}`)).json()) as Record<string, unknown>;
    expect(edited).toMatchObject({ price: "12.34", expertGrade: "B+" });

    // Cancel, once the owner agrees to discard the changes, forgets what was typed.
    await row.getByRole("button", { name: copy.common.edit }).click();
    await field(dialog, f.name).fill("Not saved");
    const discarded = acceptNextConfirm(page);
    await dialog.getByRole("button", { name: copy.common.cancel }).click();
    expect(await discarded).toBe(copy.common.unsaved.question);
    await page.getByRole("button", { name: copy.products.add }).click();
    expect(await field(dialog, f.name).inputValue()).toBe("");
    await dialog.getByRole("button", { name: copy.common.cancel }).click();

    const confirmed = acceptNextConfirm(page);
    await row.getByRole("button", { name: copy.common.delete }).click();
    expect(await confirmed).toBe(copy.products.confirmDelete);
    await waitForToast(page, copy.products.toast.deleted);
    await row.waitFor({ state: "detached" });
    expect((await fetch(`${gatewayUrl}/api/products/slug/${slug}`)).status).toBe(404);
    await context.close();
  }, 120_000);

  it("writes a draft the public blog does not show, publishes it, then deletes it", async () => {
    const { context, page } = await adminPage(browser);
    const visitor = await context.newPage();
    await signIn(page);
    await openTab(page, "blog");
    await page.getByTestId("admin-post-row").first().waitFor();

    const title = `Admin Test Post ${randomUUID().slice(0, 6)}`;
    await page.getByRole("button", { name: copy.blog.add }).click();
    const dialog = page.getByTestId("post-dialog");
    const f = copy.blog.fields;
    await field(dialog, f.title).fill(title);
    const slug = await field(dialog, f.slug).inputValue();
    expect(slug).toBe(title.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
    await field(dialog, f.excerpt).fill("A draft written by the browser tests.");
    await field(dialog, f.imageUrl).fill("/api/images/demo-1.png");
    await field(dialog, f.keywords).fill("resveratrol, , tests ");
    await field(dialog, f.category).selectOption("EXPERT GUIDE");
    await field(dialog, f.content).fill(
      '<h2>Heading</h2><p onclick="alert(1)">Body text</p><script>window.hacked = true</script>',
    );
    const preview = dialog.getByTestId("post-preview");
    await expect.poll(async () => preview.innerHTML()).toContain("<h2>Heading</h2>");
    expect(await preview.innerHTML()).not.toMatch(/script|onclick/);
    expect(await field(dialog, f.published).isChecked()).toBe(false);
    await saveScreenshot(page, "admin-post-dialog-1280");
    await dialog.getByRole("button", { name: copy.blog.dialog.create }).click();
    await waitForToast(page, copy.blog.toast.created);

    const row = page.getByTestId("admin-post-row").filter({ hasText: title });
    await row.waitFor();
    expect(await row.getByTestId("post-status").textContent()).toBe(copy.blog.status.draft);
    const publicList = async () =>
      ((await (await fetch(`${gatewayUrl}/api/blog?published=true`)).json()) as Array<{ slug: string }>).map(
        (post) => post.slug,
      );
    expect(await publicList()).not.toContain(slug);
    await visitor.goto(routePath("blog", "en"));
    expect(await visitor.locator(`a[href$='/${slug}']`).count()).toBe(0);
    expect((await visitor.goto(articlePath(slug, "en")))?.status()).toBe(404);

    await row.getByRole("button", { name: copy.common.edit }).click();
    expect(await field(dialog, f.keywords).inputValue()).toBe("resveratrol, tests");
    await field(dialog, f.published).check();
    await dialog.getByRole("button", { name: copy.common.save }).click();
    await waitForToast(page, copy.blog.toast.updated);
    await expect.poll(async () => row.getByTestId("post-status").textContent()).toBe(copy.blog.status.published);
    expect(await publicList()).toContain(slug);
    await eventually(visitor, routePath("blog", "en"), async () => (await visitor.getByText(title).count()) > 0);
    expect((await visitor.goto(articlePath(slug, "en")))?.status()).toBe(200);

    const confirmed = acceptNextConfirm(page);
    await row.getByRole("button", { name: copy.common.delete }).click();
    expect(await confirmed).toBe(copy.blog.confirmDelete);
    await waitForToast(page, copy.blog.toast.deleted);
    await row.waitFor({ state: "detached" });
    await context.close();
  });
});
