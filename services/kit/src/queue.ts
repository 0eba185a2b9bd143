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
  /**
   * Says a failed batch's store is away (the database down), not that the batch is bad. In the
   * BullMQ worker its jobs then go back to wait without spending an attempt, and the worker fetches
   * again only after UNAVAILABLE_WAIT_MS, for as long as the outage lasts: counted as attempts,
   * an outage longer than the attempts' back-off (about 8 s for 5) failed every job fetched meanwhile
   * for good, losing events already answered 202.
   */
  unavailable?(error: unknown): boolean;
  /** Most items one BullMQ job carries (the producer's group commit); batchSize when absent. */
  groupSize?: number;
  /** Jobs the BullMQ worker runs at once; batchSize when absent. */
  jobConcurrency?: number;
  /**
   * How long the BullMQ worker rests each time it finds the queue empty, before it looks again
   * (none when absent). What was queued meanwhile is then fetched back to back and written in full
   * batches, instead of each job waking the worker on its own (see bullWorker).
   */
  restMs?: number;
}

export interface JobQueue<T> {
  /**
   * Resolves once the item is accepted by the queue (in Redis, when BullMQ backs it); rejects if that
   * takes longer than timeoutMs (an item not yet sent by then is withdrawn, never to be written).
   */
  add(item: T, options?: { timeoutMs?: number }): Promise<void>;
  close(): Promise<void>;
}

/**
 * What one BullMQ job carries: the items of one group commit. A job queued before group commits
 * carries a single item as its data; the worker takes both (see itemsOf).
 */
export interface GroupJob<T> {
  items: T[];
}

/** The items a job carries, in either shape. An item itself must not be an object with an `items` array. */
export function itemsOf<T>(data: T | GroupJob<T>): T[] {
  const items = (data as Partial<GroupJob<T>> | null)?.items;
  return Array.isArray(items) ? items : [data as T];
}

/** The options every job of the task is queued with (by the producer, and by the drain bench). */
export function jobOptions(task: Pick<BatchTask<unknown>, "attempts">) {
  return {
    attempts: task.attempts,
    backoff: { type: "exponential", delay: 500 },
    removeOnComplete: true,
    removeOnFail: 1000,
  };
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

/**
 * The producer's group commit: every item added during one turn of the event loop, and every item
 * added while a write is in flight, goes out in the next write (at most maxItems each). Alone, an
 * item is written at once, without waiting for a timer; under load, many callers share one write
 * and so one round trip to Redis. Each item's promise settles with its write: resolved only once
 * the write is done, rejected with its error otherwise, or rejected after timeoutMs. An item still
 * waiting for a write when its time is up is withdrawn, so it is never written after its caller
 * was told it failed.
 */
export class GroupCommit<T> {
  private pending: Array<Pending<T> & { timer?: NodeJS.Timeout }> = [];
  private writing = 0;
  private scheduled = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly maxItems: number,
    /** Writes in flight at once. */
    private readonly maxWrites = 1,
  ) {}

  push(item: T, timeoutMs?: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry: Pending<T> & { timer?: NodeJS.Timeout } = { item, resolve, reject };
      if (timeoutMs !== undefined) {
        entry.timer = setTimeout(() => {
          const at = this.pending.indexOf(entry);
          if (at >= 0) this.pending.splice(at, 1);
          // Once its write began, the item may still be written: the caller is told it failed either way.
          reject(new Error(`queue did not answer within ${timeoutMs} ms`));
        }, timeoutMs);
        entry.resolve = () => {
          clearTimeout(entry.timer);
          resolve();
        };
        entry.reject = (error) => {
          clearTimeout(entry.timer);
          reject(error);
        };
      }
      this.pending.push(entry);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.writing < this.maxWrites && this.pending.length > 0) {
      const group = this.pending.splice(0, this.maxItems);
      this.writing++;
      const done = Promise.resolve()
        .then(() => this.write(group.map((p) => p.item)))
        .then(
          () => group.forEach((p) => p.resolve()),
          (error: unknown) => group.forEach((p) => p.reject(error)),
        )
        .finally(() => {
          this.writing--;
          this.inFlight.delete(done);
          this.pump();
        });
      this.inFlight.add(done);
    }
  }

  /** Waits until every item added so far is written or refused. */
  async drain(): Promise<void> {
    while (this.pending.length > 0 || this.inFlight.size > 0) {
      this.pump();
      await Promise.all(this.inFlight);
    }
  }
}

/**
 * Embedded mode: no Redis, so the database the task writes to is the only durable place an item can
 * be before it is acknowledged. Items go through the same group commit as the BullMQ producer's, but
 * each write is the task's own perform (a multi-row insert into PGlite on disk): add() resolves only
 * once the item is stored, so an acknowledged event survives the process being killed, and there is
 * nothing held in memory to replay. A failed write is tried again with backoff up to task.attempts
 * times, then refused (the caller answers 503); an item still waiting when its caller's timeoutMs runs
 * out is withdrawn, as with Redis.
 */
export function inProcessQueue<T>(task: BatchTask<T>): JobQueue<T> & { drain(): Promise<void> } {
  const writeWithRetries = async (items: T[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await task.perform(items);
      } catch (error) {
        task.onFailed?.(error, items);
        if (attempt >= task.attempts) throw error;
        await new Promise((r) => setTimeout(r, 2 ** attempt * 100));
      }
    }
  };
  const groups = new GroupCommit<T>(writeWithRetries, task.batchSize);
  const drain = () => groups.drain();
  return {
    add: (item, { timeoutMs } = {}) => groups.push(item, timeoutMs),
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
  const options = jobOptions(task);
  // One job per group commit: one Lua script in Redis for many items. When Redis refuses or is
  // away, every item of the group is refused with the same error (the callers answer 503).
  const groups = new GroupCommit<T>(async (items) => {
    await queue.add(task.name, { items } satisfies GroupJob<T>, options);
  }, task.groupSize ?? task.batchSize);
  return {
    queue,
    add: (item, { timeoutMs } = {}) => groups.push(item, timeoutMs),
    close: async () => {
      await groups.drain();
      await queue.close();
    },
  };
}

/** How long every worker of a queue waits before fetching again once its store was found away (see BatchTask.unavailable). */
export const UNAVAILABLE_WAIT_MS = 2_000;

/**
 * A job processor that outlasts its store being away, however long: a failure `unavailable` names sends
 * the job back to wait with its attempts untouched, and the worker fetches nothing for
 * UNAVAILABLE_WAIT_MS (BullMQ's manual rate limit; a worker of another replica waits alike once its own
 * job meets the outage: BullMQ makes the others wait only where the queue has a limiter). Spending
 * attempts instead loses the job once its back-off runs out, while nothing was wrong with it. Other
 * failures fail the job as usual. `worker` is the worker running the processor.
 */
export function outlastingOutages<J>(
  process: (job: J) => Promise<void>,
  unavailable: (error: unknown) => boolean,
  worker: () => Worker,
): (job: J) => Promise<void> {
  return async (job) => {
    try {
      await process(job);
    } catch (error) {
      if (!unavailable(error)) throw error;
      await worker().rateLimit(UNAVAILABLE_WAIT_MS);
      throw Worker.RateLimitError();
    }
  };
}

/**
 * Consumer side: up to jobConcurrency jobs run at once; a job's items join batches (a job of a group
 * commit carries many, an older job one), and the job completes only once all of them are written;
 * a failed batch fails (and retries) every job with an item in it.
 *
 * With task.restMs, a worker that finds the queue empty writes what it holds and rests (a local
 * pause, as Kafka's consumers wait for fetch.min.bytes) before it looks again. Without it, a worker
 * keeping up with the producers is woken for each job as it is queued, and each wake, fetch and
 * empty fetch after it is paid for a few events: under a steady load the worker spent two to three
 * times the CPU per event it spends draining a backlog. The rest adds at most restMs to the time an
 * event takes to be stored. `alive()` is the probe's answer: a resting worker is alive.
 */
export function bullWorker<T>(
  task: BatchTask<T>,
  redisUrl: string,
): Worker & { batcher: Batcher<T>; alive(): boolean } {
  const batcher = new Batcher(task);
  const concurrency = task.jobConcurrency ?? task.batchSize;
  let waiting = 0;
  const run = async (data: T | GroupJob<T>) => {
    const pushed = itemsOf(data).map((item) => batcher.push(item));
    // Every running job waiting for the batcher: no item can come until a batch is written, so
    // write it now rather than after maxWaitMs.
    if (++waiting >= concurrency) void batcher.flush();
    try {
      // Every item settled before the job does, so a retry never overlaps a write still in flight.
      const results = await Promise.allSettled(pushed);
      const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
      if (failed) throw failed.reason;
    } finally {
      waiting--;
    }
  };
  const perform = task.unavailable ? outlastingOutages(run, task.unavailable, () => worker) : run;
  const worker: Worker<T | GroupJob<T>> = new Worker<T | GroupJob<T>>(task.name, (job) => perform(job.data), {
    connection: redisConnection(redisUrl),
    concurrency,
    // After Redis restarts, a job that was active then is found stalled once its lock lapses and runs
    // again (its batch may already be written: the task must be idempotent). BullMQ's defaults (30 s
    // locks, checked every 30 s, 15 s pause after a connection error) held such jobs for up to a minute.
    lockDuration: 10_000,
    stalledInterval: 5_000,
    maxStalledCount: 3,
    runRetryDelay: 1_000,
  });
  const restMs = task.restMs ?? 0;
  let resting: NodeJS.Timeout | undefined;
  if (restMs > 0) {
    worker.on("drained", () => {
      // Nothing more is waiting: what was fetched is written now, not after maxWaitMs. BullMQ hands
      // the jobs fetched before the empty fetch to the processor after it reports the queue dry,
      // within this turn of the event loop: the flush waits for them.
      setImmediate(() => void batcher.flush());
      if (worker.closing || resting) return;
      // Not waiting for the jobs in hand: they finish while the worker rests.
      void worker.pause(true);
      resting = setTimeout(() => {
        resting = undefined;
        if (!worker.closing) worker.resume();
      }, restMs);
    });
    worker.on("closing", () => {
      clearTimeout(resting);
      resting = undefined;
    });
  }
  // BullMQ's loop stops while the worker is paused, so a resting worker is not running but is alive.
  const alive = () => !worker.closing && (worker.isRunning() || resting !== undefined);
  return Object.assign(worker, { batcher, alive });
}
