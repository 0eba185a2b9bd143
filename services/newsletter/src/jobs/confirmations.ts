import type { Logger } from "@rsv/kit";
import type { Mailer } from "../clients/mail.client.js";
import { confirmationMessage, type SiteLinksSource } from "../domain/email.js";
import type { ConfirmationDue } from "../repository/subscribers.repository.js";

const TRIES = 4;

/**
 * Confirmation emails, sent in the background after the sign-up is answered: a temporary failure is
 * tried again a few times (2 s, 4 s, 8 s); one that still fails is logged, and the address stays
 * pending, so signing up again (after 10 minutes) sends a new link.
 */
export class Confirmations {
  private readonly inFlight = new Set<Promise<void>>();
  /** Waits between tries, ended at once by close(). */
  private readonly waits = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly mailer: Mailer,
    private readonly links: SiteLinksSource,
    private readonly logger: Logger,
  ) {}

  send(due: ConfirmationDue): void {
    const run = (async () => {
      const message = confirmationMessage(await this.links(), {
        to: due.email,
        lang: due.language,
        token: due.token,
        unsubscribeToken: due.unsubscribeToken,
        subscriberId: due.subscriberId,
      });
      for (let attempt = 1; attempt <= TRIES && !this.closed; attempt++) {
        const outcome = await this.mailer.send(message);
        if (outcome.kind !== "temporary") {
          if (outcome.kind !== "sent")
            this.logger.warn({ subscriberId: due.subscriberId, error: outcome.error }, "confirmation refused");
          return;
        }
        this.logger.warn(
          { subscriberId: due.subscriberId, error: outcome.error, attempt },
          "confirmation not sent yet",
        );
        if (attempt < TRIES) await this.wait(1000 * 2 ** attempt);
      }
    })().catch((error: unknown) => this.logger.error({ err: error }, "confirmation failed"));
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  private wait(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waits.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waits.add(done);
    });
  }

  /** Lets a send under way finish; a confirmation waiting to be tried again is dropped (the address stays pending). */
  async close(): Promise<void> {
    this.closed = true;
    for (const done of [...this.waits]) done();
    await Promise.all(this.inFlight);
  }
}
