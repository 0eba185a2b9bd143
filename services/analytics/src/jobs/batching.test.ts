import { describe, expect, it } from "vitest";
import { Batcher, GroupCommit, inProcessQueue, itemsOf, type BatchTask } from "@rsv/kit/queue";

function recordingTask(overrides: Partial<BatchTask<number>> = {}) {
  const batches: number[][] = [];
  const task: BatchTask<number> = {
    name: "test",
    batchSize: 10,
    maxWaitMs: 20,
    attempts: 3,
    perform: async (batch) => {
      // eslint-disable-next-line no-restricted-syntax -- a write that takes a moment, so items gather meanwhile
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
    const reasons = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as Error).message] : []));
    expect(reasons).toEqual(Array(5).fill("insert failed"));
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
    // Acknowledged only once written: nothing is left in memory for a crash to lose.
    expect(written.sort()).toEqual([1, 2, 3]);
    expect(calls).toBe(2);
    await queue.close();
  });

  it("in process: refuses an item whose write keeps failing, instead of acknowledging it", async () => {
    const { task } = recordingTask({
      batchSize: 3,
      maxWaitMs: 5,
      attempts: 2,
      perform: async () => {
        throw new Error("database away");
      },
    });
    const queue = inProcessQueue(task);
    await expect(queue.add(1)).rejects.toThrow("database away");
    await queue.close();
  });
});

/** A write the test lets finish when it says so. */
function gatedWrites() {
  const writes: number[][] = [];
  const gates: Array<{ open(): void; fail(error: Error): void }> = [];
  const write = (items: number[]) =>
    new Promise<void>((resolve, reject) => {
      writes.push([...items]);
      gates.push({ open: resolve, fail: reject });
    });
  const settle = () => new Promise((r) => setImmediate(r));
  return { writes, gates, write, settle };
}

describe("GroupCommit (the producer's group commit)", () => {
  it("writes one item alone at once, and items added together in one write", async () => {
    const { writes, gates, write, settle } = gatedWrites();
    const groups = new GroupCommit(write, 100);
    const alone = groups.push(1);
    await settle();
    expect(writes).toEqual([[1]]);
    gates[0]!.open();
    await alone;
    const together = [2, 3, 4].map((i) => groups.push(i));
    await settle();
    expect(writes).toEqual([[1], [2, 3, 4]]);
    gates[1]!.open();
    await Promise.all(together);
  });

  it("answers no item before its write is done; items added meanwhile share the next write", async () => {
    const { writes, gates, write, settle } = gatedWrites();
    const groups = new GroupCommit(write, 100);
    let firstDone = false;
    const first = groups.push(1).then(() => (firstDone = true));
    await settle();
    const later = Array.from({ length: 5 }, (_, i) => groups.push(10 + i));
    await settle();
    // One write in flight: the later items wait for it, and nothing is answered yet.
    expect(writes).toEqual([[1]]);
    expect(firstDone).toBe(false);
    gates[0]!.open();
    await first;
    await settle();
    expect(writes).toEqual([[1], [10, 11, 12, 13, 14]]);
    gates[1]!.open();
    await Promise.all(later);
  });

  it("keeps every write within maxItems and writes each item exactly once", async () => {
    const writes: number[][] = [];
    const groups = new GroupCommit(async (items: number[]) => void writes.push([...items]), 7);
    const items = Array.from({ length: 30 }, (_, i) => i);
    await Promise.all(items.map((i) => groups.push(i)));
    for (const group of writes) expect(group.length).toBeLessThanOrEqual(7);
    expect(writes.length).toBe(Math.ceil(30 / 7));
    expect(writes.flat()).toEqual(items);
  });

  it("refuses every item of a failed write with its error, and only those", async () => {
    const { gates, write, settle } = gatedWrites();
    const groups = new GroupCommit(write, 100);
    const first = [1, 2, 3].map((i) => groups.push(i));
    await settle();
    const second = [4, 5].map((i) => groups.push(i));
    gates[0]!.fail(new Error("redis away"));
    const firstResults = await Promise.allSettled(first);
    expect(firstResults.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    for (const r of firstResults) expect((r as PromiseRejectedResult).reason.message).toBe("redis away");
    await settle();
    gates[1]!.open();
    expect((await Promise.allSettled(second)).map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
  });

  it("after timeoutMs refuses an item, and withdraws it if its write had not begun", async () => {
    const { writes, gates, write, settle } = gatedWrites();
    const groups = new GroupCommit(write, 100);
    const stuck = groups.push(1, 30);
    await settle();
    const waiting = groups.push(2, 30);
    const results = await Promise.allSettled([stuck, waiting]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect((results[1] as PromiseRejectedResult).reason.message).toMatch(/within 30 ms/);
    gates[0]!.open();
    await settle();
    await groups.drain();
    // Item 2 was never sent: nothing may write it after its caller was told it failed.
    expect(writes).toEqual([[1]]);
  });

  it("drain() waits for the writes in flight and the items still waiting", async () => {
    const written: number[] = [];
    const groups = new GroupCommit(async (items: number[]) => {
      // eslint-disable-next-line no-restricted-syntax -- writes still in flight when drain() is called
      await new Promise((r) => setTimeout(r, 10));
      written.push(...items);
    }, 2);
    void Promise.all([1, 2, 3, 4, 5].map((i) => groups.push(i)));
    await groups.drain();
    expect(written).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("itemsOf (both job shapes)", () => {
  it("reads a group job's items and an older job's single item", () => {
    expect(itemsOf({ items: [{ uid: "a" }, { uid: "b" }] })).toEqual([{ uid: "a" }, { uid: "b" }]);
    expect(itemsOf({ uid: "a", eventData: { items: 3 } })).toEqual([{ uid: "a", eventData: { items: 3 } }]);
  });
});
