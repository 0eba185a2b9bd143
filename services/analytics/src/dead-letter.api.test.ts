import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, createDb, createLogger, type Knex } from "@rsv/kit";
import type { EventRecord } from "./domain/event.js";
import { eventTask } from "./jobs/event-task.js";
import { EventsRepository } from "./repository/events.repository.js";

/**
 * The worker's task against the topology's real PostgreSQL: a batch holding rows the database
 * refuses (they got past the edge somehow) stores every other row and sets only those aside.
 */

function event(overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    uid: randomUUID(),
    eventType: "affiliate_click",
    eventData: { productName: "Dead-letter test", timestamp: new Date().toISOString() },
    productId: 1,
    browser: null,
    referrer: null,
    visitorHash: "0".repeat(64),
    country: null,
    timestamp: new Date().toISOString(),
    ...overrides,
  };
}

describe("a batch with poisoned rows", () => {
  let db: Knex;
  beforeAll(() => {
    db = createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: ".data" });
  });
  afterAll(async () => {
    await closeDb(db);
  });

  it("stores every good row exactly once and sets aside only the refused ones", async () => {
    const good = Array.from({ length: 8 }, () => event());
    const poisoned = [
      event({ productId: 3_000_000_000 }),
      event({ eventData: { productName: "NUL \u0000 inside", timestamp: "now" } }),
      event({ country: "TOO-LONG" }),
    ];
    const batch = [good[0]!, poisoned[0]!, ...good.slice(1, 5), poisoned[1]!, ...good.slice(5), poisoned[2]!];
    let deadLettered = 0;
    let written = 0;
    const task = eventTask(db, createLogger("dead-letter-test", "silent"), {
      onWritten: (n) => (written += n),
      onDeadLettered: (n) => (deadLettered += n),
    });

    await task.perform(batch);
    // A retried job (same uids) adds nothing.
    await task.perform(good);

    const stored = await db("analytics.events")
      .whereIn(
        "uid",
        good.map((e) => e.uid),
      )
      .count({ n: "*" });
    expect(Number(stored[0]!.n)).toBe(good.length);
    const setAside = await db("analytics.dead_events")
      .whereIn(
        "uid",
        poisoned.map((e) => e.uid),
      )
      .select("uid", "error");
    expect(setAside.map((row) => row.uid).sort()).toEqual(poisoned.map((e) => e.uid).sort());
    expect(setAside.every((row) => row.error.length > 0)).toBe(true);
    expect(deadLettered).toBe(poisoned.length);
    expect(written).toBe(good.length * 2);

    await db("analytics.events")
      .whereIn(
        "uid",
        good.map((e) => e.uid),
      )
      .delete();
  });

  it("deletes events past the retention period and keeps the rest", async () => {
    const old = event({ timestamp: new Date(Date.now() - 400 * 86_400_000).toISOString() });
    const recent = event();
    await new EventsRepository(db).insert([old, recent]);
    const removed = await new EventsRepository(db).purgeBefore(new Date(Date.now() - 395 * 86_400_000));
    expect(removed.events).toBeGreaterThanOrEqual(1);
    expect(removed.deadEvents).toBeGreaterThanOrEqual(0);
    const left = await db("analytics.events").whereIn("uid", [old.uid, recent.uid]).pluck("uid");
    expect(left).toEqual([recent.uid]);
    await db("analytics.events").where("uid", recent.uid).delete();
  });

  it("still fails the whole batch, for a retry, when the database itself is unreachable", async () => {
    const unreachable = createDb({ databaseUrl: "postgres://nobody@127.0.0.1:9/none", dataDir: ".data" });
    const task = eventTask(unreachable, createLogger("dead-letter-test", "silent"));
    await expect(task.perform([event()])).rejects.toThrow();
    await closeDb(unreachable);
  });
});
