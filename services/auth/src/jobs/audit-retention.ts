import type { Logger } from "@rsv/kit";
import type { AuditEventsRepository } from "../repository/audit-events.repository.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Drops activity-log events older than `retentionDays`, once at start and then daily. Every replica
 * runs it; the delete is the same wherever it runs, so running it twice costs nothing.
 */
export function startAuditRetention(
  events: AuditEventsRepository,
  retentionDays: number,
  logger: Logger,
): { close(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const purge = () => {
    running = events
      .purgeOlderThan(retentionDays)
      .then((purged) => {
        if (purged > 0) logger.info({ purged, retentionDays }, "activity log events past retention purged");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "activity log purge failed, it runs again tomorrow"));
  };
  purge();
  const timer = setInterval(purge, DAY_MS);
  timer.unref();
  return {
    close: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
