import { createServer, type Server } from "node:http";
import { randomUUID } from "node:crypto";
import os from "node:os";
import type { LinkCheckSettings, OfferCheckRun } from "@rsv/api/client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, createDb, type Knex } from "@rsv/kit/db";
import { adminCookie, assertMatchesSpec, call } from "@rsv/kit/testing";

/**
 * Link checks through the gateway, as the topology runs them: runs on the BullMQ queue in Redis,
 * taken by the catalog's worker, against stand-in retailers on loopback (the topology lets the
 * catalog reach private addresses for them). Only this suite's offers are checked: the demo offers
 * point at example domains, and the browser suites read their health afterwards.
 */
describe("offer link checks through the gateway", () => {
  let cookie = "";
  let db: Knex;
  let shop = "";
  let flakyAnswers = 0;
  const products: number[] = [];

  const retailer: Server = createServer((req, res) => {
    const page = (status: number, body: string) =>
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);
    if (req.url === "/in-stock") return page(200, "<h1>Resveratrol</h1><button>Add to basket</button>");
    if (req.url === "/flaky") return flakyAnswers++ === 0 ? page(503, "Busy") : page(200, "<h1>Resveratrol</h1>");
    if (req.url === "/gone") return page(410, "Gone");
    if (req.url === "/sold-out")
      return page(
        200,
        `<script type="application/ld+json">${JSON.stringify({
          "@context": "https://schema.org",
          "@type": "Product",
          offers: { "@type": "Offer", availability: "https://schema.org/OutOfStock" },
        })}</script><h1>Resveratrol</h1>`,
      );
    return page(404, "Not found");
  });

  const send = <T>(method: string, path: string, json?: unknown) =>
    call<T>(method, path, { json, headers: { cookie } });

  // Straight into the catalog's tables: the suite needs offers at addresses of its own retailer.
  const addOffer = async (path: string) => {
    const [product] = await db("catalog.products")
      .insert({
        slug: `link-checked-${randomUUID()}`,
        name: "Link-checked Resveratrol",
        brand: "Testing Labs",
        description: "A product whose offers the link checker visits.",
        image_url: "/api/images/demo-1.png",
        rating: 4.5,
        best_for: "Testing",
        price: 19.9,
        expert_grade: "B",
      })
      .returning<{ id: number }[]>("id");
    products.push(product!.id);
    const [offer] = await db("catalog.offers")
      .insert({
        product_id: product!.id,
        retailer: "Shop",
        market: "ES",
        url: `${shop}${path}`,
        price: "19.90",
        currency: "EUR",
      })
      .returning<{ id: number }[]>("id");
    return offer!.id;
  };
  const health = (id: number) =>
    db("catalog.offers").where({ id }).first("health_status", "failures", "http_status", "detail", "checked_at");
  const checksOf = async (id: number) =>
    Number((await db("catalog.offer_checks").where({ offer_id: id }).count<{ n: number }[]>({ n: "*" }))[0]!.n);

  /** Asks for a check of these offers (and of unknown ones) and waits until each has been checked `times` times in all. */
  const check = async (ids: number[], times: number, unknown: number[] = []) => {
    const asked = await send<OfferCheckRun>("POST", "/api/offers/check", { ids: [...ids, ...unknown] });
    assertMatchesSpec("checkOffers", asked);
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ state: "running", total: ids.length, finishedAt: null });
    for (const id of ids) await expect.poll(() => checksOf(id), { timeout: 30_000 }).toBe(times);
    return asked.body;
  };

  beforeAll(async () => {
    cookie = await adminCookie();
    db = createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: os.tmpdir(), poolMax: 2 });
    await new Promise<void>((resolve) => retailer.listen(0, "127.0.0.1", resolve));
    const address = retailer.address();
    shop = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });

  afterAll(async () => {
    if (products.length > 0) await db("catalog.products").whereIn("id", products).delete();
    await closeDb(db);
    retailer.close();
  });

  it("checks the offers asked for in the background and stores their health; two failures break", async () => {
    const inStock = await addOffer("/in-stock");
    const flaky = await addOffer("/flaky");
    const gone = await addOffer("/gone");
    const soldOut = await addOffer("/sold-out");
    const ids = [inStock, flaky, gone, soldOut];

    await check(ids, 1, [2_000_000_000]);
    expect(await health(inStock)).toMatchObject({ health_status: "ok", failures: 0, http_status: 200 });
    expect(await health(soldOut)).toMatchObject({
      health_status: "out_of_stock",
      detail: "the page declares schema.org availability https://schema.org/OutOfStock",
    });
    expect(await health(flaky)).toMatchObject({ health_status: "unchecked", failures: 1, http_status: 503 });
    expect(await health(gone)).toMatchObject({ health_status: "unchecked", failures: 1, http_status: 410 });

    await check(ids, 2);
    expect(await health(flaky)).toMatchObject({ health_status: "ok", failures: 0, http_status: 200 });
    expect(await health(gone)).toMatchObject({ health_status: "broken", failures: 2, detail: "HTTP 410" });

    // Every replica reads the run from the database: it ends idle, with the last run's figures. Read as
    // one answer: another suite's new offer starts a run of its own between two reads.
    const run = await vi.waitFor(
      async () => {
        const read = await send<OfferCheckRun>("GET", "/api/offers/check");
        expect(read.body.state).toBe("idle");
        expect(read.body.finishedAt).not.toBeNull();
        return read;
      },
      { timeout: 30_000, interval: 200 },
    );
    assertMatchesSpec("getOfferCheckRun", run);
  });

  it("refuses a run and the settings to anyone but the admin", async () => {
    expect((await call("POST", "/api/offers/check", { json: {} })).status).toBe(401);
    expect((await call("GET", "/api/offers/check")).status).toBe(401);
    expect((await call("GET", "/api/offers/settings")).status).toBe(401);
    const refused = await send("POST", "/api/offers/check", { ids: [] });
    assertMatchesSpec("checkOffers", refused);
    expect(refused.status).toBe(400);
  });

  it("saves the owner's settings, trimmed and without duplicates, and gives them back", async () => {
    const before = await send<LinkCheckSettings>("GET", "/api/offers/settings");
    assertMatchesSpec("getLinkCheckSettings", before);
    expect(before.body.outOfStockPhrases.es.length).toBeGreaterThan(0);
    try {
      const saved = await send<LinkCheckSettings>("PUT", "/api/offers/settings", {
        intervalHours: 48,
        outOfStockPhrases: { ...before.body.outOfStockPhrases, de: [" ausverkauft ", "Ausverkauft", "vergriffen"] },
      });
      assertMatchesSpec("updateLinkCheckSettings", saved);
      expect(saved.body).toEqual({
        intervalHours: 48,
        outOfStockPhrases: { ...before.body.outOfStockPhrases, de: ["ausverkauft", "vergriffen"] },
      });
      expect((await send("GET", "/api/offers/settings")).body).toEqual(saved.body);
    } finally {
      await send("PUT", "/api/offers/settings", before.body);
    }
  });
});
