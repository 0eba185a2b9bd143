import { randomUUID } from "node:crypto";
import { unwrap, type ApiClient, type BlogPost } from "@rsv/api/client";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPage, copy, openTab, signedInApi, signIn, waitForToast } from "./support/admin.js";
import { launchBrowser, saveScreenshot } from "./support/site.js";

const draft = (title: string) => ({
  title,
  excerpt: "A draft the owner revises.",
  content: "<p>The words the owner wants back.</p>",
  category: "RESEARCH",
  imageUrl: "/api/images/demo-1.png",
  published: false,
  lang: "en" as const,
});

describe("the owner undoes an edit from a post's history and previews the draft", () => {
  let browser: Browser;
  let api: ApiClient;
  let post: BlogPost;
  const original = `Revisions ${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await signedInApi();
    post = await unwrap(api.POST("/api/blog", { body: draft(original) }));
    // The bad edit, as another session made it.
    await unwrap(
      api.PUT("/api/blog/{id}", {
        params: { path: { id: post.id } },
        body: { ...draft(`${original} (bad edit)`), content: "<p>Lost words.</p>" },
      }),
    );
  });

  afterAll(async () => {
    await api?.DELETE("/api/blog/{id}", { params: { path: { id: post.id } } });
    await browser?.close();
  });

  it("shows what the last save changed, field by field, and restores the version before it", async () => {
    const { page } = await adminPage(browser);
    await signIn(page);
    await openTab(page, "blog");
    const row = page.getByTestId("admin-post-row").filter({ hasText: `${original} (bad edit)` });
    await row.getByRole("button", { name: copy.common.editItem.replace("{{name}}", `${original} (bad edit)`) }).click();
    const dialog = page.getByTestId("post-dialog");
    const history = dialog.getByTestId("revision-history");
    await history.getByText(copy.revisions.title, { exact: true }).click();
    const entries = history.getByTestId("revision");
    await expect.poll(() => entries.count()).toBe(2);

    // The newest: the bad edit, with the title and content before and after.
    await entries.first().locator("summary").click();
    const changed = entries.first().getByTestId("revision-field");
    expect(await changed.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-field")))).toEqual([
      "content",
      "title",
    ]);
    // Named in words, in the summary line and beside each change.
    expect(await entries.first().locator("summary").textContent()).toContain(
      copy.revisions.changed.replace("{{fields}}", `${copy.audit.fields.content}, ${copy.audit.fields.title}`),
    );
    expect(await entries.first().locator("[data-field='title']").textContent()).toContain(copy.audit.fields.title);
    const title = entries.first().locator("[data-field='title'] pre");
    expect(await title.allTextContents()).toEqual([original, `${original} (bad edit)`]);
    await saveScreenshot(page, "admin-revision-history-1280");

    // Restoring asks first, in the page itself.
    await entries.nth(1).getByTestId("revision-restore").click();
    await page.getByRole("alertdialog").getByRole("button", { name: copy.revisions.restore, exact: true }).click();
    await waitForToast(page, copy.revisions.toast.restored);
    const restored = await unwrap(api.GET("/api/blog/{id}", { params: { path: { id: post.id } } }));
    expect([restored.title, restored.content]).toEqual([original, "<p>The words the owner wants back.</p>"]);
    await page.getByTestId("admin-post-row").filter({ hasText: original }).first().waitFor();
    await page.close();
  });

  it("opens a preview link of the draft that shows it as visitors will", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    await openTab(page, "blog");
    const row = page.getByTestId("admin-post-row").filter({ hasText: original });
    await row.getByRole("button", { name: copy.common.editItem.replace("{{name}}", original) }).click();
    const dialog = page.getByTestId("post-dialog");
    await dialog.getByRole("button", { name: copy.revisions.previewLink }).click();
    const open = dialog.getByRole("link", { name: copy.revisions.openPreview });
    const href = await open.getAttribute("href");
    expect(href).toMatch(/^\/preview\/post\//);

    // Anyone holding the link, signed in or not, sees the draft.
    const visitor = await browser.newContext();
    const preview = await visitor.newPage();
    const beacons: string[] = [];
    preview.on("request", (request) => {
      if (request.url().includes("/api/analytics/track")) beacons.push(request.postData() ?? "");
    });
    const response = await preview.goto(new URL(href!, page.url()).href);
    expect(response?.status()).toBe(200);
    await preview.getByTestId("preview-banner").waitFor();
    expect(await preview.getByRole("heading", { level: 1 }).textContent()).toBe(original);
    expect(await preview.locator("meta[name='robots']").getAttribute("content")).toBe("noindex, nofollow");
    // Not a visit, and its address is the link's credential: no page view is sent, even as the page is left.
    await preview.waitForSelector("html[data-hydrated='true']");
    await preview.evaluate(() => window.dispatchEvent(new Event("pagehide")));
    expect(beacons).toEqual([]);
    await visitor.close();
    await context.close();
  });
});
