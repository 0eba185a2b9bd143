import type { Logger } from "@rsv/kit";
import { isDatabaseUnavailable } from "@rsv/kit/db";
import { outlastingOutages, redisConnection } from "@rsv/kit/queue";
import { Queue, Worker, type Job } from "bullmq";
import { backoff } from "../domain/smtp.js";
import type { DeliveryJob, DeliveryResult } from "./campaign-sender.js";

/** Where campaign messages wait for their turn: BullMQ with Redis, the same rules in process without. */
export interface DeliveryQueue {
  add(jobs: DeliveryJob[]): Promise<void>;
  close(): Promise<void>;
}

export interface DeliveryQueueOptions {
  deliver(job: DeliveryJob): Promise<DeliveryResult>;
  /** Messages per minute across every worker; 0: no limit. */
  perMinute: number;
  concurrency: number;
  retryDelayMs: number;
  retryMaxDelayMs: number;
  /** Tries a job gets from the queue; the delivery row ends the retries before (NEWSLETTER_MAX_ATTEMPTS). */
  attempts: number;
  logger: Logger;
}

const QUEUE = "newsletter-deliveries";
const jobId = (job: DeliveryJob) => `c${job.campaignId}-s${job.subscriberId}`;

class RetryLater extends Error {
  constructor() {
    super("temporary failure, tried again later");
    this.name = "RetryLater";
  }
}

/**
 * BullMQ: one job per message, id `c<campaign>-s<subscriber>` (a job added twice while waiting is one
 * job). The worker's limiter holds every replica together to `perMinute`; a temporary failure fails
 * the job, which BullMQ runs again after the back-off. A job whose worker died runs again once its
 * lock lapses, and finds its row `sending`: not sent twice (see CampaignSender.deliver).
 */
export class BullDeliveries implements DeliveryQueue {
  private readonly queue: Queue<DeliveryJob>;
  private readonly worker: Worker<DeliveryJob>;

  constructor(
    redisUrl: string,
    private readonly options: DeliveryQueueOptions,
  ) {
    this.queue = new Queue<DeliveryJob>(QUEUE, { connection: redisConnection(redisUrl) });
    this.queue.on("error", (error) => options.logger.warn({ err: error }, "delivery queue"));
    this.worker = new Worker<DeliveryJob>(
      QUEUE,
      // A delivery waits out a database that is away without spending its attempts (those are for the
      // mail server's temporary refusals), so an outage longer than their back-off loses none.
      outlastingOutages(
        async (job: Job<DeliveryJob>) => {
          if ((await options.deliver(job.data)) === "retry") throw new RetryLater();
        },
        isDatabaseUnavailable,
        () => this.worker,
      ),
      {
        connection: redisConnection(redisUrl),
        concurrency: options.concurrency,
        ...(options.perMinute > 0 ? { limiter: { max: options.perMinute, duration: 60_000 } } : {}),
        settings: {
          backoffStrategy: (attemptsMade: number) =>
            backoff(attemptsMade, options.retryDelayMs, options.retryMaxDelayMs),
        },
        // A worker that died holding jobs gives them up within 15 s (its rows are then found `sending`).
        lockDuration: 10_000,
        stalledInterval: 5_000,
        maxStalledCount: 3,
      },
    );
    this.worker.on("error", (error) => options.logger.warn({ err: error }, "delivery worker"));
  }

  async add(jobs: DeliveryJob[]): Promise<void> {
    for (let i = 0; i < jobs.length; i += 500) {
      await this.queue.addBulk(
        jobs.slice(i, i + 500).map((data) => ({
          name: "deliver",
          data,
          opts: {
            jobId: jobId(data),
            attempts: this.options.attempts,
            backoff: { type: "custom" },
            removeOnComplete: true,
            removeOnFail: 1000,
          },
        })),
      );
    }
  }

  async close(): Promise<void> {
    await this.worker.close();
    await this.queue.close();
  }
}

/**
 * Embedded mode: the same jobs in this process. At most `concurrency` at once, started no faster than
 * `perMinute`, a temporary failure tried again after the back-off; the database's delivery rows are
 * what survives a stop (the service enqueues them again at start).
 */
export class InProcessDeliveries implements DeliveryQueue {
  private readonly waiting: DeliveryJob[] = [];
  private readonly known = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly attempts = new Map<string, number>();
  private running = 0;
  private nextStartAt = 0;
  private paceTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly idle = new Set<() => void>();

  constructor(private readonly options: DeliveryQueueOptions) {}

  async add(jobs: DeliveryJob[]): Promise<void> {
    for (const job of jobs) {
      const id = jobId(job);
      if (this.known.has(id)) continue;
      this.known.add(id);
      this.waiting.push(job);
    }
    this.pump();
  }

  private pump(): void {
    if (this.closed) {
      if (this.running === 0) for (const resolve of this.idle) resolve();
      return;
    }
    while (this.running < this.options.concurrency && this.waiting.length > 0) {
      if (this.options.perMinute > 0) {
        const now = Date.now();
        if (now < this.nextStartAt) {
          this.paceTimer ??= setTimeout(() => {
            this.paceTimer = undefined;
            this.pump();
          }, this.nextStartAt - now);
          return;
        }
        this.nextStartAt = Math.max(now, this.nextStartAt) + 60_000 / this.options.perMinute;
      }
      this.run(this.waiting.shift()!);
    }
    if (this.running === 0 && this.waiting.length === 0) for (const resolve of this.idle) resolve();
  }

  private run(job: DeliveryJob): void {
    const id = jobId(job);
    this.running++;
    this.options
      .deliver(job)
      .catch((error: unknown) => {
        this.options.logger.warn({ err: error, ...job }, "delivery failed, tried again later");
        return "retry" as const;
      })
      .then((result) => {
        const attempt = (this.attempts.get(id) ?? 0) + 1;
        if (result === "retry" && attempt < this.options.attempts && !this.closed) {
          this.attempts.set(id, attempt);
          const timer = setTimeout(
            () => {
              this.timers.delete(timer);
              this.waiting.push(job);
              this.pump();
            },
            backoff(attempt, this.options.retryDelayMs, this.options.retryMaxDelayMs),
          );
          this.timers.add(timer);
        } else {
          this.attempts.delete(id);
          this.known.delete(id);
        }
      })
      .finally(() => {
        this.running--;
        this.pump();
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.paceTimer);
    for (const timer of this.timers) clearTimeout(timer);
    this.waiting.length = 0;
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.add(resolve));
  }
}
