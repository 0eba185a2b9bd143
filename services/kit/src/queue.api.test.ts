import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { bullQueue, bullWorker, UNAVAILABLE_WAIT_MS, type BatchTask } from "./queue.js";

/**
 * The BullMQ worker's rest on the real Redis: once it finds the queue empty it writes what it holds
 * and looks again only after restMs, so what is queued meanwhile is fetched together and written in
 * one batch.
 */

const redisUrl = process.env.REDIS_URL!;
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

/** A task whose batches are written only when the worker flushes them (size and time never do). */
function recordingTask(restMs: number) {
  const batches: Array<{ items: string[]; at: number }> = [];
  const task: BatchTask<string> = {
    name: `rest-test-${randomUUID()}`,
    batchSize: 100,
    maxWaitMs: 60_000,
    attempts: 1,
    groupSize: 10,
    jobConcurrency: 10,
    restMs,
    async perform(items) {
      batches.push({ items, at: Date.now() });
    },
  };
  return { task, batches };
}

/** The producer, and the worker once `queued` are in the queue (so its first look finds them). */
async function start(task: BatchTask<string>, queued: string[]) {
  const producer = bullQueue(task, redisUrl);
  for (const item of queued) await producer.add(item);
  const worker = bullWorker(task, redisUrl);
  closers.push(async () => {
    await worker.close();
    await producer.queue.obliterate({ force: true });
    await producer.close();
  });
  return { producer, worker };
}

describe("bullWorker with a rest", () => {
  it("writes what it fetched when the queue runs dry, then fetches what came during its rest together", async () => {
    const restMs = 1_000;
    const { task, batches } = recordingTask(restMs);
    const { producer, worker } = await start(task, ["first"]);

    // Written when the queue ran dry behind it, not after maxWaitMs (a minute).
    await expect.poll(() => batches.length, { timeout: 10_000, interval: 20 }).toBe(1);
    expect(worker.alive()).toBe(true);

    // Three jobs, each added in its own turn: the resting worker fetches none of them yet.
    for (const item of ["second", "third", "fourth"]) await producer.add(item);
    await expect.poll(() => batches.length, { timeout: 10_000, interval: 20 }).toBe(2);

    expect(batches.map((batch) => batch.items)).toEqual([["first"], ["second", "third", "fourth"]]);
    // The rest began just before the first batch was written: the second comes about restMs after it.
    expect(batches[1]!.at - batches[0]!.at).toBeGreaterThanOrEqual(restMs - 200);
  });

  it("is alive while it rests, and closes during a rest without waiting for it", async () => {
    const { task, batches } = recordingTask(30_000);
    const { worker } = await start(task, ["only"]);
    await expect.poll(() => batches.length, { timeout: 10_000, interval: 20 }).toBe(1);
    // BullMQ's loop has stopped for the rest; the probe still reads the worker as alive.
    await expect.poll(() => worker.isRunning(), { timeout: 5_000, interval: 20 }).toBe(false);
    expect(worker.alive()).toBe(true);

    const closing = Date.now();
    await worker.close();
    expect(Date.now() - closing).toBeLessThan(5_000);
    expect(worker.alive()).toBe(false);
  });
});

describe("bullWorker while the store is away", () => {
  it("keeps the jobs waiting without spending their attempts, and writes them once the store is back", async () => {
    let away = true;
    let refused = 0;
    const written: string[] = [];
    const task: BatchTask<string> = {
      name: `away-test-${randomUUID()}`,
      batchSize: 10,
      maxWaitMs: 20,
      // One attempt: a failure counted as one would fail the jobs for good.
      attempts: 1,
      groupSize: 10,
      jobConcurrency: 10,
      unavailable: (error) => error instanceof Error && error.message === "store away",
      async perform(items) {
        if (away) {
          refused += 1;
          throw new Error("store away");
        }
        written.push(...items);
      },
    };
    const { producer } = await start(task, ["a", "b", "c"]);
    // Away for two of the workers' waits: the jobs are tried again though each has one attempt, none
    // fails, and the worker waits between tries. A batch is written 20 ms after its first job, so
    // without the wait the same time would see a hundred refusals; with it, a few batches a round.
    await expect.poll(() => refused, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    // eslint-disable-next-line no-restricted-syntax -- the outage is held open for a set time
    await new Promise((resolve) => setTimeout(resolve, 2 * UNAVAILABLE_WAIT_MS + 500));
    expect(refused).toBeGreaterThan(1);
    expect(refused).toBeLessThan(20);
    expect(await producer.queue.getFailedCount()).toBe(0);

    away = false;
    await expect.poll(() => written.toSorted(), { timeout: 10_000, interval: 20 }).toEqual(["a", "b", "c"]);
    expect(await producer.queue.getFailedCount()).toBe(0);
  });
});
