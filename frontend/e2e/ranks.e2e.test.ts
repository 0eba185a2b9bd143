import { unwrap, type ApiClient, type Product, type ProductInput } from "@rsv/api/client";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCopy } from "../src/admin/admin-copy.js";
import { routePath } from "../src/routes.js";
import { adminPage, signedInApi, signIn } from "./support/admin.js";
import { desktop, launchBrowser, mobile, newContext } from "./support/site.js";

/**
 * One rank per product, the same in the admin and on the public comparison: moving a product to #2
 * shifts the others, and both screens then say #2 for it and for nobody else, in both languages.
 */

let browser: Browser;
let api: ApiClient;
let moved: Product;
let originalPlacement: number | null;

function inputOf(product: Product): ProductInput {
  const { id: _id, slug: _slug, createdAt: _c, updatedAt: _u, offers: _o, ...input } = product;
  return input as ProductInput;
}

/** Saves a product with a new placement (null: unranked), its other fields as they are. */
async function place(id: number, placement: number | null): Promise<Product> {
  const full = await unwrap(api.GET("/api/products/{id}", { params: { path: { id } } }));
  return unwrap(api.PUT("/api/products/{id}", { params: { path: { id } }, body: { ...inputOf(full), placement } }));
}

/** Products this test ranked because too few were: unranked again afterwards. */
const rankedHere: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  api = await signedInApi();
  const listProducts = () => unwrap(api.GET("/api/products", { params: { query: { sort: "placement" } } }));
  // Three ranked products at least, so that #2 has one above it and one below.
  let listed = await listProducts();
  const unranked = listed.filter((product) => product.placement === null);
  for (let count = listed.length - unranked.length; count < 3 && unranked.length > 0; count++) {
    const product = unranked.shift()!;
    await place(product.id, count + 1);
    rankedHere.push(product.id);
  }
  listed = await listProducts();
  // The last ranked product moves up to #2.
  const chosen = listed.filter((product) => product.placement !== null).at(-1)!;
  originalPlacement = chosen.placement;
  moved = await place(chosen.id, 2);
});

afterAll(async () => {
  if (moved) await place(moved.id, originalPlacement);
  for (const id of rankedHere.reverse()) await place(id, null);
  await browser?.close();
});

describe("ranks in the admin and on the comparison", () => {
  it.each([
    ["en", 390],
    ["es", 390],
    ["en", 1280],
    ["es", 1280],
  ] as const)("agree in %s at %i pixels", async (lang, width) => {
    const copy = adminCopy[lang];
    const options = width === 390 ? mobile : desktop;
    const { context, page } = await adminPage(browser, options);
    try {
      await signIn(page);
      if (lang === "es") await page.getByRole("button", { name: copy.common.languages.es, exact: true }).click();
      await page.getByRole("tab", { name: copy.dashboard.tabs.products, exact: true }).click();
      const rows = page.getByTestId("admin-product-row");
      await rows.first().waitFor();
      const rank2 = copy.products.badges.placement.replace("{{placement}}", "2");
      const badges = await page.getByTestId("product-rank").allTextContents();
      expect(badges.filter((badge) => badge === rank2)).toHaveLength(1);
      expect(await rows.filter({ hasText: moved.name }).getByTestId("product-rank").textContent()).toBe(rank2);
      // Every rank once: 1, 2, 3… with no gap.
      const numbers = badges.map((badge) => Number(badge.match(/\d+/)![0])).sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, index) => index + 1));

      const visitor = await newContext(browser, options);
      const publicPage = await visitor.newPage();
      await publicPage.goto(routePath("comparison", lang));
      const slugs = await publicPage
        .getByTestId("comparison-row")
        .evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-slug")));
      expect(slugs.indexOf(moved.slug)).toBe(1);
      await visitor.close();
    } finally {
      await context.close();
    }
  });
});
