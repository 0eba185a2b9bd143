import type { Logger } from "@rsv/kit";
import type { EventsRepository } from "../repository/events.repository.js";
import type { RollupRepository } from "../repository/rollups.repository.js";

export interface RollupJob {
  /** One refresh now (the next timer's turn is skipped if it is still running). */
  runOnce(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Keeps the roll-ups up to date every `intervalMs` (in the worker, or in the one process of embedded
 * mode) and makes next month's partition of raw events ahead of time. A failed round is logged and the
 * next one tries again: the changed hours stay listed until a refresh commits.
 */
export function startRollupJob(
  rollups: Pick<RollupRepository, "refresh">,
  events: Pick<EventsRepository, "prepareMonths">,
  intervalMs: number,
  logger: Logger,
): RollupJob {
  let running: Promise<string[]> | undefined;
  const runOnce = () => {
    running ??= (async () => {
      try {
        const now = Date.now();
        await events.prepareMonths([new Date(now), new Date(now + 7 * 86_400_000)]);
        const days = await rollups.refresh();
        if (days.length > 0) logger.debug({ days: days.length }, "analytics roll-ups refreshed");
        return days;
      } catch (error) {
        logger.warn({ err: error }, "analytics roll-up refresh failed, it will be tried again");
        return [];
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
