import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../src/i18n/resources.js";
import { launchBrowser, newContext } from "./support/site.js";

const copy = resources.en.admin;
const adminEmail = process.env.ADMIN_EMAIL;
const adminPassword = process.env.ADMIN_PASSWORD;

describe("admin entry", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("is not indexed and signs in, shows the six tabs and signs out", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const response = await page.goto("/admin");
    expect(await response?.text()).toContain('name="robots" content="noindex, nofollow"');
    await page.getByRole("heading", { name: copy.login.title }).waitFor();
    expect(await page.getByText(copy.login.footer).count()).toBe(1);

    await page.getByLabel(copy.login.email).fill(adminEmail ?? "");
    await page.getByLabel(copy.login.password).fill("not-the-password");
    await page.getByRole("button", { name: copy.login.submit }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toBe(copy.login.invalid);

    await page.getByLabel(copy.login.password).fill(adminPassword ?? "");
    await page.getByRole("button", { name: copy.login.submit }).click();
    await page.getByRole("heading", { name: copy.dashboard.title }).waitFor();
    const tabs = await page.getByRole("tab").allTextContents();
    expect(tabs).toEqual(Object.values(copy.dashboard.tabs));

    await page.reload();
    await page.getByRole("heading", { name: copy.dashboard.title }).waitFor();

    await page.getByRole("button", { name: copy.dashboard.logout }).click();
    await page.getByRole("heading", { name: copy.login.title }).waitFor();
    await context.close();
  });
});
