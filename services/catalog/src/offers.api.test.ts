import type { Offer, Product } from "@rsv/api/client";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie, assertMatchesSpec, call } from "@rsv/kit/testing";

type ErrorBody = { error: { code: string; details?: Array<{ path: string; message: string }> } };

const browser = { "user-agent": "Mozilla/5.0 Chrome/124", accept: "text/html", "accept-language": "es-ES" };

describe("offers through the gateway", () => {
  let cookie = "";
  let product: Product;
  const send = async <T>(operationId: string, method: string, path: string, json?: unknown) => {
    const response = await call<T>(method, path, { json, headers: { cookie } });
    assertMatchesSpec(operationId, response);
    return response;
  };
  const offerInput = (overrides: Record<string, unknown> = {}) => ({
    productId: product.id,
    retailer: "Farmacia Sol",
    market: "ES",
    url: `https://sol.example/${randomUUID()}`,
    price: "59.9",
    ...overrides,
  });
  const offersOf = async () => (await send<Offer[]>("listOffers", "GET", `/api/offers?productId=${product.id}`)).body;

  beforeAll(async () => {
    cookie = await adminCookie();
    const created = await send<Product>("createProduct", "POST", "/api/products", {
      name: `Offer Test ${randomUUID().slice(0, 8)}`,
      brand: "Testing Labs",
      potency: "500mg",
      source: "Natural",
      price: "29.50",
      rating: "4.4",
      imageUrl: "/api/images/demo-1.png",
      description: "A product made by the offers suite.",
      bestFor: "Testing",
    });
    expect(created.status).toBe(201);
    product = created.body;
  });

  // The browser suites read the same catalogue afterwards: leave it as seeded.
  afterAll(async () => {
    if (product) await call("DELETE", `/api/products/${product.id}`, { headers: { cookie } });
  });

  it("creates an offer in the market's currency, unchecked, and shows it to visitors without its address", async () => {
    const created = await send<Offer>("createOffer", "POST", "/api/offers", offerInput({ market: "es" }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ market: "ES", price: "59.90", currency: "EUR", packSize: null });
    expect(created.body.health.status).toBe("unchecked");
    const read = await call<Product>("GET", `/api/products/slug/${product.slug}`);
    expect(read.status).toBe(200);
    const shown = read.body.offers.find((offer) => offer.id === created.body.id);
    expect(shown).toEqual({
      id: created.body.id,
      retailer: "Farmacia Sol",
      market: "ES",
      price: "59.90",
      currency: "EUR",
      packSize: null,
      status: "unchecked",
    });
    expect(JSON.stringify(read.body)).not.toContain(created.body.url);
  });

  it.each([
    ["url", { url: "javascript:alert(1)" }],
    ["url", { url: "ftp://shop.example/p" }],
    ["price", { price: "-1" }],
    ["price", { price: "cheap" }],
    ["price", { price: 1.234 }],
    ["currency", { currency: "EURO" }],
    ["currency", { currency: "ABC" }],
    ["market", { market: "XX" }],
    ["market", { market: "Spain" }],
    ["productId", { productId: 2_000_000_000 }],
    ["retailer", { retailer: "  " }],
  ])("refuses a bad %s with 400 naming it, storing nothing", async (field, overrides) => {
    const before = (await offersOf()).length;
    const response = await send<ErrorBody>("createOffer", "POST", "/api/offers", offerInput(overrides));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("validation_failed");
    expect(response.body.error.details?.map((detail) => detail.path)).toContain(`body.${field}`);
    expect((await offersOf()).length).toBe(before);
  });

  it("refuses the same market and address twice with 409", async () => {
    const input = offerInput();
    expect((await send("createOffer", "POST", "/api/offers", input)).status).toBe(201);
    const again = await send<ErrorBody>("createOffer", "POST", "/api/offers", input);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("conflict");
  });

  it("updates and deletes an offer, 404 for one that does not exist", async () => {
    const created = (await send<Offer>("createOffer", "POST", "/api/offers", offerInput())).body;
    const updated = await send<Offer>(
      "updateOffer",
      "PUT",
      `/api/offers/${created.id}`,
      offerInput({ url: created.url, price: 49, packSize: 120 }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.id, price: "49.00", packSize: 120 });
    expect((await send("updateOffer", "PUT", "/api/offers/2000000000", offerInput())).status).toBe(404);
    expect((await send("deleteOffer", "DELETE", `/api/offers/${created.id}`)).status).toBe(204);
    expect((await send("deleteOffer", "DELETE", `/api/offers/${created.id}`)).status).toBe(404);
  });

  it("is the owner's alone", async () => {
    const anonymous = await call("GET", "/api/offers");
    expect(anonymous.status).toBe(401);
    const write = await call("POST", "/api/offers", { json: offerInput() });
    expect(write.status).toBe(401);
  });

  it("sends a visitor to the cheapest offer of their market, or to the owner's preferred retailer", async () => {
    const cheap = (
      await send<Offer>("createOffer", "POST", "/api/offers", offerInput({ retailer: "Cheap", price: "1.00" }))
    ).body;
    const preferred = (
      await send<Offer>("createOffer", "POST", "/api/offers", offerInput({ retailer: "Pinned", price: "80.00" }))
    ).body;
    const go = async (path: string, headers: Record<string, string> = browser) =>
      (await call("GET", path, { headers })).headers.get("location");
    expect(await go(`/go/${product.slug}`)).toBe(cheap.url);
    const { id: _id, slug: _slug, createdAt: _c, updatedAt: _u, offers: _o, ...fields } = product;
    const pinned = await send<Product>("updateProduct", "PUT", `/api/products/${product.id}`, {
      ...fields,
      preferredRetailer: "pinned",
    });
    expect(pinned.status).toBe(200);
    expect(await go(`/go/${product.slug}`)).toBe(preferred.url);
    // One row of the review page's list goes to that row's retailer.
    expect(await go(`/go/${product.slug}/${cheap.id}`)).toBe(cheap.url);
    // A market without offers falls back to default; with none there either, the review page says so.
    expect(await go(`/go/${product.slug}`, { ...browser, "cf-ipcountry": "DE" })).toBe(`/es/resena/${product.slug}`);
    expect(await go(`/go/${product.slug}`, { ...browser, "accept-language": "en-GB", "cf-ipcountry": "GB" })).toBe(
      `/review/${product.slug}`,
    );
    // An offer of another product is not this product's row: the best offer instead.
    const other = (await call<Product[]>("GET", "/api/products")).body.find(
      (p) => p.id !== product.id && p.offers.length,
    )!;
    expect(await go(`/go/${product.slug}/${other.offers[0]!.id}`)).toBe(preferred.url);
  });
});
