import type { Logger } from "@rsv/kit";
import type { EventsRepository } from "../repository/events.repository.js";

/**
 * Deletes events (and events set aside) older than the retention period and logs how many went of
 * each. Every replica runs it; deleting what is already gone costs nothing.
 */
export async function purgeExpiredEvents(
  events: Pick<EventsRepository, "purgeBefore">,
  retentionDays: number,
  logger: Logger,
  now = new Date(),
): Promise<void> {
  try {
    const removed = await events.purgeBefore(new Date(now.getTime() - retentionDays * 86_400_000));
    if (removed.events + removed.deadEvents > 0) logger.info({ removed }, "analytics events past retention deleted");
  } catch (error) {
    logger.warn({ err: error }, "analytics retention purge failed");
  }
}
