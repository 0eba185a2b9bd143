import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { breakdowns, dayIn } from "../src/admin/analytics/report-view.js";
import { TIME_ZONE_STORAGE_KEY } from "../src/admin/api/analytics.js";
import { reviewPath } from "../src/routes.js";
import { adminPage, copy, signedInApi, signIn } from "./support/admin.js";
import { desktop, launchBrowser, mobile, newContext, products, saveScreenshot } from "./support/site.js";

const report = copy.analytics.report;

describe("the owner reads which source, page and placement earned the clicks", () => {
  let browser: Browser;
  const source = `e2e-${randomUUID().slice(0, 8)}`;
  let clicked: { slug: string; name: string };
  let campaign: { key: string; subject: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    // A visitor arrives from a tagged link on a review page and follows its buy button.
    const [product] = await products();
    clicked = product!;
    const visitor = await newContext(browser);
    const page = await visitor.newPage();
    await page.goto(`${reviewPath(product!.slug, "en")}?utm_source=${source}&utm_medium=email&utm_campaign=${source}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const buy = page.locator(`a[href^='/go/${product!.slug}?from=review']`).first();
    const redirected = page.waitForEvent("response", (response) => response.url().includes("/go/"));
    await page.goto(await buy.getAttribute("href").then((href) => href!)).catch(() => undefined);
    expect((await redirected).status()).toBe(302);

    // A newsletter campaign's link followed: its click is credited to the campaign's key.
    const api = await signedInApi();
    const subject = `Picks ${source}`;
    const { data: created } = await api.POST("/api/newsletter/campaigns", {
      body: { subject: { en: subject, es: "" }, body: { en: "Our picks.", es: "" } },
    });
    assert(created, "the campaign is created");
    campaign = { key: `newsletter-${created.id}`, subject };
    const fromNewsletter = page.waitForEvent("response", (response) => response.url().includes("/go/"));
    await page.goto(`/go/${product!.slug}?c=${created.id}`).catch(() => undefined);
    expect((await fromNewsletter).status()).toBe(302);
    await visitor.close();

    // Another visitor (a browser of its own) comes straight in: no referrer, no tagged link.
    const straight = await newContext(browser, { ...desktop, userAgent: `${desktop.userAgent} ${source}` });
    const home = await straight.newPage();
    const viewed = home.waitForResponse((response) => response.url().includes("/api/analytics/track"));
    await home.goto("/");
    expect((await viewed).status()).toBe(202);
    await straight.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("picks a range, filters the whole dashboard by a source's row, and keeps the view in the address", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    const dashboard = page.getByTestId("report-dashboard");
    await dashboard.getByRole("button", { name: report.ranges["30d"] }).click();
    await page.waitForURL(/range=30d/);

    // The worker stores events in batches: the source's row appears once they have landed.
    const row = page.getByTestId("report-source").locator(`[data-testid='report-row'][data-key='${source}']`);
    await expect
      .poll(
        async () => {
          if (await row.count()) return true;
          await dashboard.getByRole("button", { name: report.ranges["7d"] }).click();
          await dashboard.getByRole("button", { name: report.ranges["30d"] }).click();
          return false;
        },
        { timeout: 30_000, interval: 1500 },
      )
      .toBe(true);
    // The visits without a source came straight in; a newsletter's campaign is named by its subject.
    const direct = page.getByTestId("report-source").locator("[data-testid='report-row'][data-key='(none)']");
    await expect.poll(() => direct.getByRole("button").textContent(), { timeout: 15_000 }).toBe(report.noValue.direct);
    const fromCampaign = page
      .getByTestId("report-campaign")
      .locator(`[data-testid='report-row'][data-key='${campaign.key}']`);
    await expect
      .poll(() => fromCampaign.getByRole("button").textContent(), { timeout: 15_000 })
      .toBe(`${campaign.subject} (${campaign.key})`);
    await row.getByRole("button").click();
    await page.waitForURL(new RegExp(`source=${source}`));
    expect(await page.getByTestId("report-filter").textContent()).toContain(source);
    // Both totals at once: on a topology the browser suite has to itself, the unfiltered total of
    // clicks can be this visitor's one click, so clicks alone do not say the filtered report is in.
    // The dashboard asks for its ten reports again: over a second on a loaded machine.
    await expect
      .poll(
        async () =>
          Promise.all(["report-total-clicks", "report-total-views"].map((id) => page.getByTestId(id).textContent())),
        { timeout: 15_000 },
      )
      .toEqual(["1", "1"]);
    const placements = page.getByTestId("report-placement").getByTestId("report-row");
    await expect
      .poll(() => placements.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-key"))), { timeout: 15_000 })
      .toContain("review");
    // The visitor's page view has no placement: its row says so rather than "(none)".
    expect(
      await page
        .getByTestId("report-placement")
        .locator("[data-testid='report-row'][data-key='(none)']")
        .getByRole("button")
        .textContent(),
    ).toBe(report.noValue.pageViews);
    await saveScreenshot(page, "admin-reports-1280");

    // The address alone brings the same view back.
    const bookmarked = page.url();
    const again = await context.newPage();
    await again.goto(bookmarked);
    await again.getByTestId("report-filter").waitFor();
    expect(await again.getByRole("button", { name: report.ranges["30d"] }).getAttribute("aria-pressed")).toBe("true");
    await again.close();

    // Any table downloads as CSV.
    const download = page.waitForEvent("download");
    // Each table's download names its table for a screen reader, not just "CSV".
    const csvName = copy.analytics.report.csvOf.replace("{{title}}", copy.analytics.report.breakdowns.placement);
    expect(await page.getByTestId("report-placement").getByRole("link", { name: csvName }).count()).toBe(1);
    // Big enough for a thumb: the bare word was 28 by 20 px.
    const box = await page.getByTestId("report-placement").getByTestId("report-csv").boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(32);
    await page.getByTestId("report-placement").getByTestId("report-csv").click();
    const file = await (await download).path();
    const csv = await readFile(file, "utf8");
    expect(csv.split("\r\n")[0]).toContain("placement,label,views,visitors,clicks,ctr");
    expect(csv).toContain("review,review,0,1,1,");
    // The page view's row: no key and no label, in any language, rather than an English "(none)".
    expect(csv).toContain("\r\n,,1,1,0,0,");
    expect(csv).not.toContain("(none)");
    await context.close();
  });

  it("asks for the reports at once on a later visit, in the zone last told, and follows the site's if it changed", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    const siteZone = await page.evaluate(async () => {
      const response = await fetch("/api/analytics/time-zone");
      return ((await response.json()) as { timeZone: string }).timeZone;
    });
    // A zone fourteen hours ahead of the site's stands for one kept before the owner changed the setting.
    const stale = siteZone === "Pacific/Kiritimati" ? "Pacific/Pago_Pago" : "Pacific/Kiritimati";
    // The first load's reports answered, so the request awaited below is the reloaded page's: on a
    // loaded machine one of them was still going out after the wait began, for the site's day.
    await page.waitForLoadState("networkidle");
    await page.evaluate(([key, zone]) => localStorage.setItem(key!, zone!), [TIME_ZONE_STORAGE_KEY, stale]);

    // The server's answer is held back: the reports are asked meanwhile, for the remembered zone's days.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/analytics/time-zone", async (route) => {
      await held;
      await route.continue();
    });
    const reportAsked = page.waitForRequest((request) => request.url().includes("/api/analytics/report?"));
    await page.reload();
    const staleToday = dayIn(stale, new Date());
    expect(new URL((await reportAsked).url()).searchParams.get("to")).toBe(staleToday);
    release();

    // Told the site's zone, the dashboard shows its days, and the browser keeps it for next time.
    const period = page.getByTestId("report-dashboard").getByText(`(${siteZone})`);
    await period.waitFor();
    const shownDay = new Intl.DateTimeFormat("en-US", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(await period.textContent()).toContain(shownDay.format(new Date(`${dayIn(siteZone, new Date())}T00:00:00Z`)));
    expect(await page.evaluate((key) => localStorage.getItem(key), TIME_ZONE_STORAGE_KEY)).toBe(siteZone);
    await page.getByTestId("report-source").getByTestId("report-row").first().waitFor();
    await context.close();
  });

  it("asks for every table's report beside the session call, and each once", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    // Signed in, the dashboard has been told the reports' time zone: this browser now remembers it.
    await page.getByTestId("report-source").getByTestId("report-row").first().waitFor();

    // The session's answer is held back: the reports are asked meanwhile, all of them.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/session", async (route) => {
      await held;
      await route.continue();
    });
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/analytics/report?")) asked.push(new URL(request.url()).search);
    });
    await page.reload();
    await expect.poll(() => asked.length, { timeout: 15_000 }).toBe(breakdowns.length);
    release();

    for (const breakdown of breakdowns) {
      await page.getByTestId(`report-${breakdown}`).getByTestId("report-row").first().waitFor();
    }
    expect(asked).toHaveLength(breakdowns.length);
    expect(new Set(asked.map((search) => new URLSearchParams(search).get("breakdown")))).toEqual(new Set(breakdowns));

    // The session gone, the login shows and the browser forgets the zone: the next visit asks for no report.
    await page.unroute("**/api/auth/session");
    await context.clearCookies();
    await page.reload();
    await page.getByLabel(copy.login.email).waitFor();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), TIME_ZONE_STORAGE_KEY)).toBeNull();
    asked.length = 0;
    await page.reload();
    await page.getByLabel(copy.login.email).waitFor();
    expect(asked).toEqual([]);
    await context.close();
  });

  it("shows today by the hour, checks a custom range in its own words, and names a product filter", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    const dashboard = page.getByTestId("report-dashboard");
    await dashboard.getByTestId("report-totals").waitFor();
    // Today's reports held back: meanwhile the period line names today alone, with no empty period before.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/analytics/report?*", async (route) => {
      await held;
      await route.continue();
    });
    await dashboard.getByRole("button", { name: report.ranges.today }).click();
    await page.waitForURL(/range=today/);
    const period = dashboard.getByTestId("report-period");
    await expect.poll(() => period.textContent()).toMatch(/^(\w+ \d{1,2}, \d{4}) to \1 \(.+\)$/);
    release();
    await expect.poll(() => period.textContent(), { timeout: 15_000 }).toContain(" compared with ");
    expect(await period.textContent()).not.toContain("…");
    // A one-day report's series is by the hour: its labels once took the whole admin down.
    await dashboard.getByTestId("report-totals").waitFor();
    expect(await page.getByText(copy.common.sectionFailed).count()).toBe(0);
    // The chart's table for screen readers heads its first column with hours, not days.
    const firstHeading = dashboard.locator(".sr-only table thead th").first();
    await expect.poll(() => firstHeading.textContent()).toBe(report.hour);
    expect(await dashboard.locator(".sr-only table tbody tr").count()).toBe(24);

    // Custom starts from the days shown, and refuses a backwards range with a message of its own.
    await dashboard.getByRole("button", { name: report.ranges.custom }).click();
    const today = await dashboard.getByLabel(report.from, { exact: true }).inputValue();
    expect(await dashboard.getByLabel(report.to, { exact: true }).inputValue()).toBe(today);
    const dayBefore = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await dashboard.getByLabel(report.to, { exact: true }).fill(dayBefore);
    await dashboard.getByRole("button", { name: report.apply, exact: true }).click();
    expect(await dashboard.getByRole("alert").textContent()).toBe(report.rangeProblems.backwards);
    expect(new URL(page.url()).searchParams.get("to")).toBe(today);

    // The product clicked in the last 30 days, filtered by its row: the chip names it as the table does.
    await dashboard.getByRole("button", { name: report.ranges["30d"] }).click();
    const row = page.getByTestId("report-product").locator(`[data-testid='report-row'][data-key='${clicked.slug}']`);
    await row.getByRole("button").click();
    await page.waitForURL(new RegExp(`product=${clicked.slug}`));
    await expect
      .poll(() => page.getByTestId("report-filter").textContent(), { timeout: 15_000 })
      .toContain(clicked.name);
    // Removing the filter leaves the keyboard at the dashboard's heading, not lost on the page.
    await page.getByTestId("report-filter").click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("report-title");
    await context.close();
  });

  it("says which figures count only from the first day whose events are all kept", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    await page.getByTestId("report-totals").waitFor();
    // A month of three years ago: the roll-ups hold it, but not under two filters.
    const address = new URL(page.url());
    for (const [name, value] of Object.entries({ range: "custom", from: "2023-06-01", to: "2023-06-30" })) {
      address.searchParams.set(name, value);
    }
    await page.goto(address.toString());
    await page.getByTestId("report-totals").waitFor();
    await page.getByTestId("report-page").getByText(report.empty).waitFor();
    expect(await page.getByTestId("report-incomplete").count()).toBe(0);
    address.searchParams.set("market", "ES");
    await page.goto(address.toString());
    // One filter: only the pages' table needs single events.
    await page.getByTestId("report-page").getByTestId("report-incomplete").waitFor();
    expect(await page.getByTestId("report-source").getByTestId("report-incomplete").count()).toBe(0);
    address.searchParams.set("device", "mobile");
    await page.goto(address.toString());
    // Two filters: everything does, the totals and the chart included.
    const dashboard = page.getByTestId("report-dashboard");
    await page.getByTestId("report-source").getByTestId("report-incomplete").waitFor();
    const notes = await dashboard.getByRole("note").allTextContents();
    expect(notes.length).toBeGreaterThanOrEqual(2);
    expect(notes[0]).toMatch(/^Counted from .*\d{4} only: /);
    await context.close();
  });

  it("fits a phone: ranges, totals and tables without sideways scrolling", async () => {
    const { context, page } = await adminPage(browser, mobile);
    await signIn(page);
    await page.getByTestId("report-totals").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, "admin-reports-390");
    await context.close();
  });
});
