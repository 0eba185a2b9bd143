import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProduct } from "@rsv/api/factories";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import type { OfferValues } from "../domain/offer.js";
import { gradeFromRating } from "../domain/product.js";
import { catalogService } from "../service.js";
import { DuplicateOffer, OffersRepository } from "./offers.repository.js";
import { ProductsRepository } from "./products.repository.js";

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
describe.each(repositoryDatabases)("catalog's offers repository on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let offers: OffersRepository;
  let products: ProductsRepository;
  let productId = 0;
  const values = (overrides: Partial<OfferValues> = {}): OfferValues => ({
    productId,
    retailer: "Farmacia Sol",
    market: "ES",
    url: `https://sol.example/${Math.random().toString(36).slice(2)}`,
    price: "59.90",
    currency: "EUR",
    packSize: 60,
    ...overrides,
  });

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, catalogService));
    offers = new OffersRepository(db);
    products = new ProductsRepository(db);
    const { id: _i, slug: _s, createdAt: _c, updatedAt: _u, offers: _o, ...product } = buildProduct();
    productId = (
      await products.create({ ...product, expertGrade: gradeFromRating(4.5), translations: {} }, "with-offers")
    ).id;
  }, 180_000);

  afterAll(() => close());

  it("creates an unchecked offer with an exact price, and the product reads it back", async () => {
    const created = await offers.create(values({ price: "99999999.99" }));
    expect(created).toMatchObject({ productId, market: "ES", price: "99999999.99", currency: "EUR", packSize: 60 });
    expect(created.health).toEqual({
      status: "unchecked",
      checkedAt: null,
      httpStatus: null,
      finalUrl: null,
      detail: null,
    });
    expect(await offers.findById(created.id)).toEqual(created);
    const product = await products.findById(productId);
    expect(product?.offers).toContainEqual(expect.objectContaining({ id: created.id, status: "unchecked" }));
  });

  it("refuses a second offer with the same market and address, and allows it in another market", async () => {
    const first = await offers.create(values());
    await expect(offers.create(values({ url: first.url }))).rejects.toBeInstanceOf(DuplicateOffer);
    expect((await offers.create(values({ url: first.url, market: "DE" }))).market).toBe("DE");
  });

  it("lists by product, status and market, cheapest first within a market", async () => {
    const dear = await offers.create(values({ market: "PL", price: "210.00", currency: "PLN" }));
    const cheap = await offers.create(values({ market: "PL", price: "199.00", currency: "PLN" }));
    const polish = await offers.list({ productId, market: "PL" });
    expect(polish.map((offer) => offer.id)).toEqual([cheap.id, dear.id]);
    expect((await offers.list({ status: "broken" })).length).toBe(0);
    expect((await offers.list({ productId: 2_000_000_000 })).length).toBe(0);
  });

  it("forgets an offer's health when its address changes, not when its price does", async () => {
    const offer = await offers.create(values());
    await db("catalog.offers")
      .where({ id: offer.id })
      .update({ health_status: "broken", failures: 2, http_status: 404 });
    const repriced = await offers.update(offer.id, values({ url: offer.url, price: "49.00" }));
    expect(repriced?.health).toMatchObject({ status: "broken", httpStatus: 404 });
    const moved = await offers.update(offer.id, values({ url: "https://sol.example/moved" }));
    expect(moved?.health).toMatchObject({ status: "unchecked", httpStatus: null });
    expect(await offers.update(2_000_000_000, values())).toBeUndefined();
  });

  it("deletes an offer that exists (true), and answers false for one that does not", async () => {
    const offer = await offers.create(values());
    expect(await offers.delete(offer.id)).toBe(true);
    expect(await offers.findById(offer.id)).toBeUndefined();
    expect(await offers.delete(offer.id)).toBe(false);
  });

  it("goes with its product", async () => {
    const { id: _i, slug: _s, createdAt: _c, updatedAt: _u, offers: _o, ...product } = buildProduct();
    const other = await products.create({ ...product, expertGrade: "A", translations: {} }, "short-lived");
    const offer = await offers.create(values({ productId: other.id }));
    await products.delete(other.id);
    expect(await offers.findById(offer.id)).toBeUndefined();
  });
});
