import { OutboxRelay, type Logger, type OutboxRelayOptions } from "@rsv/kit";
import { HandoverRefused, type AnalyticsClient } from "../clients/analytics.client.js";
import type { ClickOutbox, PendingClick } from "../repository/click-outbox.repository.js";

export { retryDelayMs } from "@rsv/kit";

/**
 * Hands the outbox's clicks to analytics in the background (the kit's OutboxRelay), so the redirect
 * waits on one local insert and never on analytics. A click leaves the outbox only once analytics has
 * accepted it (202: in its queue); one that fails waits and is tried again, so an analytics outage
 * delays clicks without losing them. A click analytics refused (a 4xx other than 429) 20 times is dropped.
 */
export class ClickRelay extends OutboxRelay<PendingClick> {
  constructor(
    outbox: ClickOutbox,
    analytics: AnalyticsClient,
    logger: Logger,
    options: Partial<OutboxRelayOptions> = {},
  ) {
    super(
      outbox,
      {
        what: "click",
        deliver: (pending) =>
          analytics.recordClick(pending.click, pending.origin, { eventId: pending.id, occurredAt: pending.occurredAt }),
        refuses: (error) => error instanceof HandoverRefused && error.refusesTheClick,
      },
      logger,
      options,
    );
  }
}
