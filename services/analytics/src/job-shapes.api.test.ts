import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { Queue } from "bullmq";
import pg from "pg";
import { jobOptions, redisConnection } from "@rsv/kit/queue";
import type { EventRecord } from "./domain/event.js";
import { EVENTS_QUEUE } from "./jobs/event-task.js";

/**
 * The topology's worker drains jobs of both shapes: a group commit's (many events in one job) and
 * the single event a job carried before group commits, which may still be queued during a rollout.
 * A job run twice (after a Redis restart) stores its events once.
 */

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
const queue = new Queue(EVENTS_QUEUE, { connection: redisConnection(process.env.REDIS_URL!) });
afterAll(async () => {
  await queue.close();
  await pool.end();
});

function event(page: string): EventRecord {
  return {
    uid: randomUUID(),
    eventType: "page_view",
    eventData: { page, timestamp: new Date().toISOString() },
    productId: null,
    browser: "Chrome/desktop",
    referrer: null,
    visitorHash: "1".repeat(64),
    country: null,
    timestamp: new Date().toISOString(),
  };
}

async function storedFor(prefix: string): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ uid: string; n: number }>(
    "select uid::text, count(*)::int as n from analytics.events where event_data->>'page' like $1 group by uid",
    [`${prefix}%`],
  );
  return new Map(rows.map((r) => [r.uid, r.n]));
}

describe("the worker and the jobs in its queue", () => {
  it("stores an older single-event job and a group job's events, each exactly once", async () => {
    const prefix = `/api-test/job-shapes/${randomUUID()}/`;
    const single = event(`${prefix}single`);
    const group = Array.from({ length: 25 }, (_, i) => event(`${prefix}group/${i}`));
    // Kept once done, so the test can see every job has run before it reads what they stored.
    const options = { ...jobOptions({ attempts: 5 }), removeOnComplete: false };
    const jobs = [
      await queue.add(EVENTS_QUEUE, single, options),
      await queue.add(EVENTS_QUEUE, { items: group }, options),
      // The same group again, as after a Redis restart that made the worker run it twice.
      await queue.add(EVENTS_QUEUE, { items: group.slice(0, 10) }, options),
    ];

    await expect
      .poll(() => Promise.all(jobs.map((job) => job.getState())), { timeout: 20_000, interval: 200 })
      .toEqual(["completed", "completed", "completed"]);
    const final = await storedFor(prefix);
    expect(final.size).toBe(26);
    expect([...final.keys()].sort()).toEqual([single, ...group].map((e) => e.uid).sort());
    expect([...final.values()].every((n) => n === 1)).toBe(true);
  });
});
