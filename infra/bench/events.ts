import { createHash, randomUUID } from "node:crypto";
import { Queue } from "bullmq";
import { closeDb, createDb } from "@rsv/kit/db";
import { jobOptions } from "@rsv/kit/queue";

/**
 * The analytics pipeline's end: how fast the worker drains queued events into PostgreSQL, next to
 * a raw multi-row insert of the same rows; and the exactness check (every 202 answer is one row).
 */

/** The queue the analytics service fills and its worker drains (EVENTS_QUEUE in the service). */
const EVENTS_QUEUE = "analytics-events";

/** The analytics worker's queue, for filling it, pausing it and waiting on it. */
export function eventsQueue(redisUrl: string): Queue {
  const { hostname, port } = new URL(redisUrl);
  return new Queue(EVENTS_QUEUE, { connection: { host: hostname, port: Number(port) } });
}

/** One queued event as the analytics service queues it (its EventRecord: a browser family, never a user agent). */
function event(i: number) {
  return {
    uid: randomUUID(),
    // Sent with its id, as the browser's beacon sends every page view: looked up before insert.
    sentId: true,
    eventType: "page_view",
    eventData: { page: `/bench/${i % 50}`, timestamp: new Date().toISOString() },
    productId: null,
    browser: "Chrome/desktop",
    referrer: null,
    visitorHash: createHash("sha256")
      .update(String(i % 1000))
      .digest("hex"),
    country: null,
    timestamp: new Date().toISOString(),
  };
}

type Db = ReturnType<typeof createDb>;

const handles = new Map<string, Db>();
/** One small pool per database for the bench's own queries. */
function dbOf(databaseUrl: string): Db {
  let db = handles.get(databaseUrl);
  if (!db) handles.set(databaseUrl, (db = createDb({ databaseUrl, dataDir: "", poolMax: 2 })));
  return db;
}

export async function closeBenchDbs(): Promise<void> {
  await Promise.all([...handles.values()].map((db) => closeDb(db)));
  handles.clear();
}

export async function countEvents(databaseUrl: string): Promise<number> {
  const { rows } = await dbOf(databaseUrl).raw<{ rows: Array<{ n: string }> }>(
    "select count(*) as n from analytics.events",
  );
  return Number(rows[0]!.n);
}

export async function serverVersion(databaseUrl: string): Promise<string> {
  const { rows } = await dbOf(databaseUrl).raw<{ rows: Array<{ v: string }> }>(
    "select current_setting('server_version') as v",
  );
  return rows[0]!.v;
}

/** Polls until the table holds `expected` rows (or the time is up); answers the count and when it got there. */
export async function waitForEvents(databaseUrl: string, expected: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let count = await countEvents(databaseUrl);
  while (count < expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    count = await countEvents(databaseUrl);
  }
  return { count, at: Date.now() };
}

/** Jobs waiting, running or waiting for a retry. */
async function unfinishedJobs(queue: Queue): Promise<number> {
  const counts = await queue.getJobCounts("waiting", "active", "delayed", "prioritized");
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

/** Waits until no job of the queue is left to run (a job completes once its rows are committed), or gives up. */
export async function queueDrained(queue: Queue, { timeoutMs = 60_000, pollMs = 250 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (await unfinishedJobs(queue)) > 0) await new Promise((r) => setTimeout(r, pollMs));
}

/**
 * Queues `total` events while the queue is paused, as the service queues them: jobs of `perJob`
 * events (the producer's group commit; 1 is the shape of jobs queued before it), with the service's
 * job options. Then resumes the queue and times the worker until every row is in the table.
 */
export async function measureDrain(redisUrl: string, databaseUrl: string, total: number, perJob: number) {
  const queue = eventsQueue(redisUrl);
  // The events task's attempts (eventTask in the service).
  const opts = jobOptions({ attempts: 5 });
  try {
    await queue.pause();
    const before = await countEvents(databaseUrl);
    const jobs: Array<{ name: string; data: unknown; opts: typeof opts }> = [];
    for (let start = 0; start < total; start += perJob) {
      const events = Array.from({ length: Math.min(perJob, total - start) }, (_, k) => event(start + k));
      jobs.push({ name: EVENTS_QUEUE, data: perJob === 1 ? events[0] : { items: events }, opts });
    }
    for (let start = 0; start < jobs.length; start += 1000) await queue.addBulk(jobs.slice(start, start + 1000));
    const started = Date.now();
    await queue.resume();
    // Done when no job is left to run: a job completes once its rows are committed. Polling the
    // queue in Redis rather than counting the table, whose count(*) every 100 ms took a share of the
    // two cores the drain runs on; the rows are counted once at the end.
    await queueDrained(queue, { timeoutMs: 240_000, pollMs: 50 });
    const seconds = (Date.now() - started) / 1000;
    const rows = (await countEvents(databaseUrl)) - before;
    return { rows, seconds, rowsPerSecond: rows / seconds };
  } finally {
    await queue.resume().catch(() => undefined);
    await queue.close();
  }
}

/** The same rows written by one connection in multi-row inserts of 1,000, into a scratch copy of the table. */
export async function measureRawInsert(databaseUrl: string, total: number) {
  const db = dbOf(databaseUrl);
  const columns = [
    "uid",
    "event_type",
    "event_data",
    "product_id",
    "browser",
    "referrer",
    "visitor_hash",
    "country",
    "timestamp",
  ];
  await db.raw("drop table if exists analytics.bench_events");
  // A plain table with the events table's indexes: LIKE copies none of a partitioned table's, which
  // made this ceiling a heap without indexes (several times what the same rows cost in the real table).
  await db.raw("create table analytics.bench_events (like analytics.events including defaults including constraints)");
  const indexes = await db.raw<{ rows: Array<{ def: string }> }>(
    `select pg_get_indexdef(indexrelid) as def from pg_index where indrelid = 'analytics.events'::regclass`,
  );
  for (const { def } of indexes.rows) {
    await db.raw(
      def.replace(
        /^CREATE (UNIQUE )?INDEX \S+ ON (ONLY )?analytics\.events /,
        "CREATE $1INDEX ON analytics.bench_events ",
      ),
    );
  }
  try {
    const started = Date.now();
    for (let start = 0; start < total; start += 1000) {
      const size = Math.min(1000, total - start);
      const values: unknown[] = [];
      const tuples: string[] = [];
      for (let k = 0; k < size; k++) {
        const e = event(start + k);
        values.push(
          e.uid,
          e.eventType,
          JSON.stringify(e.eventData),
          e.productId,
          e.browser,
          e.referrer,
          e.visitorHash,
          e.country,
          e.timestamp,
        );
        tuples.push(`(${columns.map(() => "?").join(",")})`);
      }
      await db.raw(
        `insert into analytics.bench_events (${columns.map((c) => `"${c}"`).join(",")}) values ${tuples.join(",")}`,
        values as never[],
      );
    }
    const seconds = (Date.now() - started) / 1000;
    return { rows: total, seconds, rowsPerSecond: total / seconds };
  } finally {
    await db.raw("drop table if exists analytics.bench_events").catch(() => undefined);
  }
}

/**
 * `total` track requests through the gateway, `concurrency` at a time, each of `perRequest` page
 * views (1: the single form; more: the batch form, every view with an id of its own); then, once the
 * worker has drained them, the rows added must be exactly the events of the 202 answers.
 */
export async function trackExactly(
  gateway: string,
  databaseUrl: string,
  total: number,
  concurrency: number,
  userAgent: string,
  perRequest = 1,
) {
  const before = await countEvents(databaseUrl);
  let next = 0;
  let accepted = 0;
  const statuses = new Map<number, number>();
  const view = () => ({
    eventType: "page_view",
    eventData: { page: "/bench/exact", timestamp: new Date().toISOString() },
  });
  const single = JSON.stringify(view());
  const batch = () =>
    JSON.stringify({ events: Array.from({ length: perRequest }, () => ({ ...view(), eventId: randomUUID() })) });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const response = await fetch(`${gateway}/api/analytics/track${perRequest > 1 ? "/batch" : ""}`, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": userAgent },
          body: perRequest > 1 ? batch() : single,
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 202) accepted += perRequest;
      }
    }),
  );
  const { count } = await waitForEvents(databaseUrl, before + accepted, 60_000);
  // A moment more: rows beyond the 202 answers would show up now.
  await new Promise((r) => setTimeout(r, 1000));
  const rows = (await countEvents(databaseUrl)) - before;
  return { sent: total, accepted, rows: Math.max(rows, count - before), statuses: Object.fromEntries(statuses) };
}
