import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, createDb, type Knex } from "@rsv/kit";
import { startTopology, type Topology } from "../local/topology.js";
import { isErrorEnvelope, percentile, sleep, timed, type Answer } from "./http.js";

/**
 * Analytics durability: 10,000 track calls through the gateway while Redis is stopped mid-run and
 * started again on its own data. "202" is a promise that the event will be stored: each one is
 * found in PostgreSQL exactly once, by the run id and sequence number it carries.
 */

const EVENTS = 10_000;
const CONCURRENCY = 6;
/** Redis goes away once this many events were sent, and stays away this long. */
const FAULT_AFTER = 3_000;
const REDIS_DOWN_MS = 3_000;
const UNAVAILABLE_PAUSE_MS = 50;
const POISON_EVERY = 25;

const run = randomUUID();

/** Refused at the edge whatever the state of Redis: none may be queued. */
const poisons: Array<(seq: number) => unknown> = [
  (seq) => ({ eventType: "page_view", eventData: { page: pageOf(run, seq, "/nul\u0000inside"), timestamp: now() } }),
  (seq) => ({ eventType: "page_view", eventData: { page: pageOf(run, seq), timestamp: now() }, productId: 2 ** 31 }),
  (seq) => ({ eventType: "page_view", eventData: { page: pageOf(run, seq), timestamp: now() }, productId: "12" }),
  (seq) => ({ eventType: "page_view", eventData: { page: pageOf(run, seq), timestamp: now() }, productId: 1.5 }),
  (seq) => ({ eventType: "purchase", eventData: { page: pageOf(run, seq), timestamp: now() } }),
  () => ({ eventType: "page_view", eventData: "not an object" }),
  (seq) => ({ eventType: "page_view", eventData: { "k\u0000ey": 1, page: pageOf(run, seq), timestamp: now() } }),
  // Clicks come from the catalog's /go redirect, never from a browser.
  () => ({
    eventType: "affiliate_click",
    eventData: { productName: "Forged", affiliateUrl: "https://example.org/", timestamp: now() },
    productId: 1,
  }),
];

/** The page an event of a run is sent for: where its run id and sequence number are found again. */
function pageOf(runId: string, seq: number, rest = ""): string {
  return `/fault/${runId}/${seq}${rest}`;
}

function now() {
  return new Date().toISOString();
}

function eventFor(seq: number): { poisoned: boolean; body: unknown } {
  if (seq % POISON_EVERY === POISON_EVERY - 1) {
    return { poisoned: true, body: poisons[Math.floor(seq / POISON_EVERY) % poisons.length]!(seq) };
  }
  return {
    poisoned: false,
    body: {
      eventType: "page_view",
      eventData: { page: pageOf(run, seq), timestamp: now() },
      productId: seq % 3 === 0 ? (seq % 50) + 1 : null,
    },
  };
}

interface Sent extends Answer {
  seq: number;
  poisoned: boolean;
}

/** How often each sequence number of a run is stored. */
async function storedOf(db: Knex, runId: string): Promise<Map<number, number>> {
  const rows = (await db.raw(
    `select split_part(path, '/', 4)::int as seq, count(*)::int as n from analytics.events
     where path like ? group by 1`,
    [pageOf(runId, 0).replace(/0$/, "%")],
  )) as { rows: Array<{ seq: number; n: number }> };
  return new Map(rows.rows.map((r) => [r.seq, r.n]));
}

describe("analytics while Redis restarts", () => {
  let topology: Topology;
  let db: Knex;

  beforeAll(async () => {
    // The track route, its queue and the worker are all this test uses: the other services stay stopped.
    topology = await startTopology({
      label: "fault-redis-restart",
      stopped: ["web", "catalog", "content", "newsletter", "media", "chat", "auth"],
    });
    db = createDb({ databaseUrl: topology.env.DATABASE_URL, dataDir: ".data", poolMax: 2 });
  });
  afterAll(async () => {
    if (db) await closeDb(db);
    await topology?.stop();
  });

  const storedCounts = () => storedOf(db, run);

  it("stores every event answered 202 exactly once, answers 503 fast while Redis is away, and drains after", async () => {
    const track = `${topology.env.GATEWAY_URL}/api/analytics/track`;
    const answers: Sent[] = [];
    let next = 0;
    const sender = async () => {
      while (next < EVENTS) {
        const seq = next++;
        const { poisoned, body } = eventFor(seq);
        const answer = await timed(track, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) fault-test" },
          body: JSON.stringify(body),
        });
        answers.push({ ...answer, seq, poisoned });
        // A refused event is not sent again here, but the next one waits a moment, as a client backing
        // off would: the load then outlasts the outage and the reconnection instead of spending the
        // remaining events on fast 503s.
        // eslint-disable-next-line no-restricted-syntax -- a client's back-off is time, not a condition
        if (answer.status === 503) await sleep(UNAVAILABLE_PAUSE_MS);
      }
    };

    const fault = { stopAt: 0, downAt: 0, startAt: 0, upAt: 0 };
    // The backlog: events accepted before Redis came back. Watched while the load goes on.
    let backlog: number[] = [];
    let backlogDrainedMs: number | undefined;
    const outage = async () => {
      await vi.waitFor(() => expect(next).toBeGreaterThanOrEqual(FAULT_AFTER), { timeout: 300_000, interval: 20 });
      fault.stopAt = Date.now();
      await topology.control.stop("redis");
      fault.downAt = Date.now();
      // eslint-disable-next-line no-restricted-syntax -- the outage is held open for a set time
      await sleep(REDIS_DOWN_MS);
      fault.startAt = Date.now();
      await topology.control.start("redis");
      fault.upAt = Date.now();
      backlog = answers.filter((a) => a.status === 202).map((a) => a.seq);
      await expect
        .poll(
          async () => {
            const stored = await storedCounts();
            return backlog.filter((seq) => !stored.has(seq));
          },
          { timeout: 90_000, interval: 250 },
        )
        .toEqual([]);
      backlogDrainedMs = Date.now() - fault.upAt;
    };

    const began = Date.now();
    await Promise.all([outage(), ...Array.from({ length: CONCURRENCY }, sender)]);
    const sendingMs = Date.now() - began;

    // Then every event accepted at all is stored.
    const accepted = answers.filter((a) => a.status === 202);
    const lastAccepted = Math.max(...accepted.map((a) => a.answeredAt));
    let stored = new Map<number, number>();
    const allStoredWithin = Math.max(0, lastAccepted + 60_000 - Date.now());
    await expect
      .poll(
        async () => {
          stored = await storedCounts();
          return accepted.filter((a) => !stored.has(a.seq));
        },
        { timeout: allStoredWithin, interval: 250 },
      )
      .toEqual([]);
    const allStoredMs = Date.now() - lastAccepted;

    const good = answers.filter((a) => !a.poisoned);
    const unavailable = good.filter((a) => a.status === 503);
    const duringOutage = good.filter((a) => a.sentAt >= fault.downAt && a.answeredAt <= fault.startAt);
    const storedTwice = [...stored].filter(([, n]) => n > 1);
    const figures = {
      events: answers.length,
      sendingMs,
      accepted: accepted.length,
      unavailable: unavailable.length,
      refused: answers.filter((a) => a.status === 400).length,
      acceptedMsP50: percentile(
        accepted.map((a) => a.ms),
        50,
      ),
      acceptedMsP99: percentile(
        accepted.map((a) => a.ms),
        99,
      ),
      unavailableMsMax: Math.max(0, ...unavailable.map((a) => a.ms)),
      redisDownMs: fault.startAt - fault.downAt,
      redisStartMs: fault.upAt - fault.startAt,
      backlog: backlog.length,
      backlogDrainedMs,
      allStoredAfterLastAcceptMs: allStoredMs,
      answered503ButStored: unavailable.filter((a) => stored.has(a.seq)).length,
      firstAcceptedAfterUpMs:
        Math.min(...accepted.filter((a) => a.sentAt > fault.upAt).map((a) => a.answeredAt)) - fault.upAt,
    };
    console.log("analytics durability", JSON.stringify(figures));

    expect(answers).toHaveLength(EVENTS);
    // Nothing went unanswered, and nothing but the three expected answers came back.
    expect(answers.filter((a) => ![202, 400, 503].includes(a.status)).map((a) => `${a.status} ${a.body}`)).toEqual([]);
    // Poisoned events are refused whatever the state of Redis, with the envelope, and none is stored.
    const poisoned = answers.filter((a) => a.poisoned);
    expect(poisoned.length).toBe(EVENTS / POISON_EVERY);
    expect(poisoned.filter((a) => a.status !== 400 || !isErrorEnvelope(a))).toEqual([]);
    expect(poisoned.filter((a) => stored.has(a.seq)).map((a) => a.seq)).toEqual([]);

    // Redis up: accepted. Redis down: every event answered 503 with the envelope, within 1 s.
    expect(good.filter((a) => a.answeredAt < fault.stopAt && a.status !== 202)).toEqual([]);
    expect(duringOutage.length).toBeGreaterThan(0);
    expect(duringOutage.filter((a) => a.status !== 503)).toEqual([]);
    expect(unavailable.filter((a) => !isErrorEnvelope(a) || a.ms >= 1000)).toEqual([]);
    // And accepted again once it is back, within the producer's reconnection delay (at most 2 s) and a little.
    expect(accepted.filter((a) => a.sentAt > fault.upAt).length).toBeGreaterThan(100);
    expect(figures.firstAcceptedAfterUpMs).toBeLessThanOrEqual(5_000);

    // 202 means stored: every accepted event exactly once; an event answered 503 at most once.
    expect(backlogDrainedMs).toBeDefined();
    expect(backlogDrainedMs!).toBeLessThanOrEqual(60_000);
    expect(accepted.filter((a) => !stored.has(a.seq)).map((a) => a.seq)).toEqual([]);
    expect(storedTwice).toEqual([]);
  });
});

/**
 * PostgreSQL away for longer than a job's five attempts take (0.5 + 1 + 2 + 4 s of back-off): the
 * beacons are still answered 202 (they need only Redis), and every one of them is stored once the
 * database is back. Counted as attempts, the outage failed the jobs fetched during it for good.
 */
const POSTGRES_DOWN_MS = 12_000;

describe("analytics while PostgreSQL is away", () => {
  let topology: Topology;

  beforeAll(async () => {
    topology = await startTopology({
      label: "fault-postgres-away",
      stopped: ["web", "catalog", "content", "newsletter", "media", "chat", "auth"],
    });
  });
  afterAll(async () => {
    await topology?.stop();
  });

  it("stores every event answered 202 during an outage longer than a job's attempts, once it is back", async () => {
    const runId = randomUUID();
    const track = `${topology.env.GATEWAY_URL}/api/analytics/track`;
    const answers: Sent[] = [];
    let seq = 0;
    const send = async () => {
      const at = seq++;
      const answer = await timed(track, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) fault-test" },
        body: JSON.stringify({
          eventType: "page_view",
          eventData: { page: pageOf(runId, at), timestamp: now() },
        }),
      });
      answers.push({ ...answer, seq: at, poisoned: false });
    };
    const steadily = async (until: () => boolean) => {
      while (!until()) {
        await send();
        // eslint-disable-next-line no-restricted-syntax -- a steady pace of beacons, as pages send them
        await sleep(20);
      }
    };

    await steadily(() => seq >= 100);
    await topology.control.stop("postgres");
    const downAt = Date.now();
    await steadily(() => Date.now() - downAt >= POSTGRES_DOWN_MS);
    const startAt = Date.now();
    await topology.control.start("postgres");
    await steadily(() => Date.now() - startAt >= 2_000);

    const during = answers.filter((a) => a.sentAt >= downAt && a.answeredAt <= startAt);
    expect(during.length).toBeGreaterThan(100);
    expect(answers.filter((a) => a.status !== 202).map((a) => `${a.seq} ${a.status} ${a.body}`)).toEqual([]);

    // A connection of its own, opened once the database is back.
    const db = createDb({ databaseUrl: topology.env.DATABASE_URL, dataDir: ".data", poolMax: 2 });
    try {
      let stored = new Map<number, number>();
      await expect
        .poll(
          async () => {
            stored = await storedOf(db, runId);
            return answers.filter((a) => !stored.has(a.seq)).length;
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe(0);
      expect([...stored].filter(([, n]) => n > 1)).toEqual([]);
    } finally {
      await closeDb(db);
    }
  });
});
