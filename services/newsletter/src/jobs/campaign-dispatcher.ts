import type { Logger } from "@rsv/kit";
import type { CampaignsRepository } from "../repository/campaigns.repository.js";
import { INTERRUPTED_AFTER_MS, type CampaignSender } from "./campaign-sender.js";
import type { DeliveryQueue } from "./delivery-queue.js";

/**
 * Starts campaigns at their time and keeps their deliveries queued. Nothing is held only in memory or
 * only in Redis: a scheduled campaign is a row with its time, looked for every `pollMs` (and at once
 * after sendCampaign), and at start every campaign being sent has its queued deliveries queued again,
 * so no restart, redeploy or Redis loss leaves one half sent.
 */
export class CampaignDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private again = false;
  private started: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      sender: CampaignSender;
      queue: DeliveryQueue;
      campaigns: CampaignsRepository;
      pollMs: number;
      /** Only this process sends (embedded mode): a row left `sending` at start was cut short by a stop. */
      soleSender: boolean;
      logger: Logger;
    },
  ) {}

  start(): void {
    this.started = this.recover()
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, "campaign deliveries not recovered"))
      .then(() => {
        this.timer = setInterval(() => this.wake(), this.deps.pollMs);
        this.timer.unref();
        this.wake();
      });
  }

  private async recover(): Promise<void> {
    const { campaigns, sender, queue, soleSender, logger } = this.deps;
    const interrupted = await campaigns.sweepInterrupted(soleSender ? 0 : INTERRUPTED_AFTER_MS);
    if (interrupted) logger.warn({ interrupted }, "deliveries cut short by a stop: not sent again");
    const jobs = await sender.pendingJobs();
    if (jobs.length) {
      logger.info({ jobs: jobs.length }, "campaign deliveries queued again");
      await queue.add(jobs);
    }
  }

  /** Looks for due campaigns now (one look at a time; a wake during one brings another after it). */
  wake(): void {
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick()
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, "due campaigns not started"))
      .finally(() => {
        this.ticking = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async tick(): Promise<void> {
    const jobs = await this.deps.sender.startDue();
    if (jobs.length) await this.deps.queue.add(jobs);
  }

  /** A resumed campaign's remaining deliveries. */
  async enqueue(campaignId: number): Promise<void> {
    await this.deps.queue.add(await this.deps.sender.queuedJobs(campaignId));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.started;
    await this.ticking;
    await this.deps.queue.close();
    this.deps.sender.close();
  }
}
