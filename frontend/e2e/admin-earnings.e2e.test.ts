import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { unwrap, type ApiClient, type Product } from "@rsv/api/client";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminCopy } from "../src/admin/admin-copy.js";
import { adminPage, copy, openTab, signedInApi, signIn } from "./support/admin.js";
import { gatewayUrl, launchBrowser, saveScreenshot } from "./support/site.js";

const earnings = copy.analytics.earnings;

/**
 * The owner imports a network's commissions file in the Analytics tab: a file with a bad row is refused
 * with a table of what to fix, the fixed file is imported and shows in the history. The click the file
 * names is a real one: a visitor's redirect carried it as the retailer's sub-ID.
 */
describe("the owner imports a network's commissions", () => {
  const run = randomUUID().slice(0, 8);
  const retailer = `E2E Commission Shop ${run}`;
  const network = `E2E Network ${run}`;
  let browser: Browser;
  let api: ApiClient;
  let product: Product;
  let clickId = "";
  let dir = "";

  beforeAll(async () => {
    browser = await launchBrowser();
    dir = await mkdtemp(path.join(os.tmpdir(), "rsv-earnings-"));
    api = await signedInApi();
    product = await unwrap(
      api.POST("/api/products", {
        body: {
          name: `Earnings Test Resveratrol ${run}`,
          brand: "Earnings Test Labs",
          potency: "500mg",
          source: "Japanese Knotweed",
          price: "30.00",
          rating: "4.2",
          imageUrl: "/api/images/offer-test.png",
          description: "A product whose click the commissions file names.",
          bestFor: "Testing earnings",
        },
      }),
    );
    const offer = await unwrap(
      api.POST("/api/offers", {
        body: {
          productId: product.id,
          retailer,
          market: "default",
          url: `https://shop.example/e2e/${run}`,
          price: "9.90",
        },
      }),
    );
    await unwrap(
      api.PUT("/api/offers/retailers/{retailer}", {
        params: { path: { retailer } },
        body: { subIdTemplate: "clickref={clickId}" },
      }),
    );
    // As a browser following the link sends it (Node's fetch would say Sec-Fetch-Mode "cors", not counted).
    const location = await new Promise<string>((resolve, reject) => {
      const request = http.get(
        `${gatewayUrl}/go/${product.slug}/${offer.id}`,
        {
          headers: {
            "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.${parseInt(run, 16) % 10_000}.3 Safari/537.36`,
            accept: "text/html",
            "accept-language": "en-GB",
            "sec-fetch-mode": "navigate",
          },
        },
        (response) => {
          response.resume();
          resolve(String(response.headers.location));
        },
      );
      request.on("error", reject);
    });
    clickId = new URL(location).searchParams.get("clickref")!;
    // The click reaches analytics through the catalog's outbox: a dry run naming it passes once it has.
    await vi.waitFor(
      async () => {
        const { response, error } = await api.POST("/api/analytics/conversions", {
          body: { network, fileName: "probe.csv", csv: file("P-1", "1.00"), mapping: MAPPING, dryRun: true },
        });
        if (response.status !== 200)
          throw new Error(`the click is not in analytics yet (${response.status} ${JSON.stringify(error)})`);
      },
      { timeout: 30_000, interval: 500 },
    );
  }, 90_000);

  afterAll(async () => {
    if (api && product) await api.DELETE("/api/products/{id}", { params: { path: { id: product.id } } });
    if (dir) await rm(dir, { recursive: true, force: true });
    await browser?.close();
  });

  const MAPPING = {
    clickId: "Click Ref",
    conversionId: "Transaction ID",
    commission: "Commission",
    convertedAt: "Transaction Date",
  };
  const file = (id: string, secondCommission: string) =>
    `Transaction ID,Click Ref,Commission,Transaction Date,Status\r\n${id},${clickId},"12,50",2026-03-01 10:00,approved\r\n${id}-b,${clickId},${secondCommission},2026-03-02,pending\r\n`;

  it("sees the bad row in a table, fixes the file, imports it and finds it in the history", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    await openTab(page, "analytics");
    const panel = page.getByTestId("earnings");
    await panel.getByRole("textbox", { name: earnings.network }).fill(network);

    // The file is chosen with a button in the dashboard's language, which shows keyboard focus.
    expect(await panel.getByText(earnings.noFile, { exact: true }).count()).toBe(1);
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("earnings-file");
    const button = panel.locator("label", { hasText: earnings.choose });
    expect(await button.evaluate((label) => getComputedStyle(label).outlineStyle)).toBe("solid");

    const bad = path.join(dir, "commissions-bad.csv");
    await writeFile(bad, `\uFEFF${file(`T-${run}`, "twelve")}`);
    await panel.getByLabel(earnings.file).setInputFiles(bad);
    await panel.getByText("commissions-bad.csv", { exact: true }).waitFor();
    // The header fills the column choices, the suggested ones chosen.
    const clickColumn = panel.getByRole("combobox", { name: earnings.fields.clickId });
    await expect.poll(() => clickColumn.inputValue(), { timeout: 10_000 }).toBe("Click Ref");
    expect(await panel.getByRole("combobox", { name: earnings.fields.commission }).inputValue()).toBe("Commission");
    expect(await panel.getByRole("combobox", { name: earnings.fields.status }).inputValue()).toBe("Status");
    // Each chosen column shows its first value.
    await panel.getByText(earnings.firstValue.replace("{{value}}", "12,50")).waitFor();

    await panel.getByRole("button", { name: earnings.import, exact: true }).click();
    const errors = panel.getByTestId("earnings-errors");
    await errors.waitFor();
    const cells = await errors.locator("tbody tr").first().locator("td").allTextContents();
    expect(cells).toEqual(["3", "Commission", earnings.problems.notAmount.replace("{{value}}", "twelve")]);
    await saveScreenshot(page, "admin-earnings-errors-1280");
    // The same problem in the dashboard's other language.
    // The header's toggle: the Languages table's rows are buttons named after languages too.
    const languages = page.getByRole("group", { name: copy.common.language });
    await languages.getByRole("button", { name: "Español", exact: true }).click();
    await expect
      .poll(() => errors.locator("tbody tr").first().locator("td").last().textContent())
      .toBe(adminCopy.es.analytics.earnings.problems.notAmount.replace("{{value}}", "twelve"));
    await page
      .getByRole("group", { name: adminCopy.es.common.language })
      .getByRole("button", { name: "English", exact: true })
      .click();

    const fixed = path.join(dir, "commissions.csv");
    await writeFile(fixed, file(`T-${run}`, '"1.234,56"'));
    await panel.getByLabel(earnings.file).setInputFiles(fixed);
    // The new file's first look has answered: its name heads the column choices.
    await panel.getByText("Columns of commissions.csv (2 rows)").waitFor();
    await expect.poll(() => clickColumn.inputValue(), { timeout: 10_000 }).toBe("Click Ref");
    await panel.getByRole("button", { name: earnings.dryRun }).click();
    const preview = panel.getByTestId("earnings-preview");
    await preview.waitFor();
    expect(await preview.locator("tbody tr").count()).toBe(2);
    expect(await preview.locator("tbody tr").nth(1).textContent()).toContain("1,234.56");

    await panel.getByRole("button", { name: earnings.import, exact: true }).click();
    await panel.getByTestId("earnings-done").waitFor();
    expect(await panel.getByTestId("earnings-done").textContent()).toContain("2 new, 0 updated");
    const history = panel.getByTestId("earnings-history");
    await expect.poll(() => history.locator("tbody tr").first().textContent()).toContain(network);
    expect(await history.locator("tbody tr").first().textContent()).toContain("commissions.csv");
    await saveScreenshot(page, "admin-earnings-1280");
    await context.close();
  });

  it("says a dry run would store nothing when every row names a click this site does not have", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    await openTab(page, "analytics");
    const panel = page.getByTestId("earnings");
    await panel.getByRole("textbox", { name: earnings.network }).fill(network);
    const stray = path.join(dir, "commissions-stray.csv");
    await writeFile(stray, file(`S-${run}`, "1.00").replaceAll(clickId, randomUUID()));
    await panel.getByLabel(earnings.file).setInputFiles(stray);
    const clickColumn = panel.getByRole("combobox", { name: earnings.fields.clickId });
    await expect.poll(() => clickColumn.inputValue(), { timeout: 10_000 }).toBe("Click Ref");
    await panel.getByRole("combobox", { name: earnings.unknownClicks }).selectOption("skip");
    await panel.getByRole("button", { name: earnings.dryRun }).click();
    await expect
      .poll(() => panel.getByTestId("earnings-nothing").textContent(), { timeout: 10_000 })
      .toBe(earnings.nothingToImport_other.replace("{{count}}", "2").replace("{{skipped}}", "2"));
    expect(await panel.getByTestId("earnings-preview").count()).toBe(0);
    await context.close();
  });

  it("asks for the rate of a currency not the site's, and imports the file converted at it", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    await openTab(page, "analytics");
    const panel = page.getByTestId("earnings");
    await panel.getByRole("textbox", { name: earnings.network }).fill(`${network} US`);
    const dollars = path.join(dir, "commissions-usd.csv");
    await writeFile(
      dollars,
      `Transaction ID,Click Ref,Commission,Transaction Date\r\nD-${run},${clickId},$10.00,2026-03-01\r\n`,
    );
    await panel.getByLabel(earnings.file).setInputFiles(dollars);
    const clickColumn = panel.getByRole("combobox", { name: earnings.fields.clickId });
    await expect.poll(() => clickColumn.inputValue(), { timeout: 10_000 }).toBe("Click Ref");
    await panel.getByRole("button", { name: earnings.dryRun }).click();
    // Refused, naming the currency, and a field for its rate to the site's currency (EUR in the topology).
    await panel.getByTestId("earnings-errors").waitFor();
    const rate = panel.getByRole("textbox", {
      name: earnings.rate.replace("{{currency}}", "USD").replace("{{siteCurrency}}", "EUR"),
    });
    await rate.fill("0,92");
    await panel.getByRole("button", { name: earnings.dryRun }).click();
    const preview = panel.getByTestId("earnings-preview");
    await preview.waitFor();
    expect(await preview.locator("tbody tr").first().textContent()).toContain("€9.20");
    expect(await preview.locator("tbody tr").first().textContent()).toContain(
      earnings.convertedFrom
        .replace("{{amount}}", new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(10))
        .replace("{{rate}}", "0.92"),
    );
    await panel.getByRole("button", { name: earnings.import, exact: true }).click();
    await panel.getByTestId("earnings-done").waitFor();
    expect(await panel.getByTestId("earnings-done").textContent()).toContain("1 new, 0 updated");
    await context.close();
  });

  it("sets a retailer's sub-ID template in the Offers tab and sees where a counted click goes", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    await openTab(page, "offers");
    const row = page.getByTestId("retailer-row").filter({ hasText: retailer });
    const field = row.getByRole("textbox", { name: copy.offers.retailers.template.replace("{{name}}", retailer) });
    expect(await field.inputValue()).toBe("clickref={clickId}");
    await field.fill("clickref={clickId}&pubref={visitor}");
    await row.getByRole("button", { name: copy.offers.retailers.save }).click();
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    // In the admin's words, by the problem's reason (the service's messages are English).
    expect(await row.textContent()).toContain(copy.offers.retailers.problems.subid_unknown_placeholder);
    await field.fill("clickref={clickId}&pubref=e2e");
    await row.getByRole("button", { name: copy.offers.retailers.save }).click();
    await expect
      .poll(() => row.getByTestId("retailer-example").textContent())
      .toBe(`https://shop.example/e2e/${run}?clickref=00000000-0000-4000-8000-000000000000&pubref=e2e`);
    // The keyboard's place stays on the button it pressed.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(copy.offers.retailers.save);
    expect(await row.getByTestId("retailer-replaces").count()).toBe(0);
    await context.close();
  });
});
