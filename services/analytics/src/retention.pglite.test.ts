import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, createDb, migrate, type Knex, type Logger } from "@rsv/kit";
import { purgeExpiredEvents } from "./jobs/retention.js";
import { EventsRepository } from "./repository/events.repository.js";
import { EventPartitions } from "./repository/partitions.js";
import { analyticsService } from "./service.js";

/** A logger whose lines the test reads back as parsed JSON. */
function capturedLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: "info" }, sink) as Logger, lines };
}

describe("analytics retention on PGlite", () => {
  let db: Knex;

  beforeAll(async () => {
    db = createDb({ dataDir: "", inMemory: true });
    await migrate(db, analyticsService.schema, analyticsService.migrations);
  }, 60_000);
  afterAll(async () => closeDb(db));

  it("logs how many events and events set aside it deleted, as numbers", async () => {
    const old = new Date(Date.now() - 400 * 86_400_000);
    const event = (uid: string, timestamp: Date) => ({
      uid,
      event_type: "page_view",
      event_data: JSON.stringify({ page: "/" }),
      visitor_hash: "0".repeat(64),
      timestamp,
    });
    await db("analytics.events").insert([
      event("00000000-0000-4000-8000-000000000001", old),
      event("00000000-0000-4000-8000-000000000002", old),
      event("00000000-0000-4000-8000-000000000003", new Date()),
    ]);
    await db("analytics.dead_events").insert({
      uid: "00000000-0000-4000-8000-000000000004",
      payload: "{}",
      error: "refused",
      created_at: old,
    });

    const { logger, lines } = capturedLogger();
    await purgeExpiredEvents(new EventsRepository(db), 395, logger);

    const line = lines.find((l) => l.msg === "analytics events past retention deleted");
    expect(line?.removed).toEqual({ events: 2, deadEvents: 1 });
    expect(await db("analytics.events").count({ n: "*" }).first()).toEqual({ n: 1 });
  });

  it("drops the partitions of months wholly past retention and deletes the older rows of the month it ends in", async () => {
    await db("analytics.events").delete();
    const event = (timestamp: string) => ({
      uid: randomUUID(),
      event_type: "page_view",
      event_data: "{}",
      visitor_hash: "v",
      timestamp: new Date(timestamp),
    });
    // Rows of months without a partition go to the default one; making the month moves them into it.
    await db("analytics.events").insert([
      event("2025-01-10T00:00:00Z"),
      event("2025-02-03T00:00:00Z"),
      event("2025-02-20T00:00:00Z"),
    ]);
    const partitions = new EventPartitions(db);
    await partitions.ensure(["2025-01-01T00:00:00Z", "2025-02-01T00:00:00Z"]);
    expect(await db("analytics.events_default").count({ n: "*" }).first()).toEqual({ n: 0 });
    expect(await db("analytics.events_p202502").count({ n: "*" }).first()).toEqual({ n: 2 });

    expect(await partitions.purgeBefore(new Date("2025-02-10T00:00:00Z"))).toBe(2);
    expect(await partitions.months()).not.toContain("2025-01");
    expect(await partitions.months()).toContain("2025-02");
    const left = await db("analytics.events").pluck("timestamp");
    expect(left.map((at: Date) => at.toISOString())).toEqual(["2025-02-20T00:00:00.000Z"]);
  });
});
