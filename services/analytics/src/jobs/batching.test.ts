import { describe, expect, it } from "vitest";
import { Batcher, inProcessQueue, type BatchTask } from "@rsv/kit/queue";

function recordingTask(overrides: Partial<BatchTask<number>> = {}) {
  const batches: number[][] = [];
  const task: BatchTask<number> = {
    name: "test",
    batchSize: 10,
    maxWaitMs: 20,
    attempts: 3,
    perform: async (batch) => {
      await new Promise((r) => setTimeout(r, 5));
      batches.push([...batch]);
    },
    ...overrides,
  };
  return { task, batches };
}

describe("Batcher (the batching under both queues)", () => {
  it("writes many items in few batches, none larger than batchSize, each item exactly once", async () => {
    const { task, batches } = recordingTask();
    const batcher = new Batcher(task);
    const items = Array.from({ length: 95 }, (_, i) => i);
    await Promise.all(items.map((i) => batcher.push(i)));
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(items.length / task.batchSize) + 1);
    expect(batches.length).toBeLessThan(items.length / 5);
    for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(task.batchSize);
    expect(batches.flat().sort((a, b) => a - b)).toEqual(items);
  });

  it("flushes a partial batch after maxWaitMs", async () => {
    const { task, batches } = recordingTask({ batchSize: 100, maxWaitMs: 30 });
    const batcher = new Batcher(task);
    const started = Date.now();
    await Promise.all([1, 2, 3].map((i) => batcher.push(i)));
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("rejects every item of a failing batch, and only those", async () => {
    const failed: number[][] = [];
    const { task } = recordingTask({
      batchSize: 5,
      perform: async (batch) => {
        if (batch.includes(7)) throw new Error("insert failed");
      },
      onFailed: (_error, batch) => failed.push(batch),
    });
    const batcher = new Batcher(task);
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => batcher.push(i)));
    const rejected = results.flatMap((r, i) => (r.status === "rejected" ? [i] : []));
    expect(rejected).toEqual([5, 6, 7, 8, 9]);
    expect(failed).toEqual([[5, 6, 7, 8, 9]]);
    for (const r of results) if (r.status === "rejected") expect((r.reason as Error).message).toBe("insert failed");
  });

  it("rejects the batch when perform throws synchronously", async () => {
    const { task } = recordingTask({
      batchSize: 2,
      perform: () => {
        throw new Error("sync failure");
      },
    });
    const batcher = new Batcher(task);
    const results = await Promise.allSettled([batcher.push(1), batcher.push(2)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });

  it("in process: retries a failed batch and close() waits for the retry", async () => {
    let calls = 0;
    const written: number[] = [];
    const { task } = recordingTask({
      batchSize: 3,
      maxWaitMs: 5,
      perform: async (batch) => {
        calls++;
        if (calls === 1) throw new Error("transient");
        written.push(...batch);
      },
    });
    const queue = inProcessQueue(task);
    await Promise.all([1, 2, 3].map((i) => queue.add(i)));
    await queue.close();
    expect(written.sort()).toEqual([1, 2, 3]);
    expect(calls).toBe(2);
  });
});
