import { createApiClient, type ApiClient } from "@rsv/api/client";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { adminCopy } from "../../src/admin/admin-copy.js";
import { desktop, gatewayUrl, newContext, saveScreenshot } from "./site.js";

export const copy = adminCopy.en;

export function adminCredentials(): { email: string; password: string } {
  const email = process.env.ADMIN_EMAIL;
  const password = process.env.ADMIN_PASSWORD;
  if (!email || !password) throw new Error("ADMIN_EMAIL and ADMIN_PASSWORD come from the topology's env file.");
  return { email, password };
}

export async function signIn(page: Page, password = adminCredentials().password): Promise<void> {
  await page.goto("/admin");
  await page.getByRole("heading", { name: copy.login.title }).waitFor();
  await page.getByLabel(copy.login.email).fill(adminCredentials().email);
  await page.getByLabel(copy.login.password).fill(password);
  await page.getByRole("button", { name: copy.login.submit }).click();
  await page.getByRole("heading", { name: copy.dashboard.title }).waitFor();
}

/** The typed client signed in as the admin, for what a test sets up or removes around the browser's part. */
export async function signedInApi(): Promise<ApiClient> {
  const response = await fetch(`${gatewayUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(adminCredentials()),
  });
  if (response.status !== 200) throw new Error(`admin login: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  return createApiClient({ baseUrl: gatewayUrl, headers: { cookie, origin: gatewayUrl } });
}

export async function adminPage(browser: Browser, options = desktop): Promise<{ context: BrowserContext; page: Page }> {
  // A fresh context has no stored language choice, so the dashboard starts in English.
  const context = await newContext(browser, options);
  const page = await context.newPage();
  return { context, page };
}

export async function openTab(page: Page, tab: keyof typeof copy.dashboard.tabs): Promise<void> {
  // Exact: "Account" is also part of "Accounts".
  await page.getByRole("tab", { name: copy.dashboard.tabs[tab], exact: true }).click();
}

/**
 * Answers the dashboard's next confirmation (its alertdialog) with the button that goes ahead, and returns
 * the question it asked. Start it before the click that asks.
 */
export async function acceptNextConfirm(page: Page): Promise<string> {
  const dialog = page.getByRole("alertdialog");
  await dialog.waitFor();
  const question = (await dialog.locator("p").first().textContent()) ?? "";
  await dialog.getByRole("button").last().click();
  await dialog.waitFor({ state: "hidden" });
  return question;
}

export async function toastTitles(page: Page): Promise<string[]> {
  return page.locator("[data-testid='toast'] p.font-semibold").allTextContents();
}

export async function waitForToast(page: Page, title: string): Promise<void> {
  await page.locator("[data-testid='toast']", { hasText: title }).first().waitFor({ timeout: 15_000 });
}

/** After the tab's data and every image in it have arrived. */
export async function screenshotTab(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    (loading) =>
      !document.querySelector("[role='tabpanel'] [data-testid$='-skeleton']") &&
      !document.querySelector("[role='tabpanel']")?.textContent?.includes(loading) &&
      [...document.images].every((image) => image.complete),
    copy.common.loading,
  );
  await page.waitForLoadState("networkidle");
  // Toasts cover part of the tab; their own close buttons take them away (a toast may be leaving already,
  // so the click goes straight to the button rather than to whatever is under the pointer then).
  for (const close of await page.locator("[data-testid='toast'] button").all()) {
    await close.dispatchEvent("click").catch(() => undefined);
  }
  await page.locator("[data-testid='toast']").first().waitFor({ state: "detached", timeout: 10_000 });
  await saveScreenshot(page, name);
}
