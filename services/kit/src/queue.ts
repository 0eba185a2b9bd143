import { Queue, Worker } from "bullmq";
import type { RedisOptions } from "ioredis";

/** A unit of background work in one shape: what to do with a batch, and how to batch. */
export interface BatchTask<T> {
  name: string;
  /** Most items written at once. */
  batchSize: number;
  /** Longest an item waits for its batch to fill. */
  maxWaitMs: number;
  /** How often a failed batch is tried again, with exponential backoff. */
  attempts: number;
  /** Writes a batch. Must be idempotent: after a Redis restart a job whose batch was written may run again. */
  perform(batch: T[]): Promise<void>;
  onFailed?(error: unknown, batch: T[]): void;
}

export interface JobQueue<T> {
  /** Resolves once the item is accepted by the queue (in Redis, when BullMQ backs it). */
  add(item: T): Promise<void>;
  close(): Promise<void>;
}

interface Pending<T> {
  item: T;
  resolve(): void;
  reject(error: unknown): void;
}

/** Collects items into batches by size or time and settles each item's promise with its batch. */
export class Batcher<T> {
  private pending: Pending<T>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();

  constructor(private readonly task: BatchTask<T>) {}

  push(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.task.batchSize) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.task.maxWaitMs);
    });
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending.splice(0, this.task.batchSize);
    if (batch.length === 0) return;
    const items = batch.map((p) => p.item);
    // Through a promise, so a perform that throws synchronously still rejects its batch instead of
    // leaving every item pending; a throwing onFailed must not leave the batch unsettled either.
    const run = Promise.resolve()
      .then(() => this.task.perform(items))
      .then(() => batch.forEach((p) => p.resolve()))
      .catch((error: unknown) => {
        try {
          this.task.onFailed?.(error, items);
        } finally {
          batch.forEach((p) => p.reject(error));
        }
      })
      .catch(() => undefined);
    this.inFlight.add(run);
    await run;
    this.inFlight.delete(run);
    if (this.pending.length > 0) await this.flush();
  }

  async drain(): Promise<void> {
    await this.flush();
    await Promise.all(this.inFlight);
  }
}

/** Embedded mode: no Redis; items are batched in this process with the same task code. */
export function inProcessQueue<T>(task: BatchTask<T>): JobQueue<T> & { drain(): Promise<void> } {
  const batcher = new Batcher(task);
  // An item between a failed attempt and its retry is in neither the batcher nor a batch: track it,
  // so close() (graceful shutdown) waits for it instead of dropping it.
  const retrying = new Set<Promise<void>>();
  const withRetries = async (item: T) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await batcher.push(item);
      } catch {
        // perform() failed for the whole batch; onFailed has seen it. Try again, then give up.
        if (attempt >= task.attempts) return;
        await new Promise((r) => setTimeout(r, 2 ** attempt * 100));
      }
    }
  };
  const drain = async () => {
    await batcher.drain();
    while (retrying.size > 0) await Promise.all(retrying);
  };
  return {
    add: async (item) => {
      const running = withRetries(item);
      retrying.add(running);
      void running.finally(() => retrying.delete(running));
    },
    close: drain,
    drain,
  };
}

export function redisConnection(url: string): RedisOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    username: parsed.username || undefined,
    password: parsed.password || undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    // rediss:// (managed Redis) needs TLS; the scheme used to be ignored.
    ...(parsed.protocol === "rediss:" ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
    // Back within 2 s of Redis returning. BullMQ's own default backs off towards 20 s between
    // attempts, so an outage of ten seconds kept producers and workers away for as long again.
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
  };
}

/**
 * Producer side: jobs are durable in Redis once add() resolves. Without Redis, add() fails at once
 * instead of waiting in memory for a reconnection (the caller answers 503; nothing is held that a
 * restart would lose): no offline queue for new commands, and a command in flight when the connection
 * drops fails with it (maxRetriesPerRequest 0) instead of being sent again after the caller gave up.
 */
export function bullQueue<T>(task: BatchTask<T>, redisUrl: string): JobQueue<T> & { queue: Queue } {
  const queue = new Queue(task.name, {
    connection: { ...redisConnection(redisUrl), enableOfflineQueue: false, maxRetriesPerRequest: 0 },
  });
  return {
    queue,
    add: async (item) => {
      await queue.add(task.name, item, {
        attempts: task.attempts,
        backoff: { type: "exponential", delay: 500 },
        removeOnComplete: true,
        removeOnFail: 1000,
      });
    },
    close: () => queue.close(),
  };
}

/**
 * Consumer side: up to batchSize jobs run at once; each waits for the batch it joined, so a job
 * completes only after its batch is written, and a failed batch fails (and retries) every job in it.
 */
export function bullWorker<T>(task: BatchTask<T>, redisUrl: string): Worker & { batcher: Batcher<T> } {
  const batcher = new Batcher(task);
  const worker = new Worker<T>(task.name, (job) => batcher.push(job.data), {
    connection: redisConnection(redisUrl),
    concurrency: task.batchSize,
    // After Redis restarts, a job that was active then is found stalled once its lock lapses and runs
    // again (its batch may already be written: the task must be idempotent). BullMQ's defaults (30 s
    // locks, checked every 30 s, 15 s pause after a connection error) held such jobs for up to a minute.
    lockDuration: 10_000,
    stalledInterval: 5_000,
    maxStalledCount: 3,
    runRetryDelay: 1_000,
  });
  return Object.assign(worker, { batcher });
}
