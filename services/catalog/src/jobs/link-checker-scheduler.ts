import type { LinkCheckSettings, OfferCheckRun } from "@rsv/api/client";
import { unavailable, type Logger } from "@rsv/kit";
import { redisConnection } from "@rsv/kit/queue";
import { Queue, Worker, type Job } from "bullmq";
import { nextScheduledRun, normalizeSettings } from "../domain/link-check.js";
import type { OfferChecksRepository } from "../repository/offer-checks.repository.js";
import { performRun, type LinkCheckJob, type LinkChecker } from "./link-checker.js";

/**
 * Check runs: asked for by the admin (checkOffers), by an offer's creation or change (checkSoon) and
 * by the schedule, every `intervalHours` of the owner's settings, the first an interval after the last
 * run ended (or after the first start), never at start. One run at a time: with Redis, a BullMQ queue
 * whose single job at a time across every catalog replica is the run (a run happens once, whichever
 * replica takes it); without Redis (embedded mode), the same in process, with a timer for the schedule.
 */

/** What the offers routes need: a check of these offers, soon, without waiting for it. */
export interface OfferCheckQueue {
  checkSoon(ids: number[]): void;
}

export interface LinkChecks extends OfferCheckQueue {
  /** Queues a run of these offers (every offer without ids; unknown ones ignored) and answers it. */
  request(ids?: number[]): Promise<OfferCheckRun>;
  latestRun(): Promise<OfferCheckRun>;
  settings(): Promise<LinkCheckSettings>;
  updateSettings(input: LinkCheckSettings): Promise<LinkCheckSettings>;
  close(): Promise<void>;
}

/** How runs wait for their turn and how the schedule is kept. */
interface RunQueue {
  start(): Promise<void>;
  add(job: LinkCheckJob): Promise<void>;
  /** The next scheduled run of every offer: an interval after the last run ended (or from now, without one). */
  reschedule(lastRunEnd: Date | null): Promise<void>;
  close(): Promise<void>;
}

const HOUR_MS = 3_600_000;

export function startLinkChecks(deps: {
  checker: LinkChecker;
  repo: OfferChecksRepository;
  logger: Logger;
  redisUrl?: string;
}): LinkChecks {
  const { checker, repo, logger } = deps;
  const queue: RunQueue = deps.redisUrl
    ? new BullRuns(deps.redisUrl, checker, repo, logger)
    : new InProcessRuns(checker, repo, logger);
  // A schedule not set at start (the database away) is set by the first run of every offer instead.
  const started = queue.start().catch((error: unknown) => logger.error({ err: error }, "link checks not scheduled"));
  let closed = false;

  const request = async (ids?: number[]) => {
    if (closed) throw unavailable("The catalog is stopping");
    const total = await repo.countTargets(ids);
    if (total === 0) return repo.latestRun();
    const runId = await repo.createRun(total);
    try {
      await queue.add({ runId, ...(ids ? { ids } : {}) });
    } catch (error) {
      await repo.deleteRun(runId);
      logger.warn({ err: error }, "link check run could not be queued");
      throw unavailable("The check could not be queued, try again shortly");
    }
    return repo.run(runId);
  };

  return {
    request,
    checkSoon(ids) {
      if (ids.length === 0) return;
      request(ids).catch((error: unknown) => logger.warn({ err: error, ids }, "offer check not queued"));
    },
    latestRun: () => repo.latestRun(),
    settings: () => repo.settings(),
    async updateSettings(input) {
      const before = await repo.settings();
      const saved = await repo.saveSettings(normalizeSettings(input));
      if (saved.intervalHours !== before.intervalHours) {
        // The new interval counts from the last run; a failure here leaves the old one until the next start.
        await queue
          .reschedule(await repo.lastRunEnd())
          .catch((error: unknown) => logger.warn({ err: error }, "link checks not rescheduled"));
      }
      return saved;
    },
    async close() {
      closed = true;
      // Closing first: it stops a start still waiting for Redis.
      await Promise.all([queue.close(), started]);
      checker.close();
    },
  };
}

/** Embedded mode: runs one after another in this process, the schedule a timer. */
class InProcessRuns implements RunQueue {
  private readonly jobs: LinkCheckJob[] = [];
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly abort = new AbortController();

  constructor(
    readonly checker: LinkChecker,
    readonly repo: OfferChecksRepository,
    readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    // Only this process runs checks here: a run still open was cut short by a stop.
    await this.repo.finishAbandonedRuns();
    await this.reschedule(await this.repo.lastRunEnd());
  }

  async add(job: LinkCheckJob): Promise<void> {
    this.jobs.push(job);
    this.next();
  }

  async reschedule(lastRunEnd: Date | null): Promise<void> {
    const { intervalHours } = await this.repo.settings();
    if (this.abort.signal.aborted) return;
    clearTimeout(this.timer);
    const due = nextScheduledRun(lastRunEnd, new Date(), intervalHours).getTime();
    this.timer = setTimeout(() => void this.add({}), Math.max(0, due - Date.now()));
    this.timer.unref();
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.abort.abort(new Error("the catalog is stopping"));
    this.jobs.length = 0;
    await this.running;
  }

  private next(): void {
    if (this.running || this.abort.signal.aborted) return;
    const job = this.jobs.shift();
    if (!job) return;
    this.running = this.execute(job).finally(() => {
      this.running = undefined;
      this.next();
    });
  }

  private async execute(job: LinkCheckJob): Promise<void> {
    try {
      await performRun(this, job, this.abort.signal);
      // A run of every offer, whoever asked for it, puts the next scheduled one an interval away.
      if (!job.ids) await this.reschedule(new Date());
    } catch (error) {
      if (!this.abort.signal.aborted) this.logger.error({ err: error }, "link check run failed");
    }
  }
}

const QUEUE = "catalog-link-checks";
const SCHEDULER = "check-every-offer";
const ADD_TIMEOUT_MS = 3_000;
const JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: "exponential", delay: 5_000 },
  removeOnComplete: true,
  removeOnFail: 100,
};

/**
 * With Redis: runs are BullMQ jobs, taken one at a time across every replica (global concurrency 1,
 * each replica's worker 1), so per-host politeness holds for the whole site and a scheduled run
 * happens once. The schedule is a job scheduler (`every` the interval, `startDate` an interval after
 * the last run), moved on after each run of every offer.
 */
class BullRuns implements RunQueue {
  private readonly queue: Queue<LinkCheckJob>;
  private worker: Worker<LinkCheckJob> | undefined;
  private readonly abort = new AbortController();
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly redisUrl: string,
    readonly checker: LinkChecker,
    readonly repo: OfferChecksRepository,
    readonly logger: Logger,
  ) {
    // Fails at once while Redis is away (checkOffers answers 503) instead of holding the request.
    this.queue = new Queue<LinkCheckJob>(QUEUE, {
      connection: { ...redisConnection(redisUrl), enableOfflineQueue: false, maxRetriesPerRequest: 0 },
    });
    this.queue.on("error", (error) => this.logger.warn({ err: error }, "link check queue"));
  }

  /** The worker at once; the schedule as soon as Redis answers (tried again every 10 s until then). */
  async start(): Promise<void> {
    this.worker = new Worker<LinkCheckJob>(QUEUE, (job) => this.process(job), {
      connection: redisConnection(this.redisUrl),
      concurrency: 1,
    });
    this.worker.on("error", (error) => this.logger.warn({ err: error }, "link check worker"));
    this.worker.on("failed", (job, error) =>
      this.logger.warn({ err: error, attempts: job?.attemptsMade }, "link check run failed"),
    );
    // Stopping ends the wait at once: BullMQ's first command waits for Redis however long it is away.
    const stopped = new Promise<void>((resolve) => this.abort.signal.addEventListener("abort", () => resolve()));
    for (;;) {
      try {
        const attempt = this.schedule();
        attempt.catch(() => undefined);
        await Promise.race([attempt, stopped]);
        return;
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.logger.warn({ err: error }, "link check schedule not set yet, trying again in 10 s");
        await Promise.race([
          new Promise<void>((resolve) => {
            this.retry = setTimeout(resolve, 10_000);
            this.retry.unref();
          }),
          stopped,
        ]);
        if (this.abort.signal.aborted) return;
      }
    }
  }

  /** One replica at a time, and the schedule unless it already has this interval (another replica set it). */
  private async schedule(): Promise<void> {
    await this.queue.setGlobalConcurrency(1);
    const every = await this.everyMs();
    const scheduler = await this.queue.getJobScheduler(SCHEDULER);
    if (scheduler?.every !== every) await this.reschedule(await this.repo.lastRunEnd());
  }

  /** Resolves once the run is in Redis; rejects after ADD_TIMEOUT_MS (BullMQ would wait for Redis however long it is away). */
  async add(job: LinkCheckJob): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const adding = this.queue.add("check", job, JOB_OPTIONS);
    // A run added after its caller was told no would run anyway: rare, and harmless.
    adding.catch(() => undefined);
    try {
      await Promise.race([
        adding,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`Redis did not take the run within ${ADD_TIMEOUT_MS} ms`)),
            ADD_TIMEOUT_MS,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A scheduler's next run stays put when it is upserted again with the same `every`, so moving it
   * means removing it first; two replicas doing so at once end with the same schedule.
   */
  async reschedule(lastRunEnd: Date | null): Promise<void> {
    const { intervalHours } = await this.repo.settings();
    await this.queue.removeJobScheduler(SCHEDULER);
    await this.queue.upsertJobScheduler(
      SCHEDULER,
      { every: intervalHours * HOUR_MS, startDate: nextScheduledRun(lastRunEnd, new Date(), intervalHours) },
      { name: "check", data: {}, opts: JOB_OPTIONS },
    );
  }

  async close(): Promise<void> {
    // A run cut short here fails its attempt; another replica (or this one after its restart) runs it again.
    this.abort.abort(new Error("the catalog is stopping"));
    clearTimeout(this.retry);
    await this.worker?.close();
    await this.queue.close();
  }

  private async everyMs(): Promise<number> {
    return (await this.repo.settings()).intervalHours * HOUR_MS;
  }

  private async process(job: Job<LinkCheckJob>): Promise<void> {
    await performRun(this, job.data, this.abort.signal, (runId) => job.updateData({ ...job.data, runId }));
    // The run is done whatever happens here: a schedule not moved on only brings the next run early.
    if (!job.data.ids)
      await this.reschedule(new Date()).catch((error: unknown) =>
        this.logger.warn({ err: error }, "link checks not rescheduled"),
      );
  }
}
