import type { Logger } from "@rsv/kit";
import type { EventsRepository } from "../repository/events.repository.js";
import { RollupDaysFailed, type RollupRepository } from "../repository/rollups.repository.js";

/**
 * The day under way is recounted every five minutes, not at every turn: a busy day's recount is the
 * refresh's largest cost (measured in the worker drain of make bench), and reports read it from raw
 * events meanwhile.
 */
export const TODAY_EVERY_MS = 300_000;

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
  /** How often the day under way is recounted too (it is read from raw events meanwhile). */
  todayEveryMs = TODAY_EVERY_MS,
): RollupJob {
  let running: Promise<string[]> | undefined;
  let todayAt = 0;
  const runOnce = () => {
    running ??= (async () => {
      try {
        const now = Date.now();
        await events.prepareMonths([new Date(now), new Date(now + 7 * 86_400_000)]);
        const today = now - todayAt >= todayEveryMs;
        let days: string[];
        try {
          days = await rollups.refresh({ today });
        } catch (error) {
          if (!(error instanceof RollupDaysFailed)) throw error;
          // The other days were made, today among them when it was its turn.
          logger.warn(
            { err: error, failed: error.failed.map(({ day }) => day) },
            "analytics roll-ups of some days not made, they will be tried again",
          );
          days = error.done;
        }
        if (today) todayAt = now;
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
