import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCopy } from "../src/admin/admin-copy.js";
import { tabsFor } from "../src/admin/admin.store.js";
import { adminCredentials } from "./support/admin.js";
import { desktop, gatewayUrl, launchBrowser, mobile, newContext } from "./support/site.js";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Finding {
  where: string;
  rule: string;
  impact: string | null | undefined;
  node: string;
}

/**
 * axe-core's checks (WCAG 2.x A and AA, target size included, and its best practices) on the page as it is now. Evaluated
 * rather than added as a script tag: the site's policy allows no inline script, and a page loaded
 * without JavaScript runs none.
 */
async function axeFindings(page: Page, where: string): Promise<Finding[]> {
  await page.evaluate(axeSource);
  // WCAG 2.2's target size too (24 pixels, or room around a smaller one), which axe leaves out by default.
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe.run(document, {
      rules: { "target-size": { enabled: true } },
    }),
  )) as AxeResults;
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      where,
      rule: violation.id,
      impact: violation.impact,
      node: node.target.join(" "),
    })),
  );
}

/** Every page the sitemap lists, and a missing page in each language, as paths. */
async function publicPaths(): Promise<string[]> {
  const sitemap = await (await fetch(`${gatewayUrl}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  return [...new Set(listed), "/no-such-page", "/es/no-existe"];
}

describe("accessibility: axe-core finds nothing to mend", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("on every public page in both languages, on a phone, as the server sends it", { timeout: 300_000 }, async () => {
    const paths = await publicPaths();
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => path.startsWith("/es")).length).toBeGreaterThan(20);
    // The markup every visitor gets first, and all of it a browser without scripts gets: the same
    // elements hydrate, so the checks hold for both. The site's scripts are not loaded (a page then
    // costs a fraction of the CPU); JavaScript stays on, since axe runs in the page.
    const context = await newContext(browser, mobile);
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    const findings: Finding[] = [];
    for (const path of paths) {
      await page.goto(path);
      findings.push(...(await axeFindings(page, path)));
    }
    await context.close();
    expect(findings).toEqual([]);
  });

  it("on the sign-in form and every tab of the admin, in English and in Spanish", { timeout: 300_000 }, async () => {
    const findings: Finding[] = [];
    for (const lang of ["en", "es"] as const) {
      const copy = adminCopy[lang];
      const context = await newContext(browser, desktop);
      await context.addInitScript((chosen) => localStorage.setItem("rsv-admin-lang", chosen), lang);
      const page = await context.newPage();
      await page.goto("/admin");
      await page.getByRole("heading", { name: copy.login.title }).waitFor();
      await page.getByLabel(copy.login.email).fill(adminCredentials().email);
      await page.getByLabel(copy.login.password).fill("not-the-password");
      await page.getByRole("button", { name: copy.login.submit }).click();
      await page.getByTestId("login-error").waitFor();
      findings.push(...(await axeFindings(page, `${lang} sign-in, refused`)));

      await page.getByLabel(copy.login.password).fill(adminCredentials().password);
      await page.getByRole("button", { name: copy.login.submit }).click();
      await page.getByRole("heading", { name: copy.dashboard.title }).waitFor();
      for (const tab of tabsFor("owner")) {
        await page.getByRole("tab", { name: copy.dashboard.tabs[tab], exact: true }).click();
        await page.waitForLoadState("networkidle");
        findings.push(...(await axeFindings(page, `${lang} ${tab}`)));
      }
      await context.close();
    }
    expect(findings).toEqual([]);
  });
});
