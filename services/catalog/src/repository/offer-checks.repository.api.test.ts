import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import { DEFAULT_LINK_CHECK_SETTINGS, type CheckResult } from "../domain/link-check.js";
import { catalogService } from "../service.js";
import { KEPT_CHECKS, OfferChecksRepository, RECENT_CHECKS, recentChecks } from "./offer-checks.repository.js";

const result = (overrides: Partial<CheckResult> = {}): CheckResult => ({
  outcome: "ok",
  httpStatus: 200,
  finalUrl: "https://shop.example/p/1",
  detail: "HTTP 200",
  durationMs: 42,
  ...overrides,
});

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
describe.each(repositoryDatabases)("catalog's offer checks repository on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let repo: OfferChecksRepository;

  const addOffer = async (url = `https://shop.example/p/${randomUUID()}`) => {
    const [product] = await db("catalog.products")
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
    const [offer] = await db("catalog.offers")
      .insert({ product_id: product!.id, retailer: "Shop", market: "ES", url, price: "19.90", currency: "EUR" })
      .returning<{ id: number }[]>("id");
    return { id: offer!.id, url };
  };
  const health = (id: number) =>
    db("catalog.offers")
      .where({ id })
      .first("health_status", "failures", "http_status", "final_url", "detail", "checked_at");

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, catalogService));
    repo = new OfferChecksRepository(db);
  }, 180_000);

  afterAll(() => close());

  it("answers idle zeros before any run, then the run started last", async () => {
    expect(await repo.latestRun()).toEqual({
      state: "idle",
      total: 0,
      done: 0,
      problems: 0,
      startedAt: null,
      finishedAt: null,
    });
    expect(await repo.lastRunEnd()).toBeNull();
    const first = await repo.createRun(3);
    expect(await repo.latestRun()).toMatchObject({ state: "running", total: 3, done: 0, finishedAt: null });
    await repo.beginRun(first, 2);
    await repo.countChecked(first, "ok");
    await repo.countChecked(first, "broken");
    await repo.finishRun(first);
    const finished = await repo.latestRun();
    expect(finished).toMatchObject({ state: "idle", total: 2, done: 2, problems: 1 });
    expect(finished.finishedAt).not.toBeNull();
    expect((await repo.lastRunEnd())?.toISOString()).toBe(finished.finishedAt);

    // A run asked for later is the latest, waiting or not; begun, it counts from zero again.
    const second = await repo.createRun(5);
    expect(await repo.latestRun()).toMatchObject({ state: "running", total: 5 });
    await repo.beginRun(second, 4);
    expect(await repo.run(second)).toMatchObject({ state: "running", total: 4, done: 0, problems: 0 });
    expect(await repo.finishAbandonedRuns()).toBe(1);
    expect((await repo.run(second)).state).toBe("idle");
  });

  it("lists every offer or those asked for that exist", async () => {
    const a = await addOffer();
    const b = await addOffer();
    const targets = await repo.targets([b.id, a.id, 2_000_000_000, a.id]);
    expect(targets).toEqual([
      { id: a.id, url: a.url, market: "ES" },
      { id: b.id, url: b.url, market: "ES" },
    ]);
    expect(await repo.countTargets([a.id, b.id, 2_000_000_000])).toBe(2);
    expect(await repo.countTargets([])).toBe(0);
    expect(await repo.targets([])).toEqual([]);
    expect((await repo.targets()).map((t) => t.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await repo.countTargets()).toBeGreaterThanOrEqual(2);
  });

  it("keeps the status on a first failure, breaks on the second, and recovers on success", async () => {
    const offer = await addOffer();
    expect(await repo.recordCheck(offer, result({ outcome: "failed", httpStatus: 500, detail: "HTTP 500" }))).toBe(
      "unchecked",
    );
    expect(await health(offer.id)).toMatchObject({
      health_status: "unchecked",
      failures: 1,
      http_status: 500,
      detail: "HTTP 500",
    });
    expect(await repo.recordCheck(offer, result())).toBe("ok");
    expect(await health(offer.id)).toMatchObject({ health_status: "ok", failures: 0, http_status: 200 });
    const timedOut = result({ outcome: "failed", httpStatus: null, finalUrl: null, detail: "timed out after 10 s" });
    expect(await repo.recordCheck(offer, timedOut)).toBe("ok");
    expect(await repo.recordCheck(offer, timedOut)).toBe("broken");
    const stored = await health(offer.id);
    expect(stored).toMatchObject({ health_status: "broken", failures: 2, http_status: null, final_url: null });
    expect(stored!.checked_at).not.toBeNull();
  });

  it("records nothing for an offer gone, or whose address changed while it was checked", async () => {
    const offer = await addOffer();
    expect(await repo.recordCheck({ id: offer.id, url: "https://shop.example/old" }, result())).toBeNull();
    expect(await repo.recordCheck({ id: 2_000_000_000, url: offer.url }, result())).toBeNull();
    expect((await health(offer.id))!.health_status).toBe("unchecked");
    expect((await recentChecks(db, [offer.id])).has(offer.id)).toBe(false);
  });

  it("keeps the last 20 checks per offer and shows the newest 10, newest first", async () => {
    const offer = await addOffer();
    const other = await addOffer();
    for (let i = 0; i < KEPT_CHECKS + 3; i++) {
      await repo.recordCheck(offer, result({ durationMs: i }));
    }
    await repo.recordCheck(other, result({ outcome: "out_of_stock", detail: "the page says “sold out”" }));
    const [kept] = await db("catalog.offer_checks").where({ offer_id: offer.id }).count<{ n: number }[]>({ n: "*" });
    expect(Number(kept!.n)).toBe(KEPT_CHECKS);
    const recent = await recentChecks(db, [offer.id, other.id, 2_000_000_000]);
    expect([...recent.keys()].sort()).toEqual([offer.id, other.id].sort());
    const checks = recent.get(offer.id)!;
    expect(checks).toHaveLength(RECENT_CHECKS);
    expect(checks.map((c) => c.durationMs)).toEqual([22, 21, 20, 19, 18, 17, 16, 15, 14, 13]);
    expect(checks[0]).toEqual({
      checkedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      outcome: "ok",
      httpStatus: 200,
      finalUrl: "https://shop.example/p/1",
      detail: "HTTP 200",
      durationMs: 22,
    });
    expect(recent.get(other.id)).toEqual([
      expect.objectContaining({ outcome: "out_of_stock", detail: "the page says “sold out”" }),
    ]);
    expect(await recentChecks(db, [])).toEqual(new Map());
  });

  it("stores the default settings when first asked, and the owner's afterwards", async () => {
    expect(await repo.settings()).toEqual(DEFAULT_LINK_CHECK_SETTINGS);
    expect(await repo.settings()).toEqual(DEFAULT_LINK_CHECK_SETTINGS);
    const owner = {
      intervalHours: 6,
      outOfStockPhrases: { ...DEFAULT_LINK_CHECK_SETTINGS.outOfStockPhrases, en: ["currently unavailable"] },
    };
    expect(await repo.saveSettings(owner)).toEqual(owner);
    expect(await repo.settings()).toEqual(owner);
    const [rows] = await db("catalog.link_check_settings").count<{ n: number }[]>({ n: "*" });
    expect(Number(rows!.n)).toBe(1);
  });
});
