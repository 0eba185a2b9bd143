import type { Logger } from "@rsv/kit";
import type { Mailer } from "../clients/mail.client.js";
import { confirmationMessage, type SiteLinks } from "../domain/email.js";
import type { ConfirmationDue } from "../repository/subscribers.repository.js";

const TRIES = 4;

/**
 * Confirmation emails, sent in the background after the sign-up is answered: a temporary failure is
 * tried again a few times (2 s, 4 s, 8 s); one that still fails is logged, and the address stays
 * pending, so signing up again (after 10 minutes) sends a new link.
 */
export class Confirmations {
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly mailer: Mailer,
    private readonly links: SiteLinks,
    private readonly logger: Logger,
  ) {}

  send(due: ConfirmationDue): void {
    const message = confirmationMessage(this.links, {
      to: due.email,
      lang: due.language,
      token: due.token,
      unsubscribeToken: due.unsubscribeToken,
      subscriberId: due.subscriberId,
    });
    const run = (async () => {
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
        if (attempt < TRIES) await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt).unref());
      }
    })().catch((error: unknown) => this.logger.error({ err: error }, "confirmation failed"));
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.inFlight);
  }
}
