import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptNextConfirm, adminPage, copy, openTab, signIn, waitForToast } from "./support/admin.js";
import { gatewayUrl, launchBrowser } from "./support/site.js";

// A 160×48 PNG in the site's wine colour.
const logoPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAKAAAAAwCAIAAAAZy+Y5AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAA80lEQVR4nO2VAQ3AIADD0HMxszTrV/E0400qgKwUTp9I7x3h4CeQKthLUAv2EtQnuv/7EfyDgztQMD9TZ7Hg4A4UzM/UWSw4uAMF8zN1FgsO7kDB/EydxYKDO1AwP1NnseDgDhTMz9RZLDi4AwXzM3UWCw7uQMH8TJ3FgoM7UDA/U2ex4OAOFMzP1FksOLgDBfMzdRYLDu5AwfxMncWCgztQMD9TZ7Hg4A4UzM/UWSw4uAMF8zN1FgsO7kDB/EydxYKDO1AwP1NnseDgDhTMz9RZLDi4AwXzM3UWCw7uQMH8TJ3FgoM7UDA/U2ex4OAOPhX8AkfN86XTsfRzAAAAAElFTkSuQmCC",
  "base64",
);

describe("the owner manages images, the logo and subscribers", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("explains refused files, uploads a PNG with the file picker, makes it the logo and deletes it", async () => {
    const { context, page } = await adminPage(browser);
    const visitor = await context.newPage();
    await signIn(page);
    const before = (await (await fetch(`${gatewayUrl}/api/site-settings`)).json()) as { logoUrl: string | null };
    await openTab(page, "images");
    await page.getByText(copy.images.limits.replace("{{megabytes}}", "10")).waitFor();
    const input = page.getByTestId("image-file-input");
    // The hidden input's keyboard focus shows on the button around it.
    await input.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("image-file-input");
    const choose = page.locator("label", { hasText: copy.images.choose });
    expect(await choose.evaluate((label) => getComputedStyle(label).outlineStyle)).toBe("solid");

    // Refused before sending: not an image type the site takes.
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/images/upload")) uploads.push(request.url());
    });
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByTestId("drop-zone").getByRole("alert").filter({ hasText: "notes.txt" }).waitFor();
    await waitForToast(page, copy.images.toast.uploadFailed);
    expect(uploads).toEqual([]);

    // Refused after sending: it claims to be a PNG, the server reads its bytes and says no.
    await input.setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
    await waitForToast(page, copy.images.toast.uploadFailed);
    await expect
      .poll(() => page.locator("[data-testid='toast']").textContent())
      .toContain("Only PNG, JPEG, GIF and WebP images are accepted");

    const originalName = `admin-logo-${randomUUID().slice(0, 6)}.png`;
    await input.setInputFiles({ name: originalName, mimeType: "image/png", buffer: logoPng });
    await waitForToast(page, copy.images.toast.uploaded);
    const card = page.getByTestId("image-card").filter({ hasText: originalName });
    await card.waitFor();
    expect(await card.textContent()).toContain(`${(logoPng.length / 1024).toFixed(1)} KB`);
    const filename = (await card.getAttribute("data-filename"))!;

    await card.getByRole("button", { name: copy.images.setLogo }).click();
    await waitForToast(page, copy.images.toast.logoSaved);
    await card.getByText(copy.images.isLogo).waitFor();
    await expect
      .poll(
        async () => {
          await visitor.goto("/");
          return visitor.locator("header img").first().getAttribute("src");
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(`/api/images/${filename}`);

    // Put the logo back for the other suites, through the settings form and its picker-free field.
    await openTab(page, "settings");
    // Each setting is labelled once: on its own, or as the English half of a language pair.
    const labelled = (name: string) => page.getByLabel(name, { exact: true }).count();
    for (const label of Object.values(copy.settings.fields)) {
      const english = copy.common.inEnglish.replace("{{field}}", label);
      expect((await labelled(label)) + (await labelled(english)), label).toBe(1);
    }
    // A search description of 160 characters shows whole in its half of the language pair (set on the
    // element alone: the form's state, saved below, does not see it).
    const description = page.getByTestId("settings-description-es");
    const fits = await description.evaluate((area: HTMLTextAreaElement) => {
      const before = area.value;
      area.value = "Análisis independientes de suplementos de resveratrol. ".repeat(3).slice(0, 160);
      const whole = area.scrollHeight <= area.clientHeight;
      area.value = before;
      return whole;
    });
    expect(fits).toBe(true);
    const logoField = page.getByLabel(copy.settings.fields.logoUrl, { exact: true });
    expect(await logoField.inputValue()).toBe(`/api/images/${filename}`);
    await logoField.fill(before.logoUrl ?? "");
    await page.getByRole("button", { name: copy.settings.save }).click();
    await waitForToast(page, copy.settings.toast.updated);

    await openTab(page, "images");
    const confirmed = acceptNextConfirm(page);
    await card.getByRole("button", { name: copy.common.delete }).click();
    expect(await confirmed).toBe(copy.images.confirmDelete.replace("{{filename}}", originalName));
    await waitForToast(page, copy.images.toast.deleted);
    await card.waitFor({ state: "detached" });
    expect((await fetch(`${gatewayUrl}/api/images/${filename}`)).status).toBe(404);
    await context.close();
  });

  it("exports pending subscribers to a dated file, copies the confirmed ones comma-joined and removes one", async () => {
    const emails = [
      `export-a-${randomUUID().slice(0, 6)}@example.org`,
      `export-b-${randomUUID().slice(0, 6)}@example.org`,
    ];
    for (const email of emails) {
      const response = await fetch(`${gatewayUrl}/api/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBe(202);
    }
    const { context, page } = await adminPage(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: gatewayUrl });
    await signIn(page);
    await openTab(page, "newsletter");
    const row = page.getByTestId("subscriber-row").filter({ hasText: emails[0]! });
    await row.waitFor();
    expect(await row.getByText(copy.newsletter.status.pending, { exact: true }).count()).toBe(1);
    // New sign-ups wait for their confirmation: shown and exported as pending.
    await page.getByLabel(copy.newsletter.filter, { exact: true }).selectOption("pending");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: copy.newsletter.exportAs.pending }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`subscribers-pending-${new Date().toISOString().slice(0, 10)}.csv`);
    // A CSV a spreadsheet opens as UTF-8 (byte-order mark), each address with its language and consent record.
    const csv = await streamText(await file.createReadStream());
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe("email,language,status,subscribed_at,confirmed_at,unsubscribed_at,bounced_at,source_path");
    for (const email of emails)
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${email},en,pending,\\d{4}-`)));
    await waitForToast(page, copy.newsletter.toast.exported);

    // Copy is for mailing: it takes the confirmed addresses, whatever the list shows.
    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    await db.query("update newsletter.subscribers set status = 'confirmed' where email = $1", [emails[0]]);
    await db.end();
    await page.reload();
    await openTab(page, "newsletter");
    await page.getByLabel(copy.newsletter.filter, { exact: true }).selectOption("pending");
    await page.getByRole("button", { name: copy.newsletter.copy }).click();
    await waitForToast(page, copy.newsletter.toast.copied);
    const copied = (await page.evaluate(() => navigator.clipboard.readText())).split(",");
    expect(copied.join(",")).not.toContain("\n");
    expect(copied).toContain(emails[0]);
    expect(copied).not.toContain(emails[1]);
    await page.getByLabel(copy.newsletter.filter, { exact: true }).selectOption("all");

    for (const email of emails) {
      const item = page.getByTestId("subscriber-row").filter({ hasText: email });
      const confirmed = acceptNextConfirm(page);
      await item.getByRole("button", { name: copy.common.delete }).click();
      expect(await confirmed).toBe(copy.newsletter.confirmDelete);
      await waitForToast(page, copy.newsletter.toast.deleted);
      await item.waitFor({ state: "detached" });
    }
    await context.close();
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}
