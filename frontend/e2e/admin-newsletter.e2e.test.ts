import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminT } from "../src/admin/admin-copy.testing.js";
import {
  acceptNextConfirm,
  adminCredentials,
  adminPage,
  copy,
  openTab,
  screenshotTab,
  signedInApi,
  signIn,
  waitForToast,
} from "./support/admin.js";
import { gatewayUrl, launchBrowser, mobile } from "./support/site.js";

/**
 * The owner writes a campaign in both languages on a phone (390 px), previews each version, inserts a
 * product card, sends a test (kept in the outbox: the topology has no SMTP server) and sends it to the
 * confirmed subscribers, one of them signed up here.
 */
describe("the owner writes and sends a newsletter campaign", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("composes with previews and a product card, tests into the outbox and sends, at 390 px", async () => {
    // Someone to send it to: signed up and confirmed (the confirmation link is mailed, not followed here).
    const reader = `reader-${randomUUID().slice(0, 6)}@example.org`;
    const signUp = await fetch(`${gatewayUrl}/api/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: reader }),
    });
    expect(signUp.status).toBe(202);
    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    await db.query("update newsletter.subscribers set status = 'confirmed' where email = $1", [reader]);
    await db.end();

    const { context, page } = await adminPage(browser, mobile);
    await signIn(page);
    await openTab(page, "newsletter");
    await page.getByTestId("newsletter-view-campaigns").click();
    await page.getByRole("button", { name: copy.campaigns.new }).click();
    // Before a message is written, each preview says where it will show rather than standing blank.
    await expect
      .poll(() => page.getByTestId("campaign-preview-empty").allTextContents())
      .toEqual([copy.campaigns.preview.empty, copy.campaigns.preview.empty]);
    // Saved empty: the English subject and message are asked for beside their fields, nothing is sent.
    await page.getByRole("button", { name: copy.campaigns.save }).click();
    const subject = page.getByLabel(copy.campaigns.subject.en, { exact: true });
    await expect.poll(() => subject.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    await page.getByText(copy.campaigns.errors.subjectRequired).waitFor();
    await page.getByText(copy.campaigns.errors.bodyRequired).waitFor();

    const run = randomUUID().slice(0, 6);
    await page.getByLabel(copy.campaigns.subject.en, { exact: true }).fill(`Spring ${run}`);
    await page.getByLabel(copy.campaigns.subject.es, { exact: true }).fill(`Primavera ${run}`);
    await page.getByLabel(copy.campaigns.body.en).fill("## Hello\n\nNew research this month.");
    const previewEn = page.frameLocator(`iframe[title="${copy.campaigns.preview.en}"]`);
    await previewEn.locator("h2", { hasText: "Hello" }).waitFor();
    // Without a Spanish message, Spanish readers get the English one: their preview shows it, and says so.
    const previewEs = page.frameLocator(`iframe[title="${copy.campaigns.preview.es}"]`);
    await previewEs.locator("h2", { hasText: "Hello" }).waitFor();
    expect(await page.getByTestId("campaign-preview-empty").count()).toBe(0);
    await page.getByTestId("campaign-preview-fallback").waitFor();
    await page.getByLabel(copy.campaigns.body.es).fill("## Hola\n\nNuevos estudios este mes.");
    await previewEs.locator("h2", { hasText: "Hola" }).waitFor();
    expect(await page.getByTestId("campaign-preview-fallback").count()).toBe(0);

    // Each language's picker and button named with its language, not two of one name.
    // Named as the subject, message and preview beside them name the language: "(Spanish)", not "(Español)".
    await page.getByLabel(copy.campaigns.productIn.es, { exact: true }).waitFor();
    const picker = page.getByLabel(copy.campaigns.productIn.en, { exact: true });
    const product = (await picker.locator("option").nth(1).getAttribute("value"))!;
    await picker.selectOption(product);
    await page.getByRole("button", { name: copy.campaigns.insertProductIn.en, exact: true }).click();
    expect(await page.getByLabel(copy.campaigns.body.en).inputValue()).toContain(`/go/${product}`);
    await previewEn.locator(`a[href="/go/${product}"]`).waitFor();

    await page.getByRole("button", { name: copy.campaigns.save }).click();
    await waitForToast(page, copy.campaigns.toast.saved);
    await page.getByTestId("campaign-progress").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshotTab(page, "admin-newsletter-compose-390");

    // A change not saved yet holds the sends back, saying so: they mail the campaign as saved.
    const subjectEn = page.getByLabel(copy.campaigns.subject.en, { exact: true });
    await subjectEn.fill(`Spring ${run} (changed)`);
    await page.getByText(copy.campaigns.saveFirst).waitFor();
    expect(await page.getByRole("button", { name: copy.campaigns.sendNow }).getAttribute("aria-disabled")).toBe("true");
    await subjectEn.fill(`Spring ${run}`);
    await page.getByText(copy.campaigns.saveFirst).waitFor({ state: "detached" });

    // A test goes to the owner's own address unless another is written; a malformed one is marked, not sent.
    const testAddress = page.getByLabel(copy.campaigns.testAddress);
    expect(await testAddress.inputValue()).toBe(adminCredentials().email);
    await testAddress.fill("owner@");
    await page.getByRole("button", { name: copy.campaigns.sendTest }).click();
    await expect.poll(() => testAddress.getAttribute("aria-invalid")).toBe("true");
    expect(await testAddress.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.getByText(copy.campaigns.errors.testAddressInvalid).waitFor();
    const tester = `owner-${run}@example.org`;
    await testAddress.fill(tester);
    await page.getByRole("button", { name: copy.campaigns.sendTest }).click();
    await waitForToast(page, copy.campaigns.toast.testKept);
    expect(await testAddress.getAttribute("aria-invalid")).toBeNull();

    // The question names how many it goes to: every subscriber confirmed now (other tests' too).
    const api = await signedInApi();
    const { data: confirmedNow } = await api.GET("/api/newsletter", { params: { query: { status: "confirmed" } } });
    const count = confirmedNow!.length;
    expect(count).toBeGreaterThan(0);
    const t = adminT("en");
    await expect
      .poll(() => page.getByTestId("campaign-audience").textContent())
      .toBe(t("campaigns.audience.count", { count }));
    const confirmed = acceptNextConfirm(page);
    await page.getByRole("button", { name: copy.campaigns.sendNow }).click();
    expect(await confirmed).toBe(t("campaigns.confirmSend", { count }));
    await page.locator("[data-testid='campaign-progress'][data-status='sent']").waitFor({ timeout: 30_000 });
    const row = page.getByTestId("campaign-row").filter({ hasText: `Spring ${run}` });
    await row.getByText(copy.campaigns.status.sent, { exact: false }).waitFor();

    await page.getByTestId("newsletter-view-outbox").click();
    const kept = page.getByTestId("outbox-row").filter({ hasText: tester });
    await kept.waitFor();
    await kept.getByRole("button").first().click();
    await kept.getByText("List-Unsubscribe-Post").waitFor();
    await kept.frameLocator("iframe").locator("h2", { hasText: "Hello" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshotTab(page, "admin-newsletter-outbox-390");
    await context.close();
    const subscriber = confirmedNow!.find((one) => one.email === reader)!;
    await api.DELETE("/api/newsletter/{id}", { params: { path: { id: subscriber.id } } });
  });
});
