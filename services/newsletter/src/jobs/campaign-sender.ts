import type { Logger } from "@rsv/kit";
import type { Mailer } from "../clients/mail.client.js";
import { messageFromVersion, renderVersion, type RenderedVersion, type SiteLinksSource } from "../domain/email.js";
import type { Language } from "../domain/subscriber.js";
import { claimKey, type CampaignsRepository, type Claim } from "../repository/campaigns.repository.js";
import { TickBatch } from "./tick-batch.js";

type Outcome = Parameters<CampaignsRepository["finish"]>[0][number];
import type { SubscribersRepository } from "../repository/subscribers.repository.js";

/** One message of a campaign to one subscriber: what a delivery job carries. */
export interface DeliveryJob {
  campaignId: number;
  subscriberId: number;
}

/** What became of one job: done (sent, bounced, failed or nothing to do), or to be tried again later. */
export type DeliveryResult = "done" | "retry";

/** Rows left `sending` this long belong to a process that is gone (a message takes seconds at most). */
export const INTERRUPTED_AFTER_MS = 10 * 60_000;

/**
 * Sends campaigns: starts the due ones, and delivers one message per job. Each message goes out only
 * after its delivery row is claimed (queued → sending), and its outcome is written on the same row.
 */
export class CampaignSender {
  private readonly finishing = new Map<number, NodeJS.Timeout>();
  /** A campaign's copy never changes once it is being sent: each language rendered once per process. */
  private readonly versions = new Map<string, Promise<RenderedVersion | undefined>>();

  /** Claims and outcomes of the jobs running at once, each group one statement. */
  private readonly claims = new TickBatch<DeliveryJob, Claim | undefined>(async (jobs) => {
    const claimed = await this.deps.campaigns.claim(jobs);
    return jobs.map((job) => claimed.get(claimKey(job.campaignId, job.subscriberId)));
  });
  private readonly outcomes = new TickBatch<Outcome, void>(async (outcomes) => {
    await this.deps.campaigns.finish(outcomes);
    return outcomes.map(() => undefined);
  });
  private readonly finish = (outcome: Outcome) => this.outcomes.call(outcome);

  constructor(
    private readonly deps: {
      campaigns: CampaignsRepository;
      subscribers: SubscribersRepository;
      mailer: Mailer;
      links: SiteLinksSource;
      maxAttempts: number;
      logger: Logger;
    },
  ) {}

  /** Starts the campaigns whose time has come; answers their jobs, every confirmed subscriber's. */
  async startDue(): Promise<DeliveryJob[]> {
    const started = await this.deps.campaigns.startDue();
    const jobs: DeliveryJob[] = [];
    for (const campaignId of started) {
      this.deps.logger.info({ campaignId }, "campaign started");
      jobs.push(...(await this.queuedJobs(campaignId)));
      this.scheduleCompletion(campaignId);
    }
    return jobs;
  }

  /** The jobs still to run of a campaign (after a restart, a resume, a lost queue). */
  async queuedJobs(campaignId: number): Promise<DeliveryJob[]> {
    const ids = await this.deps.campaigns.queuedSubscribers(campaignId);
    return ids.map((subscriberId) => ({ campaignId, subscriberId }));
  }

  /** At start: every campaign being sent, its queued deliveries as jobs. */
  async pendingJobs(): Promise<DeliveryJob[]> {
    const jobs: DeliveryJob[] = [];
    for (const campaignId of await this.deps.campaigns.sending()) {
      jobs.push(...(await this.queuedJobs(campaignId)));
      this.scheduleCompletion(campaignId);
    }
    return jobs;
  }

  async deliver(job: DeliveryJob): Promise<DeliveryResult> {
    const { campaigns, subscribers, mailer, links, logger } = this.deps;
    const claim = await this.claims.call(job);
    if (!claim) {
      // Not queued (done already, paused, cancelled) or left `sending` by an attempt that died.
      if (await campaigns.markInterrupted(job.campaignId, job.subscriberId))
        logger.warn(job, "delivery interrupted earlier: not sent again");
      this.scheduleCompletion(job.campaignId);
      return "done";
    }
    const { recipient } = claim;
    const version = recipient.confirmed ? await this.version(job.campaignId, recipient.language) : undefined;
    if (!version) {
      await this.finish({ id: claim.id, status: "cancelled", error: "no longer subscribed" });
      this.scheduleCompletion(job.campaignId);
      return "done";
    }
    const message = messageFromVersion(await links(), version, {
      email: recipient.email,
      unsubscribeToken: recipient.unsubscribeToken,
      subscriberId: job.subscriberId,
    });
    const outcome = await mailer.send(message);
    switch (outcome.kind) {
      case "sent":
        await this.finish({ id: claim.id, status: "sent" });
        break;
      case "bounced":
        await subscribers.markBounced(job.subscriberId);
        await this.finish({ id: claim.id, status: "bounced", error: outcome.error });
        break;
      case "failed":
        await this.finish({ id: claim.id, status: "failed", error: outcome.error });
        break;
      case "temporary":
        if (claim.attempts >= this.deps.maxAttempts) {
          await this.finish({ id: claim.id, status: "failed", error: outcome.error });
          break;
        }
        await this.finish({ id: claim.id, status: "queued", error: outcome.error });
        return "retry";
    }
    this.scheduleCompletion(job.campaignId);
    return "done";
  }

  private version(campaignId: number, lang: Language): Promise<RenderedVersion | undefined> {
    const key = `${campaignId}:${lang}`;
    let found = this.versions.get(key);
    if (!found) {
      found = this.deps.campaigns
        .content(campaignId)
        .then(async (campaign) => (campaign ? renderVersion(await this.deps.links(), campaign, lang) : undefined));
      found.catch(() => this.versions.delete(key));
      this.versions.set(key, found);
      if (this.versions.size > 40) this.versions.delete(this.versions.keys().next().value!);
    }
    return found;
  }

  /** Marks the campaign sent once nothing waits, checked shortly after the last of a burst of jobs. */
  private scheduleCompletion(campaignId: number): void {
    if (this.finishing.has(campaignId)) return;
    const timer = setTimeout(() => {
      this.finishing.delete(campaignId);
      this.deps.campaigns
        .completeIfDone(campaignId)
        .then((done) => done && this.deps.logger.info({ campaignId }, "campaign sent"))
        .catch((error: unknown) =>
          this.deps.logger.warn({ err: error, campaignId }, "campaign completion not checked"),
        );
    }, 250);
    timer.unref();
    this.finishing.set(campaignId, timer);
  }

  close(): void {
    for (const timer of this.finishing.values()) clearTimeout(timer);
    this.finishing.clear();
  }
}
