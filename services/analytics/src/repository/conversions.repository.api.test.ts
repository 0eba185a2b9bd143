import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import type { ConversionRow } from "../domain/conversions.js";
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
    expect([...known]).toEqual([click]);
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
});
