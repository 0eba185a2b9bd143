import { createServer, type Server } from "node:http";
import { randomUUID } from "node:crypto";
import type { LinkCheckSettings, OfferCheckRun } from "@rsv/api/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertMatchesSpec, call, startEmbeddedService, type EmbeddedService } from "@rsv/kit/testing";
import { DEFAULT_LINK_CHECK_SETTINGS } from "./domain/link-check.js";
import { recentChecks } from "./repository/offer-checks.repository.js";
import { catalogService } from "./service.js";

/**
 * Link checks as embedded mode runs them (PGlite, runs in process): through the catalog's HTTP
 * routes, against stand-in retailers on loopback, with a stand-in auth service that knows one admin.
 */

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
};

describe("offer link checks (PGlite, in process)", () => {
  const admin = { cookie: "rsv_session=owner-session" };
  let catalog: EmbeddedService;
  let shop = "";
  let flakyAnswers = 0;
  let authUrl = "";

  // Stand-in auth: the session cookie above is the owner's.
  const auth = createServer((req, res) => {
    const known = (req.headers.cookie ?? "").includes("rsv_session=owner-session");
    res.writeHead(known ? 200 : 401, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        known ? { user: { id: 1, email: "owner@example.com", role: "owner" } } : { error: { code: "unauthorized" } },
      ),
    );
  });
  const retailer = createServer((req, res) => {
    const page = (status: number, body: string) =>
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);
    switch (req.url) {
      case "/in-stock":
        return page(200, "<h1>Resveratrol 500</h1><button>Add to basket</button>");
      case "/flaky":
        // Down for a moment: 500 once, then fine.
        return flakyAnswers++ === 0 ? page(500, "Internal error") : page(200, "<h1>Resveratrol</h1>");
      case "/missing":
        return page(404, "Not found");
      case "/sold-out":
        return page(200, "<h1>Resveratrol</h1><p>Producto agotado</p>");
      case "/unavailable":
        return page(200, "<h1>Resveratrol</h1><p>Currently unavailable</p>");
      case "/moved":
        return res.writeHead(301, { location: "/" }).end();
      default:
        return page(200, "<h1>Our shop</h1>");
    }
  });

  const send = (method: string, path: string, json?: unknown, headers: Record<string, string> = admin) =>
    call(method, path, { baseUrl: catalog.url, json, headers });

  const addOffer = async (path: string, service = catalog) => {
    const [product] = await service
      .db("catalog.products")
      .insert({
        slug: `checked-${randomUUID()}`,
        name: "Checked",
        brand: "Testing Labs",
        description: "A product whose offers are checked.",
        image_url: "/api/images/demo-1.png",
        rating: 4.5,
        best_for: "Testing",
        price: 19.9,
        expert_grade: "B",
      })
      .returning<{ id: number }[]>("id");
    const [offer] = await service
      .db("catalog.offers")
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
    catalog.db("catalog.offers").where({ id }).first("health_status", "failures", "http_status", "final_url", "detail");

  /** Asks for a run, checks the 202, and waits until the latest run is over. */
  const runChecks = async (body: { ids?: number[] }) => {
    const asked = await send("POST", "/api/offers/check", body);
    assertMatchesSpec("checkOffers", asked);
    expect(asked.status).toBe(202);
    await expect
      .poll(async () => ((await send("GET", "/api/offers/check")).body as OfferCheckRun).state, { timeout: 30_000 })
      .toBe("idle");
    const finished = await send("GET", "/api/offers/check");
    assertMatchesSpec("getOfferCheckRun", finished);
    return { asked: asked.body as OfferCheckRun, finished: finished.body as OfferCheckRun };
  };

  beforeAll(async () => {
    authUrl = await listen(auth);
    shop = await listen(retailer);
    catalog = await startEmbeddedService(catalogService, {
      seed: false,
      config: { INTERNAL_API_URL: authUrl },
      env: {
        LINK_CHECK_ALLOW_PRIVATE_ADDRESSES: "true",
        LINK_CHECK_HOST_DELAY_MS: "10",
        LINK_CHECK_TIMEOUT_MS: "2000",
      },
    });
  }, 180_000);

  afterAll(async () => {
    await catalog?.close();
    auth.close();
    retailer.close();
  });

  it("answers idle zeros before the first run, and only to the admin", async () => {
    const idle = await send("GET", "/api/offers/check");
    assertMatchesSpec("getOfferCheckRun", idle);
    expect(idle.body).toEqual({ state: "idle", total: 0, done: 0, problems: 0, startedAt: null, finishedAt: null });
    expect((await send("GET", "/api/offers/check", undefined, {})).status).toBe(401);
    expect((await send("POST", "/api/offers/check", {}, {})).status).toBe(401);
  });

  it("checks every offer in the background and stores each one's health; a second failure breaks", async () => {
    const inStock = await addOffer("/in-stock");
    const flaky = await addOffer("/flaky");
    const missing = await addOffer("/missing");
    const soldOut = await addOffer("/sold-out");
    const moved = await addOffer("/moved");

    const first = await runChecks({});
    expect(first.asked).toMatchObject({ state: "running", total: 5, finishedAt: null });
    expect(first.finished).toMatchObject({ state: "idle", total: 5, done: 5, problems: 1 });
    expect(await health(inStock)).toMatchObject({
      health_status: "ok",
      failures: 0,
      http_status: 200,
      detail: "HTTP 200",
    });
    expect(await health(soldOut)).toMatchObject({
      health_status: "out_of_stock",
      failures: 0,
      detail: "the page says “agotado”",
    });
    // One failure is not enough to call a link broken: the status stays as it was.
    expect(await health(flaky)).toMatchObject({ health_status: "unchecked", failures: 1, http_status: 500 });
    expect(await health(missing)).toMatchObject({ health_status: "unchecked", failures: 1, http_status: 404 });
    expect(await health(moved)).toMatchObject({
      health_status: "unchecked",
      failures: 1,
      final_url: `${shop}/`,
      detail: "redirected to the retailer's home page",
    });

    const second = await runChecks({});
    expect(second.finished).toMatchObject({ total: 5, done: 5, problems: 3 });
    expect(await health(flaky)).toMatchObject({ health_status: "ok", failures: 0, http_status: 200 });
    expect(await health(missing)).toMatchObject({ health_status: "broken", failures: 2, http_status: 404 });
    expect(await health(moved)).toMatchObject({ health_status: "broken", failures: 2 });

    const history = await recentChecks(catalog.db, [flaky, missing]);
    expect(history.get(flaky)!.map((c) => [c.outcome, c.httpStatus])).toEqual([
      ["ok", 200],
      ["failed", 500],
    ]);
    expect(history.get(missing)!.map((c) => c.outcome)).toEqual(["failed", "failed"]);
  });

  it("checks only the offers asked for, ignoring unknown ids", async () => {
    const offer = await addOffer("/in-stock");
    const { asked, finished } = await runChecks({ ids: [offer, 2_000_000_000] });
    expect(asked.total).toBe(1);
    expect(finished).toMatchObject({ total: 1, done: 1, problems: 0 });
    expect((await health(offer))!.health_status).toBe("ok");
  });

  it("keeps the owner's settings: defaults first, phrases trimmed and without duplicates", async () => {
    const before = await send("GET", "/api/offers/settings");
    assertMatchesSpec("getLinkCheckSettings", before);
    expect(before.body).toEqual(DEFAULT_LINK_CHECK_SETTINGS);

    const wanted: LinkCheckSettings = {
      intervalHours: 12,
      outOfStockPhrases: {
        ...DEFAULT_LINK_CHECK_SETTINGS.outOfStockPhrases,
        en: ["  currently unavailable ", "Currently unavailable", "sold out"],
      },
    };
    const saved = await send("PUT", "/api/offers/settings", wanted);
    assertMatchesSpec("updateLinkCheckSettings", saved);
    expect(saved.status).toBe(200);
    expect((saved.body as LinkCheckSettings).outOfStockPhrases.en).toEqual(["currently unavailable", "sold out"]);
    expect((await send("GET", "/api/offers/settings")).body).toEqual(saved.body);

    const refused = await send("PUT", "/api/offers/settings", { ...wanted, intervalHours: 0 });
    expect(refused.status).toBe(400);
    expect((await send("PUT", "/api/offers/settings", wanted, {})).status).toBe(401);

    // The new phrase counts from the next run on.
    const offer = await addOffer("/unavailable");
    await runChecks({ ids: [offer] });
    expect(await health(offer)).toMatchObject({
      health_status: "out_of_stock",
      detail: "the page says “Currently unavailable”",
    });
  });

  it("answers 503 within seconds while Redis is away, and closes without waiting for it", async () => {
    // Nothing listens on port 9: the queue never connects.
    const away = await startEmbeddedService(catalogService, {
      seed: false,
      config: { INTERNAL_API_URL: authUrl, REDIS_URL: "redis://127.0.0.1:9" },
    });
    try {
      await addOffer("/in-stock", away);
      const asked = await call("POST", "/api/offers/check", { baseUrl: away.url, json: {}, headers: admin });
      expect(asked.status).toBe(503);
      expect((await call("GET", "/api/offers/check", { baseUrl: away.url, headers: admin })).body).toMatchObject({
        state: "idle",
        total: 0,
      });
    } finally {
      const closing = Date.now();
      await away.close();
      expect(Date.now() - closing).toBeLessThan(5_000);
    }
  }, 180_000);
});
