import type { Logger } from "@rsv/kit";
import { HandoverRefused, type AnalyticsClient } from "../clients/analytics.client.js";
import type { ClickOutbox, PendingClick } from "../repository/click-outbox.repository.js";

export interface ClickRelayOptions {
  /** Clicks claimed at once. */
  batch: number;
  /** Clicks sent to analytics at once. */
  concurrency: number;
  /** How often the outbox is looked at when nothing wakes the relay (clicks left by a restart, another replica's). */
  pollMs: number;
  /** How long a claimed click is left alone by other relays: longer than a hand-over may take. */
  holdMs: number;
  /**
   * A click analytics refused (a 4xx: the secret not matching during a rotation, a click it cannot
   * take) this many times is dropped, logged. Analytics being away or failing (no answer, 5xx, 429)
   * never drops a click: it waits, however long.
   */
  maxAttempts: number;
}

const defaults: ClickRelayOptions = { batch: 100, concurrency: 8, pollMs: 1000, holdMs: 15_000, maxAttempts: 20 };

/** Delay before the next attempt after `attempts` failed ones: 0.5 s doubling, at most a minute. */
export const retryDelayMs = (attempts: number) => Math.min(60_000, 250 * 2 ** Math.min(attempts, 8));

/**
 * Hands the outbox's clicks to analytics in the background, so the redirect waits on one local
 * insert and never on analytics. A click leaves the outbox only once analytics has accepted it (202:
 * in its queue); one that fails waits and is tried again, so an analytics outage delays clicks
 * without losing them. Woken by each new click, and polling for the rest.
 */
export class ClickRelay {
  private readonly options: ClickRelayOptions;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly outbox: ClickOutbox,
    private readonly analytics: AnalyticsClient,
    private readonly logger: Logger,
    options: Partial<ClickRelayOptions> = {},
  ) {
    this.options = { ...defaults, ...options };
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
  }

  /** Runs the relay now, or once more after the run in progress. */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.logger.warn({ err: error }, "click relay failed, it will try again"))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Stops relaying; what is left stays in the outbox for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const due = await this.outbox.claim(this.options.batch, this.options.holdMs);
      if (due.length === 0) return;
      const delivered: string[] = [];
      const failed: PendingClick[] = [];
      const refused = new Set<string>();
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(this.options.concurrency, due.length) }, async () => {
          while (next < due.length) {
            const pending = due[next++]!;
            try {
              await this.analytics.recordClick(pending.click, pending.origin, {
                eventId: pending.id,
                occurredAt: pending.occurredAt,
              });
              delivered.push(pending.id);
            } catch (error) {
              failed.push(pending);
              if (error instanceof HandoverRefused && error.refusesTheClick) refused.add(pending.id);
              if (failed.length === 1) this.logger.warn({ err: error }, "click not handed to analytics yet");
            }
          }
        }),
      );
      await this.outbox.remove(delivered);
      const dropped = failed.filter((p) => refused.has(p.id) && p.attempts >= this.options.maxAttempts);
      if (dropped.length > 0) {
        this.logger.error({ ids: dropped.map((p) => p.id) }, "clicks refused by analytics too often, dropped");
        await this.outbox.remove(dropped.map((p) => p.id));
      }
      const retried = failed.filter((p) => !dropped.includes(p));
      for (const attempts of new Set(retried.map((p) => p.attempts))) {
        const ids = retried.filter((p) => p.attempts === attempts).map((p) => p.id);
        await this.outbox.retryLater(ids, retryDelayMs(attempts));
      }
      // Analytics is failing: leave the rest for their next attempt instead of claiming more now.
      if (failed.length > 0) return;
    }
  }
}
