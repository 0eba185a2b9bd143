import type { Browser } from "playwright-core";
import { unwrap } from "@rsv/api/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptNextConfirm,
  adminPage,
  copy,
  openTab,
  screenshotTab,
  signIn,
  signedInApi,
  waitForToast,
} from "./support/admin.js";
import { adminCopy } from "../src/admin/admin-copy.js";
import { gatewayUrl, launchBrowser, mobile, saveScreenshot } from "./support/site.js";

const editorEmail = `editor-${Date.now().toString(36)}@example.com`;
const editorPassword = "marble finches hum over quiet canals";

/** The tabs an editor is shown, in the dashboard's order. */
const editorTabs = ["analytics", "products", "offers", "blog", "pages", "images", "account"] as const;

describe("an editor invited by the owner", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    // Whatever happened above, the editor's account does not outlive the suite.
    const owner = await signedInApi();
    const accounts = await unwrap(owner.GET("/api/auth/accounts"));
    for (const account of accounts.filter((each) => each.email === editorEmail))
      await owner.DELETE("/api/auth/accounts/{id}", { params: { path: { id: account.id } } });
    await browser?.close();
  });

  it("accepts the link at phone width, sees no Settings tab, and a settings write answers 403", async () => {
    const owner = await adminPage(browser);
    await owner.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: gatewayUrl });
    await signIn(owner.page);
    await openTab(owner.page, "accounts");
    await owner.page.getByLabel(copy.accounts.invite.email).fill(editorEmail);
    await owner.page.getByLabel(copy.accounts.invite.role, { exact: true }).selectOption("editor");
    await owner.page.getByRole("button", { name: copy.accounts.invite.submit }).click();
    const linkField = owner.page.getByLabel(copy.accounts.invite.linkLabel.replace("{{email}}", editorEmail));
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${gatewayUrl}/admin#invitation=[A-Za-z0-9_-]{43}$`));
    await owner.page.getByRole("button", { name: copy.accounts.invite.copy }).click();
    await owner.page.getByRole("button", { name: copy.accounts.invite.copied }).waitFor();
    expect(await owner.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await owner.page.getByTestId("invitation-row").filter({ hasText: editorEmail }).waitFor();
    await screenshotTab(owner.page, "admin-accounts-1280");

    // The invitee opens the link on a phone, in Spanish, then English.
    const invitee = await adminPage(browser, mobile);
    await invitee.page.goto(link);
    await invitee.page.getByRole("heading", { name: copy.invitation.title }).waitFor();
    await invitee.page.getByRole("button", { name: "Español" }).click();
    await invitee.page.getByRole("heading", { name: adminCopy.es.invitation.title }).waitFor();
    await saveScreenshot(invitee.page, "admin-accept-invitation-390-es");
    expect(await invitee.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await invitee.page.getByRole("button", { name: "English" }).click();
    await invitee.page.getByLabel(copy.invitation.password, { exact: true }).fill(editorPassword);
    await invitee.page.getByLabel(copy.invitation.confirm, { exact: true }).fill(editorPassword);
    await invitee.page.getByRole("button", { name: copy.invitation.submit }).click();
    await invitee.page.getByRole("heading", { name: copy.dashboard.title }).waitFor();
    expect(new URL(invitee.page.url()).hash).toBe("");

    // Signed out and in again with the password just chosen.
    await invitee.page.getByRole("button", { name: copy.dashboard.logout }).click();
    await invitee.page.getByRole("heading", { name: copy.login.title }).waitFor();
    await invitee.page.getByLabel(copy.login.email).fill(editorEmail);
    await invitee.page.getByLabel(copy.login.password).fill(editorPassword);
    await invitee.page.getByRole("button", { name: copy.login.submit }).click();
    await invitee.page.getByRole("heading", { name: copy.dashboard.title }).waitFor();
    expect(await invitee.page.getByRole("tab").allTextContents()).toEqual(
      editorTabs.map((tab) => copy.dashboard.tabs[tab]),
    );
    expect(await invitee.page.getByRole("tab", { name: copy.dashboard.tabs.settings }).count()).toBe(0);

    const write = await invitee.page.evaluate(async () => {
      const response = await fetch("/api/site-settings", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ siteName: "Taken over" }),
      });
      return { status: response.status, body: (await response.json()) as { error: { code: string } } };
    });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe("forbidden");

    // The owner sees the editor among the accounts and removes them; the editor is signed out at once.
    await owner.page.reload();
    await openTab(owner.page, "accounts");
    const row = owner.page.getByTestId("account-row").filter({ hasText: editorEmail });
    expect(await row.getByRole("combobox").inputValue()).toBe("editor");
    const asked = acceptNextConfirm(owner.page);
    await row.getByRole("button", { name: copy.accounts.remove }).click();
    expect(await asked).toBe(copy.accounts.confirmRemove.replace("{{email}}", editorEmail));
    await waitForToast(owner.page, copy.accounts.toast.removed);
    await row.waitFor({ state: "detached" });
    // The only owner can be neither demoted nor removed: the controls say so instead of failing.
    const roles = await owner.page
      .getByTestId("account-row")
      .locator("select")
      .evaluateAll((selects) =>
        selects.map((select) => ({
          role: (select as HTMLSelectElement).value,
          off: (select as HTMLSelectElement).disabled,
        })),
      );
    const owners = roles.filter((account) => account.role === "owner");
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.map((account) => account.off)).toEqual(owners.map(() => owners.length === 1));
    expect(await owner.page.getByTestId("sole-owner-note").count()).toBe(owners.length === 1 ? 1 : 0);
    await invitee.page.reload();
    await invitee.page.getByRole("heading", { name: copy.login.title }).waitFor();
  });
});
