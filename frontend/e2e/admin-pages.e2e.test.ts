import { randomUUID } from "node:crypto";
import { unwrap, type Page as StoredPage } from "@rsv/api/client";
import type { Browser, BrowserContextOptions } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCopy } from "../src/admin/admin-copy.js";
import { routePath, type InfoPageKey } from "../src/routes.js";
import { acceptNextConfirm, adminPage, copy, openTab, signIn, signedInApi, waitForToast } from "./support/admin.js";
import { api, collectPageErrors, desktop, launchBrowser, mobile, newContext, saveScreenshot } from "./support/site.js";

const pagesCopy = copy.pages;
const spanishContent = { updated: "Revisado el", educational: "fines divulgativos" };

/** A Spanish guide per width, so the two runs do not meet; each is put back as it was. */
const runs: Array<{ width: number; options: BrowserContextOptions; key: string; route: InfoPageKey }> = [
  { width: 1280, options: desktop, key: "antioxidant-comparison", route: "antioxidantComparison" },
  { width: 390, options: mobile, key: "best-for-eye-health", route: "bestForEyeHealth" },
];

describe("the owner edits a Spanish page in the dashboard", () => {
  let browser: Browser;
  const originals: StoredPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await signedInApi();
    const pages = await unwrap(admin.GET("/api/pages"));
    for (const run of runs) originals.push(pages.find((page) => page.key === run.key && page.lang === "es")!);
    expect(originals.map((page) => page?.key)).toEqual(runs.map((run) => run.key));
  });

  afterAll(async () => {
    const admin = await signedInApi();
    for (const page of originals) {
      await unwrap(
        admin.PUT("/api/pages/{key}/{lang}", {
          params: { path: { key: page.key, lang: "es" } },
          body: {
            title: page.title,
            metaTitle: page.metaTitle,
            metaDescription: page.metaDescription,
            body: page.body,
          },
        }),
      );
    }
    await browser?.close();
  });

  for (const [index, run] of runs.entries()) {
    it(`saves a new heading and paragraph, live on the public page at once, at ${run.width} px`, async () => {
      const original = originals[index]!;
      const path = routePath(run.route, "es");
      const { context, page } = await adminPage(browser, run.options);
      // A visitor reads the page first, so the caches in front hold it as it was.
      const visitorContext = await newContext(browser, run.options);
      const visitor = await visitorContext.newPage();
      await visitor.goto(path);
      expect(await visitor.locator("main h1").textContent()).toBe(original.title);

      await signIn(page);
      // From the dashboard on: a web process's first /admin renders the lazily loaded dashboard on the
      // client (React's #419), which is the dashboard's start and not this editor.
      const errors = collectPageErrors(page);
      await openTab(page, "pages");
      const row = page.locator(`[data-testid='admin-page-row'][data-key='${run.key}']`);
      await row.getByTestId("edit-page-es").click();
      const editor = page.getByTestId("page-editor");
      const preview = editor.getByTestId("page-preview");
      // The preview is the site's article, in the page's language whatever the dashboard's.
      await preview.locator("h1", { hasText: original.title }).waitFor();
      expect(await preview.textContent()).toContain(spanishContent.educational);
      expect(await preview.locator("time").textContent()).toContain(spanishContent.updated);

      // The search result shows the site's name where the description names it, as visitors' pages do.
      const description = editor.getByLabel(pagesCopy.fields.metaDescription, { exact: true });
      await description.fill("Cómo gana dinero {{siteName}}");
      const { siteName } = await unwrap(api.GET("/api/site-settings"));
      expect(await editor.getByTestId("search-preview-es").textContent()).toContain(`Cómo gana dinero ${siteName}`);
      await description.fill(original.metaDescription ?? "");

      // A broken block: named with its line, in the dashboard's language, by the preview and, on saving,
      // beside the field; the error goes once the field is edited.
      const body = editor.getByLabel(pagesCopy.fields.body, { exact: true });
      await body.fill(`${original.body}\n\n:::carousel\nSin cerrar\n:::\n`);
      const problem = pagesCopy.bodyProblems.at
        .replace("{{line}}", String(original.body.split("\n").length + 2))
        .replace("{{problem}}", pagesCopy.bodyProblems.blockType.replace("{{value}}", "carousel"));
      expect(await preview.getByTestId("page-preview-problem").textContent()).toContain(problem);
      await editor.getByTestId("page-save").click();
      const bodyError = editor.locator("p[id$='-error']", { hasText: problem });
      await bodyError.waitFor();
      expect(await body.getAttribute("aria-invalid")).toBe("true");
      await expect.poll(() => body.evaluate((el) => el === document.activeElement)).toBe(true);
      const words = `Párrafo escrito por la dueña ${randomUUID().slice(0, 6)}`;
      await body.fill(`${original.body}\n\n${words}.\n`);
      await bodyError.waitFor({ state: "detached" });
      expect(await body.getAttribute("aria-invalid")).toBeNull();
      await preview.getByText(`${words}.`).waitFor();

      // An empty heading is refused in the browser, in the dashboard's language.
      const heading = editor.getByLabel(pagesCopy.fields.title, { exact: true });
      await heading.fill("   ");
      await editor.getByTestId("page-save").click();
      await editor.getByText(pagesCopy.errors.titleRequired).waitFor();
      const title = `Guía revisada ${randomUUID().slice(0, 6)}`;
      await heading.fill(title);
      await preview.locator("h1", { hasText: title }).waitFor();
      expect(await editor.getByText(pagesCopy.errors.titleRequired).count()).toBe(0);

      // The English version is a step away, and coming back finds the Spanish draft as it was.
      const languages = editor.getByRole("group", { name: pagesCopy.language });
      await languages.getByRole("button", { name: copy.common.languages.en }).click();
      await editor.locator("[lang='en']").first().waitFor();
      expect(await heading.inputValue()).not.toBe(title);
      await languages.getByRole("button", { name: copy.common.languages.es }).click();
      await editor.locator("[lang='es']").first().waitFor();
      expect(await heading.inputValue()).toBe(title);
      expect(await body.inputValue()).toContain(`${words}.`);

      // The editor fits the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(run.width);
      await saveScreenshot(page, `admin-page-editor-${run.width}`);
      await editor.getByTestId("page-save").click();
      await waitForToast(page, pagesCopy.toast.saved);

      // The very next read of the public page shows the new words: no wait, no reload trick.
      await visitor.goto(path);
      expect(await visitor.locator("main h1").textContent()).toBe(title);
      expect(await visitor.locator("main article[data-page]").textContent()).toContain(`${words}.`);
      expect(await visitor.title()).not.toBe("");
      expect(errors, errors.join("\n")).toEqual([]);
      await visitorContext.close();
      await context.close();
    });
  }

  it("adds a question to the Spanish FAQ: the public accordion has it at once, its HTML shown as text", async () => {
    const admin = await signedInApi();
    const faq = (await unwrap(admin.GET("/api/pages"))).find((page) => page.key === "faq" && page.lang === "es")!;
    expect(faq.body).toContain(":::faq #general");
    const { context, page } = await adminPage(browser);
    const dialogs: string[] = [];
    const visitorContext = await newContext(browser);
    const visitor = await visitorContext.newPage();
    visitor.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      await visitor.goto(routePath("faq", "es"));
      const before = await visitor.locator("[data-testid='faq-item']").count();

      await signIn(page);
      await openTab(page, "pages");
      await page.locator("[data-testid='admin-page-row'][data-key='faq']").getByTestId("edit-page-es").click();
      const editor = page.getByTestId("page-editor");
      const question = `¿Pregunta nueva ${randomUUID().slice(0, 6)}?`;
      const answer = 'Respuesta con <img src=x onerror="alert(1)"> escrita por la dueña.';
      const body = faq.body.replace(":::faq #general\n", `:::faq #general\n\n### ${question}\n\n${answer}\n`);
      await editor.getByLabel(pagesCopy.fields.body, { exact: true }).fill(body);
      // The preview is the public page's accordion.
      await editor.getByTestId("page-preview").getByRole("button", { name: question }).waitFor();
      await editor.getByTestId("page-save").click();
      await waitForToast(page, pagesCopy.toast.saved);

      await visitor.goto(routePath("faq", "es"));
      expect(await visitor.locator("[data-testid='faq-item']").count()).toBe(before + 1);
      const button = visitor.getByRole("button", { name: question });
      await button.click();
      const region = visitor.locator(`#${await button.getAttribute("aria-controls")}`);
      expect(await region.textContent()).toContain('<img src=x onerror="alert(1)">');
      expect(await region.locator("img").count()).toBe(0);
      const jsonLd = await visitor.locator("script[type='application/ld+json']").allTextContents();
      expect(jsonLd.join("")).toContain(question);
      expect(dialogs).toEqual([]);
    } finally {
      await unwrap(
        admin.PUT("/api/pages/{key}/{lang}", {
          params: { path: { key: "faq", lang: "es" } },
          body: { title: faq.title, metaTitle: faq.metaTitle, metaDescription: faq.metaDescription, body: faq.body },
        }),
      );
      await visitorContext.close();
      await context.close();
    }
  });

  it("keeps an unsaved edit across tabs, and asks before Back throws it away", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    await openTab(page, "pages");
    const key = runs[0]!.key;
    const admin = await signedInApi();
    const storedTitle = async () =>
      (await unwrap(admin.GET("/api/pages"))).find((one) => one.key === key && one.lang === "es")!.title;
    const original = { title: await storedTitle() };
    await page.locator(`[data-testid='admin-page-row'][data-key='${key}']`).getByTestId("edit-page-es").click();
    const title = page.getByTestId("page-editor").getByLabel(pagesCopy.fields.title, { exact: true });
    await title.fill(`${original.title} (sin guardar)`);
    // Another tab and back: the editor and its draft are where the owner left them.
    await openTab(page, "products");
    await openTab(page, "pages");
    expect(await title.inputValue()).toBe(`${original.title} (sin guardar)`);

    const back = page.getByTestId("page-editor").getByRole("button", { name: pagesCopy.back }).first();
    await back.click();
    const question = page.getByRole("alertdialog");
    expect(await question.locator("p").first().textContent()).toBe(copy.common.unsaved.question);
    await question.getByRole("button", { name: copy.common.unsaved.keepEditing }).click();
    expect(await title.inputValue()).toBe(`${original.title} (sin guardar)`);
    await back.click();
    expect(await acceptNextConfirm(page)).toBe(copy.common.unsaved.question);
    await page.locator(`[data-testid='admin-page-row'][data-key='${key}']`).waitFor();
    // Nothing was stored.
    expect(await storedTitle()).toBe(original.title);

    // Saved (as stored: trimmed), nothing is left to lose: Back asks nothing.
    await page.locator(`[data-testid='admin-page-row'][data-key='${key}']`).getByTestId("edit-page-es").click();
    await title.fill(`${original.title} `);
    await page.getByTestId("page-editor").getByTestId("page-save").click();
    await waitForToast(page, pagesCopy.toast.saved);
    await back.click();
    await page.locator(`[data-testid='admin-page-row'][data-key='${key}']`).waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(await storedTitle()).toBe(original.title);
    await context.close();
  });

  it("has the tab and its editor in both of the dashboard's languages", () => {
    expect(adminCopy.es.dashboard.tabs.pages).toBe("Páginas");
    expect(Object.keys(adminCopy.es.pages.fields)).toEqual(Object.keys(adminCopy.en.pages.fields));
  });
});
