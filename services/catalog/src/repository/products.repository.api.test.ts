import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProduct } from "@rsv/api/factories";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import { gradeFromRating, type ProductValues } from "../domain/product.js";
import { catalogService } from "../service.js";
import { ProductsRepository } from "./products.repository.js";

function values(overrides: Partial<ProductValues> = {}): ProductValues {
  const {
    id: _id,
    slug: _slug,
    createdAt: _created,
    updatedAt: _updated,
    offers: _offers,
    ...product
  } = buildProduct();
  return { ...product, expertGrade: gradeFromRating(Number(product.rating)), translations: {}, ...overrides };
}

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
describe.each(repositoryDatabases)("catalog's products repository on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let products: ProductsRepository;

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, catalogService));
    products = new ProductsRepository(db);
    // PGlite starts PostgreSQL in WebAssembly: seconds alone, over a minute beside other suites on a loaded machine.
  }, 180_000);

  afterAll(() => close());

  it("creates a product, finds it by id and slug, lists and counts it", async () => {
    const created = await products.create(values({ name: "Created" }), "created");
    expect(created).toMatchObject({ name: "Created", slug: "created" });
    expect(await products.findById(created.id)).toEqual(created);
    expect(await products.findBySlug("created")).toEqual(created);
    expect((await products.list()).map((product) => product.id)).toContain(created.id);
    expect(await products.count()).toBeGreaterThanOrEqual(1);
    expect((await products.create(values(), "created")).slug).toBe("created-2");
  });

  it("updates a product that exists, keeping its former slug, and answers undefined for one that does not", async () => {
    const created = await products.create(values(), "before-rename");
    const updated = await products.update(created.id, values({ name: "Renamed" }), "after-rename");
    expect(updated).toMatchObject({ id: created.id, name: "Renamed", slug: "after-rename" });
    expect((await products.findBySlug("before-rename"))?.id).toBe(created.id);
    expect(await products.update(2_000_000_000, values(), "nothing")).toBeUndefined();
  });

  // On PostgreSQL the renames race for one free slug; PGlite runs them one after another.
  it("renames products alike at once, each to a slug of its own", async () => {
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await products.create(values(), "alike-before"));
    const renamed = await Promise.all(
      made.map((product) => products.update(product.id, values({ name: "Alike" }), "alike-after")),
    );
    expect(new Set(renamed.map((product) => product?.slug)).size).toBe(made.length);
    expect(renamed.every((product) => product?.slug.startsWith("alike-after"))).toBe(true);
  });

  it("deletes a product that exists (true), and answers false for one that does not", async () => {
    const created = await products.create(values(), "to-delete");
    expect(await products.delete(created.id)).toBe(true);
    expect(await products.findById(created.id)).toBeUndefined();
    expect(await products.delete(created.id)).toBe(false);
  });

  it("keeps a product scheduled for later from visitors' reads, and shows it to the admin's", async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await products.create(values({ publishAt: later }), "scheduled");
    expect(scheduled.publishAt).toBe(later);
    expect((await products.list()).map((p) => p.id)).not.toContain(scheduled.id);
    expect(await products.findBySlug("scheduled")).toBeUndefined();
    expect(await products.findById(scheduled.id)).toBeUndefined();
    expect((await products.list({ includeScheduled: true })).map((p) => p.id)).toContain(scheduled.id);
    expect((await products.findById(scheduled.id, { includeScheduled: true }))?.id).toBe(scheduled.id);
    const past = new Date(Date.now() - 1_000).toISOString();
    await products.update(scheduled.id, values({ publishAt: past }), "scheduled");
    expect((await products.findBySlug("scheduled"))?.id).toBe(scheduled.id);
  });

  it("keeps ranks one per product and without gaps: a product placed shifts the others", async () => {
    const ranks = async () =>
      Object.fromEntries(
        (await products.list({ includeScheduled: true }))
          .filter((p) => p.placement !== null && p.name.startsWith("Ranked"))
          .map((p) => [p.name, p.placement]),
      );
    // The products of the tests above are unranked (the factory's), so these four hold ranks 1 to 4.
    const a = await products.create(values({ name: "Ranked A", placement: 1 }), "ranked-a");
    const b = await products.create(values({ name: "Ranked B", placement: 2 }), "ranked-b");
    const c = await products.create(values({ name: "Ranked C", placement: 9 }), "ranked-c");
    // Asked for #9 with two ranked before it: the rank after the last.
    expect(c.placement).toBe(3);
    const d = await products.create(values({ name: "Ranked D", placement: 2 }), "ranked-d");
    expect(d.placement).toBe(2);
    expect(await ranks()).toEqual({ "Ranked A": 1, "Ranked D": 2, "Ranked B": 3, "Ranked C": 4 });
    await products.update(a.id, values({ name: "Ranked A", placement: 3 }), "ranked-a");
    expect(await ranks()).toEqual({ "Ranked D": 1, "Ranked B": 2, "Ranked A": 3, "Ranked C": 4 });
    await products.delete(b.id);
    expect(await ranks()).toEqual({ "Ranked D": 1, "Ranked A": 2, "Ranked C": 3 });
  });
});
