import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import type { ConversionRow } from "../domain/conversions.js";
import { analytics011 } from "../migrations/011_network_key.js";
import { analyticsService } from "../service.js";
import { ConversionsRepository } from "./conversions.repository.js";

const conversion = (
  conversionId: string,
  clickId: string | null,
  overrides: Partial<ConversionRow> = {},
): ConversionRow => ({
  row: 2,
  conversionId,
  clickId,
  clickCell: clickId ?? "",
  commissionCents: 1250,
  currency: "EUR",
  status: "pending",
  convertedAt: "2026-03-01T10:00:00.000Z",
  dateOnly: false,
  original: null,
  ...overrides,
});

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
describe.each(repositoryDatabases)("analytics' conversions repository on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let repo: ConversionsRepository;
  const click = randomUUID();
  const pageView = randomUUID();

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, analyticsService));
    repo = new ConversionsRepository(db);
    const event = { event_data: "{}", visitor_hash: "v", timestamp: new Date("2026-03-01T09:00:00Z") };
    await db("analytics.events").insert([
      { ...event, uid: click, event_type: "affiliate_click" },
      { ...event, uid: pageView, event_type: "page_view" },
    ]);
    // PGlite starts PostgreSQL in WebAssembly: seconds alone, over a minute beside other suites on a loaded machine.
  }, 180_000);

  afterAll(() => close());

  it("knows a click by its event's uid, and only affiliate clicks", async () => {
    const known = await repo.knownClicks([click, pageView, randomUUID(), click]);
    expect([...known.keys()]).toEqual([click]);
    expect(known.get(click)).toEqual(new Date("2026-03-01T09:00:00Z"));
  });

  it("stores a file in one import, and a re-exported conversion replaces the stored one", async () => {
    const first = await repo.importAll({
      network: "Awin",
      fileName: "march.csv",
      actor: "owner@example.com",
      rows: 2,
      conversions: [conversion("T-1", click), conversion("T-2", null, { commissionCents: 300 })],
    });
    expect(first).toMatchObject({
      network: "Awin",
      fileName: "march.csv",
      actor: "owner@example.com",
      rows: 2,
      imported: 2,
      updated: 0,
    });
    const second = await repo.importAll({
      network: "Awin",
      fileName: "march-again.csv",
      actor: null,
      rows: 2,
      conversions: [conversion("T-1", click, { status: "approved", commissionCents: 1300 }), conversion("T-3", click)],
    });
    expect(second).toMatchObject({ imported: 1, updated: 1, actor: null });
    const rows = (await db("analytics.conversions")
      .orderBy("conversion_id")
      .select(
        "conversion_id",
        "click_id",
        "commission_cents",
        "status",
        "currency",
        "import_id",
        "updated_at",
      )) as Array<Record<string, unknown>>;
    expect(
      rows.map((row) => [
        row.conversion_id,
        row.click_id,
        Number(row.commission_cents),
        row.status,
        row.currency,
        Number(row.import_id),
      ]),
    ).toEqual([
      ["T-1", click, 1300, "approved", "EUR", second.id],
      ["T-2", null, 300, "pending", "EUR", first.id],
      ["T-3", click, 1250, "pending", "EUR", second.id],
    ]);
    expect(rows[0]!.updated_at).not.toBeNull();
    expect(rows[1]!.updated_at).toBeNull();
    expect((await repo.history()).map((each) => each.fileName)).toEqual(["march-again.csv", "march.csv"]);
  });

  it("keeps a converted commission's own amount, currency and rate, and replaces them on a re-export", async () => {
    const usd = { cents: 1000, currency: "USD", rate: 0.92 };
    await repo.importAll({
      network: "Amazon US",
      fileName: "usd.csv",
      actor: null,
      rows: 1,
      conversions: [conversion("U-1", click, { commissionCents: 920, original: usd })],
    });
    const read = async () =>
      (await db("analytics.conversions").where({ network: "Amazon US", conversion_id: "U-1" }).first()) as Record<
        string,
        unknown
      >;
    expect(await read()).toMatchObject({ currency: "EUR", original_currency: "USD" });
    const stored = await read();
    expect([stored.commission_cents, stored.original_cents, stored.rate].map(Number)).toEqual([920, 1000, 0.92]);
    await repo.importAll({
      network: "Amazon US",
      fileName: "usd-again.csv",
      actor: null,
      rows: 1,
      conversions: [conversion("U-1", click, { commissionCents: 1000 })],
    });
    const again = await read();
    expect([Number(again.commission_cents), again.original_cents, again.original_currency, again.rate]).toEqual([
      1000,
      null,
      null,
      null,
    ]);
  });

  it("stores nothing, not even the import, when one row cannot be stored", async () => {
    const before = await repo.history();
    await expect(
      repo.importAll({
        network: "CJ",
        fileName: "bad.csv",
        actor: null,
        rows: 2,
        conversions: [conversion("C-1", click), conversion("C-2", click, { status: "lost" as never })],
      }),
    ).rejects.toThrow();
    expect(await repo.history()).toEqual(before);
    expect(await db("analytics.conversions").where({ network: "CJ" })).toEqual([]);
  });

  it("keeps one conversion per network and id", async () => {
    await repo.importAll({
      network: "Impact",
      fileName: "a.csv",
      actor: null,
      rows: 1,
      conversions: [conversion("T-1", click)],
    });
    const counts = (await db("analytics.conversions").where({ conversion_id: "T-1" }).count({ n: "*" }).first()) as {
      n: string | number;
    };
    expect(Number(counts.n)).toBe(2);
  });

  it("takes a network typed in another case or spacing for the same network, keeping its first spelling", async () => {
    const stored = await repo.importAll({
      network: "  IMPACT\u00a0 ",
      fileName: "b.csv",
      actor: null,
      rows: 1,
      conversions: [conversion("T-1", click, { commissionCents: 999 })],
    });
    expect(stored).toMatchObject({ network: "Impact", imported: 0, updated: 1 });
    const impact = await db("analytics.conversions").where({ conversion_id: "T-1", network: "Impact" });
    expect(impact.map((row: { commission_cents: string | number }) => Number(row.commission_cents))).toEqual([999]);
  });

  it("merges conversions stored twice under two spellings before network keys, keeping the last import's", async () => {
    await analytics011.down(db);
    await db("analytics.rollup_dirty").delete();
    const imports = (await db("analytics.conversion_imports")
      .insert([
        { network: "Tradedoubler", file_name: "a.csv", rows: 1, imported: 1, updated: 0 },
        { network: "tradedoubler ", file_name: "b.csv", rows: 1, imported: 1, updated: 0 },
      ])
      .returning("id")) as { id: number | string }[];
    const row = (network: string, importId: number | string, cents: number) => ({
      network,
      conversion_id: "TD-1",
      click_id: click,
      commission_cents: cents,
      currency: "EUR",
      status: "approved",
      converted_at: new Date("2026-03-01T10:00:00Z"),
      import_id: importId,
    });
    await db("analytics.conversions").insert([
      row("Tradedoubler", imports[0]!.id, 100),
      row("tradedoubler ", imports[1]!.id, 200),
    ]);
    await analytics011.up(db);
    const kept = await db("analytics.conversions").where({ conversion_id: "TD-1" });
    expect(kept.map((each: { commission_cents: string | number }) => Number(each.commission_cents))).toEqual([200]);
    // The click's day is counted again without the duplicate.
    expect(Number(((await db("analytics.rollup_dirty").count({ n: "*" }).first()) as { n: string | number }).n)).toBe(
      1,
    );
    // And a later import under a third spelling replaces it.
    const again = await repo.importAll({
      network: "TRADEDOUBLER",
      fileName: "c.csv",
      actor: null,
      rows: 1,
      conversions: [conversion("TD-1", click, { commissionCents: 300 })],
    });
    expect(again).toMatchObject({ network: "Tradedoubler", updated: 1, imported: 0 });
  });
});
