import type { Browser, Page } from "playwright-core";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../src/i18n/resources.js";
import { serializeComparisonQuery, type ComparisonQuery } from "../src/lib/comparison-query.js";
import { api, desktop, launchBrowser, newContext, products, rowSlugs, waitForHydration } from "./support/site.js";
import { unwrap } from "@rsv/api/client";
import { bestOffer } from "@rsv/api/offer-rules";

const sorts = ["placement", "rating", "price-asc", "price-desc", "popularity"] as const;
const groups = ["potency", "source", "brand", "price"] as const;

function slugsOf(list: { slug: string }[]): string[] {
  return list.map((product) => product.slug);
}

async function openFilters(page: Page) {
  const panel = page.locator("[data-testid='filter-panel']");
  if ((await panel.getAttribute("open")) === null) await panel.locator("summary").click();
}

describe("comparison page", () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("lists the catalogue in ranking order by default", async () => {
    await page.goto("/comparison");
    await waitForHydration(page);
    expect(await rowSlugs(page)).toEqual(slugsOf(await products({ lang: "en" })));
    expect(await page.locator("[data-testid='filter-panel']").getAttribute("open")).toBeNull();
  });

  it.each(sorts)("sorts by %s", async (sort) => {
    await page.goto("/comparison");
    await waitForHydration(page);
    const expected = slugsOf(await products({ lang: "en", sort }));
    await page.locator("[data-testid='sort-select']").selectOption(sort);
    // Ranking order is the default, so it leaves the address without a sort.
    await page.waitForURL((url) => (url.searchParams.get("sort") ?? "placement") === sort);
    await expect.poll(() => rowSlugs(page)).toEqual(expected);
  });

  it.each(groups)("filters by %s with values from the catalogue", async (group) => {
    const facets = await unwrap(api.GET("/api/products/facets"));
    const all = await products({ lang: "en" });
    const option = facets[group].find((facet) => facet.count > 0 && facet.count < all.length) ?? facets[group][0];
    assert(option, `the demo catalogue has a ${group} facet`);
    const value = String(option.value);
    const expected = slugsOf(await products({ lang: "en", [group]: value }));
    expect(expected).toHaveLength(option.count);

    await page.goto("/comparison");
    await waitForHydration(page);
    await openFilters(page);
    await page.locator(`[data-testid='filter-group-${group}'] input[value="${value}"]`).check();
    await page.waitForURL((url) => url.searchParams.getAll(group).includes(value));
    await expect.poll(() => rowSlugs(page)).toEqual(expected);
    expect(await page.locator("[data-testid='filter-count']").textContent()).toBe(
      resources.en.comparison.filters.activeCount_one.replace("{{count}}", "1"),
    );

    await page.locator("[data-testid='clear-filters']").click();
    await expect.poll(() => rowSlugs(page)).toEqual(slugsOf(all));
    expect(await page.locator("[data-testid='filter-count']").count()).toBe(0);
  });

  it("combines groups with AND and values within a group with OR", async () => {
    const facets = await unwrap(api.GET("/api/products/facets"));
    const sources = facets.source.slice(0, 2).map((facet) => String(facet.value));
    const price = facets.price.find((facet) => facet.count > 0);
    expect(sources, "the demo catalogue has two sources").toHaveLength(2);
    assert(price, "the demo catalogue has a price range with products");
    const query: ComparisonQuery = { sort: "price-asc", potency: [], source: sources, brand: [], price: [price.value] };
    const expected = slugsOf(await products({ lang: "en", sort: "price-asc", source: sources, price: price.value }));

    await page.goto(`/comparison?${serializeComparisonQuery(query)}`);
    await waitForHydration(page);
    expect(await rowSlugs(page)).toEqual(expected);
    expect(await page.locator("[data-testid='filter-count']").textContent()).toContain("3");
  });

  it("renders sort and filters from the URL without JavaScript, in Spanish too", async () => {
    const facets = await unwrap(api.GET("/api/products/facets"));
    const brand = String(facets.brand[0]?.value);
    const context = await newContext(browser, { ...desktop, javaScriptEnabled: false });
    const staticPage = await context.newPage();

    await staticPage.goto(`/es/comparacion?sort=price-desc&brand=${encodeURIComponent(brand)}`);
    expect(await rowSlugs(staticPage)).toEqual(slugsOf(await products({ lang: "es", sort: "price-desc", brand })));
    expect(await staticPage.locator("[data-testid='sort-select']").inputValue()).toBe("price-desc");

    // The filter form is a plain GET form: ticking and applying works without scripts.
    await staticPage.goto("/comparison");
    await staticPage.locator("[data-testid='filter-panel'] summary").click();
    const source = String(facets.source[0]?.value);
    await staticPage.locator(`[data-testid='filter-group-source'] input[value="${source}"]`).check();
    await staticPage.locator("[data-testid='apply-filters']").click();
    await staticPage.waitForURL((url) => url.searchParams.get("source") === source);
    expect(await rowSlugs(staticPage)).toEqual(slugsOf(await products({ lang: "en", source })));
    await context.close();
  });

  it("prices, sorts and filters as a visitor from Spain is shown the prices, without JavaScript too", async () => {
    const fromSpain = { "cf-ipcountry": "ES", "x-country": "ES" };
    const facets = await unwrap(api.GET("/api/products/facets", { params: { query: { country: "ES" } } }));
    expect(facets.currency).toBe("EUR");
    const sorted = await products({ lang: "es", sort: "price-asc", country: "ES" });
    const shown = sorted.map((p) => bestOffer(p.offers, "ES", p.preferredRetailer));
    // Euros first, cheapest first; then other currencies; then products no one in Spain can buy.
    const euros = shown.filter((offer) => offer?.currency === "EUR").map((offer) => Number(offer!.price));
    expect(euros.length, "the demo catalogue sells in Spain").toBeGreaterThan(1);
    expect(shown.slice(0, euros.length).every((offer) => offer?.currency === "EUR")).toBe(true);
    expect(euros).toEqual([...euros].sort((a, b) => a - b));
    const priced = shown.filter(Boolean).length;
    expect(shown.slice(priced).every((offer) => offer === undefined)).toBe(true);

    const context = await newContext(browser, { ...desktop, javaScriptEnabled: false, extraHTTPHeaders: fromSpain });
    const staticPage = await context.newPage();
    await staticPage.goto("/es/comparacion?sort=price-asc");
    expect(await rowSlugs(staticPage)).toEqual(slugsOf(sorted));
    const currencies = await staticPage
      .locator("[data-testid='comparison-row'] [data-testid='row-price']")
      .evaluateAll((prices) => prices.map((price) => price.getAttribute("data-currency")));
    expect(currencies.slice(0, euros.length)).toEqual(euros.map(() => "EUR"));
    const ranges = resources.es.comparison.filters.priceValues;
    const labels = await staticPage.locator("[data-testid='filter-group-price'] label").allTextContents();
    expect(labels.map((label) => label.replace(/ \(\d+\)$/, ""))).toEqual([
      ranges["under-25"].replace("{{to}}", "25\u00a0€"),
      ranges["25-35"].replace("{{from}}", "25\u00a0€").replace("{{to}}", "35\u00a0€"),
      ranges["over-35"].replace("{{from}}", "35\u00a0€"),
    ]);

    await staticPage.goto("/es/comparacion?price=under-25");
    const cheap = await products({ lang: "es", price: "under-25", country: "ES" });
    expect(await rowSlugs(staticPage)).toEqual(slugsOf(cheap));
    for (const product of cheap) {
      const offer = bestOffer(product.offers, "ES", product.preferredRetailer);
      expect({ slug: product.slug, currency: offer?.currency }).toEqual({ slug: product.slug, currency: "EUR" });
      expect(Number(offer!.price)).toBeLessThan(25);
    }
    await context.close();
  });

  it("shows at most four benefits on each product card", async () => {
    await page.goto("/comparison");
    const counts = await page
      .locator("[data-testid='card-benefits']")
      .evaluateAll((lists) => lists.map((list) => list.children.length));
    expect(counts.length).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThanOrEqual(4);
  });
});
