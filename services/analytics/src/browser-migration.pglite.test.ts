import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDb, createDb, migrate, type Knex } from "@rsv/kit";
import { migrations } from "./migrations/index.js";

const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0";

// Events stored while the user-agent string was kept: the upgrade reduces them and drops the strings.
describe("the migration to browser families, over embedded PGlite", () => {
  let dir: string;
  let db: Knex;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "rsv-analytics-migration-"));
    db = createDb({ dataDir: dir, inMemory: true });
    await migrate(db, "analytics", migrations.slice(0, 2));
  }, 60_000);

  afterAll(async () => {
    await closeDb(db);
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps each stored event's browser family and device class, and no user-agent string anywhere", async () => {
    const event = (userAgent: string | null) => ({
      uid: randomUUID(),
      event_type: "page_view",
      event_data: JSON.stringify({ page: "/" }),
      user_agent: userAgent,
      visitor_hash: "0".repeat(64),
    });
    await db("analytics.events").insert([event(CHROME_ANDROID), event(CHROME_ANDROID), event(FIREFOX), event(null)]);
    const deadUid = randomUUID();
    await db("analytics.dead_events").insert({
      uid: deadUid,
      payload: JSON.stringify({ uid: deadUid, eventType: "page_view", userAgent: FIREFOX, productId: 3_000_000_000 }),
      error: "value out of range",
    });

    // Later migrations follow; these two are the ones under test, and the move to partitions after them.
    expect((await migrate(db, "analytics", migrations)).slice(0, 3)).toEqual([
      "003_browser_family",
      "004_report_dimensions",
      "005_rollups",
    ]);
    // The rows came through the move to a table partitioned by month.
    const kind = await db.raw(`select relkind from pg_class where oid = 'analytics.events'::regclass`);
    expect(kind.rows).toEqual([{ relkind: "p" }]);

    const rows = await db("analytics.events").select("*").orderBy("id");
    expect(rows.map((row) => row.browser)).toEqual(["Chrome/mobile", "Chrome/mobile", "Firefox/desktop", null]);
    expect(Object.keys(rows[0]!)).not.toContain("user_agent");
    const dead = await db("analytics.dead_events").where({ uid: deadUid }).first();
    expect(JSON.parse(dead.payload as string)).toEqual({
      uid: deadUid,
      eventType: "page_view",
      productId: 3_000_000_000,
      browser: "Firefox/desktop",
    });
    const everything = JSON.stringify([rows, dead]);
    for (const part of ["Mozilla", "Pixel 8", "rv:127.0"]) expect(everything).not.toContain(part);
  });
});
