import type { Logger } from "./runtime/index.js";

/** What an outbox row must say for the relay: its id and how often it was tried. */
export interface OutboxRow {
  id: string;
  attempts: number;
}

/** A table of things waiting to be handed to another service (the catalog's clicks, every service's audit events). */
export interface Outbox<P extends OutboxRow> {
  /** Takes up to `limit` rows due, oldest first, and holds them for `holdMs` so other relays leave them alone. */
  claim(limit: number, holdMs: number): Promise<P[]>;
  remove(ids: string[]): Promise<void>;
  /** Puts rows that were not taken back in line, due again after `delayMs`. */
  retryLater(ids: string[], delayMs: number): Promise<void>;
}

export interface OutboxRelayOptions {
  /** Rows claimed at once. */
  batch: number;
  /** Rows handed over at once. */
  concurrency: number;
  /** How often the outbox is looked at when nothing wakes the relay (rows left by a restart, another replica's). */
  pollMs: number;
  /** How long a claimed row is left alone by other relays: longer than a hand-over may take. */
  holdMs: number;
  /**
   * A row the receiver refused (`refuses(error)`: a 4xx such as the secret not matching during a
   * rotation, or a row it cannot take) this many times is dropped, logged. The receiver being away or
   * failing (no answer, 5xx, 429) never drops a row: it waits, however long.
   */
  maxAttempts: number;
}

export interface OutboxRelayTarget<P extends OutboxRow> {
  /** What the logs call the rows: "click", "audit event". */
  what: string;
  /** Hands one row over; resolves once the receiver has it, throws otherwise. */
  deliver(row: P): Promise<void>;
  /** Whether a failure says the receiver refused the row itself (rather than being away). */
  refuses(error: unknown): boolean;
}

const defaults: OutboxRelayOptions = { batch: 100, concurrency: 8, pollMs: 1000, holdMs: 15_000, maxAttempts: 20 };

/** Delay before the next attempt after `attempts` failed ones: 0.5 s doubling, at most a minute. */
export const retryDelayMs = (attempts: number) => Math.min(60_000, 250 * 2 ** Math.min(attempts, 8));

/**
 * Hands an outbox's rows to another service in the background, so the request that wrote a row waits
 * on one local insert and never on the receiver. A row leaves the outbox only once the receiver has
 * accepted it; one that fails waits and is tried again, so an outage delays rows without losing them.
 * The row's id travels with it, so the receiver stores a row handed over twice once. Woken by each new
 * row, and polling for the rest.
 */
export class OutboxRelay<P extends OutboxRow> {
  private readonly options: OutboxRelayOptions;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly outbox: Outbox<P>,
    private readonly target: OutboxRelayTarget<P>,
    private readonly logger: Logger,
    options: Partial<OutboxRelayOptions> = {},
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
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, `${this.target.what} relay failed, it will try again`),
      )
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
    const { what } = this.target;
    for (;;) {
      const due = await this.outbox.claim(this.options.batch, this.options.holdMs);
      if (due.length === 0) return;
      const delivered: string[] = [];
      const failed: P[] = [];
      const refused = new Set<string>();
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(this.options.concurrency, due.length) }, async () => {
          while (next < due.length) {
            const pending = due[next++]!;
            try {
              await this.target.deliver(pending);
              delivered.push(pending.id);
            } catch (error) {
              failed.push(pending);
              if (this.target.refuses(error)) refused.add(pending.id);
              if (failed.length === 1) this.logger.warn({ err: error }, `${what} not handed over yet`);
            }
          }
        }),
      );
      await this.outbox.remove(delivered);
      const dropped = failed.filter((p) => refused.has(p.id) && p.attempts >= this.options.maxAttempts);
      if (dropped.length > 0) {
        this.logger.error({ ids: dropped.map((p) => p.id) }, `${what} refused too often, dropped`);
        await this.outbox.remove(dropped.map((p) => p.id));
      }
      const retried = failed.filter((p) => !dropped.includes(p));
      for (const attempts of new Set(retried.map((p) => p.attempts))) {
        const ids = retried.filter((p) => p.attempts === attempts).map((p) => p.id);
        await this.outbox.retryLater(ids, retryDelayMs(attempts));
      }
      // The receiver is failing: leave the rest for their next attempt instead of claiming more now.
      if (failed.length > 0) return;
    }
  }
}
