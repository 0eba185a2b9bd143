import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptNextConfirm,
  adminCredentials,
  adminPage,
  copy,
  openTab,
  signIn,
  waitForToast,
} from "./support/admin.js";
import { adminCopy } from "../src/admin/admin-copy.js";
import { gatewayUrl, launchBrowser } from "./support/site.js";

const newPassword = "a-fresh-admin-passphrase-77";

/** Every suite signs in with ADMIN_PASSWORD: whatever happens here, the account ends with it. */
async function restorePassword() {
  const login = await fetch(`${gatewayUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: adminCredentials().email, password: newPassword }),
  });
  if (login.status !== 200) return;
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  await fetch(`${gatewayUrl}/api/auth/password`, {
    method: "POST",
    // A cookie-authenticated write must come from the site itself.
    headers: { "content-type": "application/json", cookie, origin: gatewayUrl },
    body: JSON.stringify({ currentPassword: newPassword, newPassword: adminCredentials().password }),
  });
}

async function changePassword(page: Page, current: string, next: string, confirm = next) {
  await page.getByLabel(copy.account.currentPassword, { exact: true }).fill(current);
  await page.getByLabel(copy.account.newPassword, { exact: true }).fill(next);
  await page.getByLabel(copy.account.confirmPassword, { exact: true }).fill(confirm);
  await page.getByRole("button", { name: copy.account.savePassword }).click();
}

describe("the owner's account", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await restorePassword();
    await browser?.close();
  });

  it("changes the password (other sessions end), signs in with the new one and restores the old one", async () => {
    const here = await adminPage(browser);
    const elsewhere = await adminPage(browser);
    await signIn(here.page);
    await signIn(elsewhere.page);
    await openTab(here.page, "account");

    await changePassword(here.page, adminCredentials().password, newPassword, "something else entirely");
    await here.page.getByText(copy.account.errors.mismatch).waitFor();

    await changePassword(here.page, "not-the-current-password", newPassword);
    await waitForToast(here.page, copy.account.toast.passwordFailed);
    await expect
      .poll(() => here.page.locator("[data-testid='toast']").textContent())
      .toContain(copy.account.refusals.current_password_incorrect);

    await changePassword(here.page, adminCredentials().password, newPassword);
    await waitForToast(here.page, copy.account.toast.passwordChanged);
    expect(await here.page.getByLabel(copy.account.currentPassword, { exact: true }).inputValue()).toBe("");

    await elsewhere.page.reload();
    await elsewhere.page.getByRole("heading", { name: copy.login.title }).waitFor();
    await here.page.reload();
    await here.page.getByRole("heading", { name: copy.dashboard.title }).waitFor();

    await here.page.getByRole("button", { name: copy.dashboard.logout }).click();
    await here.page.getByRole("heading", { name: copy.login.title }).waitFor();
    await signIn(here.page, newPassword);
    await openTab(here.page, "account");
    await changePassword(here.page, newPassword, adminCredentials().password);
    await waitForToast(here.page, copy.account.toast.passwordChanged);
    await here.context.close();

    await signIn(elsewhere.page);
    await elsewhere.context.close();
  });

  it("says why a guessable new password is refused, in the admin's language", async () => {
    const { page, context } = await adminPage(browser);
    await signIn(page);
    await openTab(page, "account");
    // The form itself, not the toast, which repeats the reason.
    const form = page.locator("form[aria-labelledby='change-password']");
    const { refusals, advice } = copy.account;

    await changePassword(page, adminCredentials().password, "password1234");
    await waitForToast(page, copy.account.toast.passwordFailed);
    const weak = `${refusals.password_too_weak} ${advice.warning.similarToCommon} ${advice.suggestion.anotherWord}`;
    await form.getByText(weak, { exact: true }).waitFor();

    // The same answer in Spanish once the admin switches language, without asking the server again.
    await page.getByRole("button", { name: adminCopy.es.common.languages.es, exact: true }).click();
    const es = adminCopy.es.account;
    await form
      .getByText(
        `${es.refusals.password_too_weak} ${es.advice.warning.similarToCommon} ${es.advice.suggestion.anotherWord}`,
        {
          exact: true,
        },
      )
      .waitFor();
    await page.getByRole("button", { name: adminCopy.en.common.languages.en, exact: true }).click();

    await changePassword(page, adminCredentials().password, adminCredentials().password);
    const same = form.getByText(refusals.password_same_as_current, { exact: true });
    await same.waitFor();
    // Typing again clears the server's answer.
    await page.getByLabel(copy.account.newPassword, { exact: true }).fill("something-else-entirely");
    await expect.poll(() => same.count()).toBe(0);
    await context.close();
  });

  it("signs out everywhere", async () => {
    const here = await adminPage(browser);
    const elsewhere = await adminPage(browser);
    await signIn(here.page);
    await signIn(elsewhere.page);
    await openTab(here.page, "account");
    const confirmed = acceptNextConfirm(here.page);
    await here.page.getByRole("button", { name: copy.account.everywhereButton }).click();
    expect(await confirmed).toBe(copy.account.everywhereConfirm);
    await waitForToast(here.page, copy.account.toast.signedOutEverywhere);
    await here.page.getByRole("heading", { name: copy.login.title }).waitFor();
    await elsewhere.page.reload();
    await elsewhere.page.getByRole("heading", { name: copy.login.title }).waitFor();
    await here.context.close();
    await elsewhere.context.close();
  });
});
