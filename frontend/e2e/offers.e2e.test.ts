import { unwrap, type ApiClient, type Offer, type OfferStatus, type Product } from "@rsv/api/client";
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resources } from "../src/i18n/resources.js";
import { reviewPath, type Lang } from "../src/routes.js";
import { signedInApi } from "./support/admin.js";
import { startRetailer, type Retailer } from "./support/retailer.js";
import {
  collectPageErrors,
  desktop,
  gatewayUrl,
  launchBrowser,
  mobile,
  newContext,
  saveScreenshot,
  waitForHydration,
} from "./support/site.js";

const run = randomUUID().slice(0, 6);
/** A visitor from Spain, as the edge names them (nginx passes CF-IPCountry on as X-Country). */
const fromSpain = { "cf-ipcountry": "ES", "x-country": "ES" };
const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ").trim();

let browser: Browser;
let retailer: Retailer;
let api: ApiClient;
const made: Product[] = [];
/** A product with two usable Spanish offers, one Spanish offer out of stock and one offer for everyone else. */
let stocked: Product;
/** A product whose every offer is out of stock. */
let soldOut: Product;
const offers = new Map<string, Offer>();

function productBody(name: string) {
  return {
    name,
    brand: "Offer Page Labs",
    potency: "250mg",
    source: "Grape skin",
    price: "30.00",
    rating: "4.1",
    imageUrl: "/api/images/offer-page.png",
    description: "A product whose offers a visitor's review page lists.",
    bestFor: "Testing review pages",
  };
}

async function addOffer(
  key: string,
  product: Product,
  fields: { retailer: string; market: string; price: string; stock: "in" | "out"; currency?: string },
) {
  const path = `/${key}-${run}`;
  retailer.stock(path, fields.stock);
  const { stock: _stock, ...offer } = fields;
  offers.set(
    key,
    await unwrap(api.POST("/api/offers", { body: { productId: product.id, url: retailer.url(path), ...offer } })),
  );
}

async function statuses(): Promise<Record<string, OfferStatus>> {
  const all = await unwrap(api.GET("/api/offers"));
  return Object.fromEntries(
    [...offers].map(([key, offer]) => [key, all.find((item) => item.id === offer.id)!.health.status]),
  );
}

async function visit(options: BrowserContextOptions, path: string, headers: Record<string, string> = fromSpain) {
  const context = await newContext(browser, { ...options, extraHTTPHeaders: headers });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(path);
  await waitForHydration(page);
  return { context, page, errors };
}

async function jsonLdProduct(page: Page): Promise<Record<string, unknown>> {
  const blocks = await page.locator("script[type='application/ld+json']").allTextContents();
  const product = blocks
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data["@type"] === "Product");
  if (!product) throw new Error("no Product JSON-LD");
  return product;
}

describe("a review page lists the offers of the visitor's market", () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    retailer = await startRetailer();
    api = await signedInApi();
    stocked = await unwrap(api.POST("/api/products", { body: productBody(`Offer Page Stocked ${run}`) }));
    soldOut = await unwrap(api.POST("/api/products", { body: productBody(`Offer Page Sold Out ${run}`) }));
    made.push(stocked, soldOut);
    await addOffer("es-cheap", stocked, { retailer: "Farmacia Uno", market: "ES", price: "59.90", stock: "in" });
    await addOffer("es-dear", stocked, {
      retailer: "Herbolario Dos",
      market: "ES",
      price: "64.50",
      stock: "in",
      currency: "EUR",
    });
    await addOffer("es-gone", stocked, { retailer: "Tienda Tres", market: "ES", price: "49.00", stock: "out" });
    await addOffer("world", stocked, { retailer: "World Shop", market: "default", price: "34.90", stock: "in" });
    await addOffer("gone-es", soldOut, { retailer: "Farmacia Uno", market: "ES", price: "39.90", stock: "out" });
    await addOffer("gone-world", soldOut, { retailer: "World Shop", market: "default", price: "29.90", stock: "out" });
    // Checked now, so the statuses the pages show are the shop's, not "not checked yet".
    await unwrap(api.POST("/api/offers/check", { body: { ids: [...offers.values()].map((offer) => offer.id) } }));
    await vi.waitFor(
      async () =>
        expect(await statuses()).toEqual({
          "es-cheap": "ok",
          "es-dear": "ok",
          "es-gone": "out_of_stock",
          world: "ok",
          "gone-es": "out_of_stock",
          "gone-world": "out_of_stock",
        }),
      { timeout: 60_000, interval: 500 },
    );
  });

  afterAll(async () => {
    for (const offer of offers.values()) await api?.DELETE("/api/offers/{id}", { params: { path: { id: offer.id } } });
    for (const product of made) await api?.DELETE("/api/products/{id}", { params: { path: { id: product.id } } });
    await retailer?.close();
    await browser?.close();
  });

  it.each([
    ["en", "€59.90", "€64.50", "€49.00"],
    ["es", "59,90 €", "64,50 €", "49,00 €"],
  ] as const)(
    "in %s: each price in the page's notation, usable offers linked, the sold-out one not",
    async (lang, cheap, dear, gone) => {
      const path = reviewPath(stocked.slug, lang);
      const { context, page, errors } = await visit(desktop, path);
      const copy = resources[lang].review.offers;
      const rows = page.getByTestId("offer");
      expect(await rows.count()).toBe(3);
      expect((await rows.getByTestId("offer-price").allTextContents()).map(plain)).toEqual([cheap, dear, gone]);
      expect(await rows.getByTestId("offer-retailer").allTextContents()).toEqual([
        "Farmacia Uno",
        "Herbolario Dos",
        "Tienda Tres",
      ]);

      const link = rows.first().getByTestId("offer-link");
      expect(await link.getAttribute("href")).toBe(`/go/${stocked.slug}/${offers.get("es-cheap")!.id}?from=review`);
      expect(await link.getAttribute("rel")).toBe("sponsored nofollow noopener");
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(plain(await link.textContent())).toContain(copy.buyAt.replace("{{retailer}}", "Farmacia Uno"));
      expect(await rows.nth(2).locator("a").count()).toBe(0);
      expect(await rows.nth(2).getByTestId("offer-unavailable").textContent()).toBe(copy.outOfStock);

      // The main button is the best offer's price and the redirect that picks it.
      const buy = page.getByTestId("buy-box");
      expect(plain(await buy.getByTestId("review-price").textContent())).toBe(cheap);
      expect(await buy.locator(`a[href='/go/${stocked.slug}?from=review']`).count()).toBe(1);

      const data = await jsonLdProduct(page);
      expect(data.offers).toMatchObject({
        "@type": "AggregateOffer",
        lowPrice: "59.90",
        highPrice: "64.50",
        priceCurrency: "EUR",
        offerCount: 3,
      });
      const listed = (data.offers as { offers: Array<Record<string, unknown>> }).offers;
      expect(listed[0]).toMatchObject({
        "@type": "Offer",
        price: "59.90",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        url: `${new URL(String(data.url)).origin}/go/${stocked.slug}/${offers.get("es-cheap")!.id}`,
        seller: { "@type": "Organization", name: "Farmacia Uno" },
      });
      expect(listed[2]).toMatchObject({ availability: "https://schema.org/OutOfStock" });
      expect(errors).toEqual([]);
      for (const options of [desktop, mobile]) {
        const width = options.viewport!.width;
        await page.setViewportSize(options.viewport!);
        await saveScreenshot(page, `review-offers-${lang}-${width}`);
      }
      await context.close();
    },
  );

  it("shows visitors from elsewhere the offers for every other country, in their currency", async () => {
    const { context, page } = await visit(desktop, reviewPath(stocked.slug, "es"), {
      "cf-ipcountry": "JP",
      "x-country": "JP",
    });
    expect((await page.getByTestId("offer-price").allTextContents()).map(plain)).toEqual(["34,90 US$"]);
    const data = await jsonLdProduct(page);
    expect(data.offers).toMatchObject({ "@type": "Offer", price: "34.90", priceCurrency: "USD" });
    await context.close();
  });

  it("renders the offers on the server, complete without JavaScript", async () => {
    const response = await fetch(`${gatewayUrl}${reviewPath(stocked.slug, "es")}`, { headers: fromSpain });
    const html = (await response.text()).replace(/\u00a0/g, " ");
    expect(response.status).toBe(200);
    expect(html).toContain(`href="/go/${stocked.slug}/${offers.get("es-cheap")!.id}?from=review"`);
    expect(html).toContain("59,90 €");
    expect(response.headers.get("vary") ?? "").toMatch(/X-Country/i);
  });

  it.each(["en", "es"] as const)(
    "in %s: a product whose offers are all out of stock says so plainly, with no buy button",
    async (lang: Lang) => {
      const { context, page, errors } = await visit(desktop, reviewPath(soldOut.slug, lang));
      const noOffer = resources[lang].common.product.noOffer;
      expect(await page.getByTestId("buy-box").getByTestId("no-offer").textContent()).toBe(noOffer);
      expect(await page.locator("main a[href^='/go/']").count()).toBe(0);
      expect(await page.getByTestId("review-price").count()).toBe(0);
      expect(await page.getByTestId("offer-unavailable").allTextContents()).toEqual([
        resources[lang].review.offers.outOfStock,
      ]);
      expect((await jsonLdProduct(page)).offers).toMatchObject({
        "@type": "Offer",
        availability: "https://schema.org/OutOfStock",
      });
      expect(errors).toEqual([]);
      await saveScreenshot(page, `review-no-offer-${lang}-1280`);
      await context.close();
    },
  );
});
