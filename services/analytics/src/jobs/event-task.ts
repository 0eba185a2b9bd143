import { isDatabaseUnavailable, isRowRefused } from "@rsv/kit/db";
import type { Logger } from "@rsv/kit/runtime";
import type { BatchTask } from "@rsv/kit/queue";
import type { EventRecord } from "../domain/event.js";
import { EventsRepository } from "../repository/events.repository.js";

/** The database handle the service was given; only the repository queries it. */
type Db = ConstructorParameters<typeof EventsRepository>[0];

export const EVENTS_QUEUE = "analytics-events";

export interface EventTaskHooks {
  onWritten?(count: number): void;
  onBatchFailed?(count: number): void;
  onDeadLettered?(count: number): void;
}

/**
 * The one task both queues run: in process (embedded mode) and in the BullMQ worker. When
 * PostgreSQL refuses a batch because of what a row holds, the rows are written one by one and only
 * the refused ones are set aside (analytics.dead_events, logged); their neighbours are stored. Any
 * other failure (database down) fails the batch, which is retried with backoff up to `attempts` times.
 */
export function eventTask(
  db: Db,
  logger: Logger,
  hooks: EventTaskHooks = {},
  retentionDays?: number,
): BatchTask<EventRecord> {
  const events = new EventsRepository(db, retentionDays);
  return {
    name: EVENTS_QUEUE,
    // Rows per multi-row insert. 200 let the worker's round trips to Redis and its inserts overlap:
    // in a drain of jobs of 10 events, 1,000-row inserts made the two take turns (8.6k rows/s against
    // 11 to 13.5k in the same conditions).
    batchSize: 200,
    maxWaitMs: 250,
    // Events per job of the producer's group commit, and jobs the worker runs at once: 100 jobs of
    // one event each (as queued before group commits) still make inserts of 100 rows.
    groupSize: 100,
    jobConcurrency: 100,
    // The worker rests this long when it finds the queue empty (see bullWorker): under a steady load of
    // single-event requests it took half the CPU per event, and the whole path about a fifth less.
    restMs: 250,
    attempts: 5,
    async perform(batch) {
      try {
        await events.insert(batch);
        hooks.onWritten?.(batch.length);
        return;
      } catch (error) {
        if (!isRowRefused(error)) throw error;
      }
      let written = 0;
      for (const event of batch) {
        try {
          await events.insert([event]);
          written += 1;
        } catch (error) {
          if (!isRowRefused(error)) throw error;
          const reason = error instanceof Error ? error.message : String(error);
          logger.error(
            { uid: event.uid, eventType: event.eventType, reason },
            "event refused by the database, set aside",
          );
          await events.deadLetter(event, reason);
          hooks.onDeadLettered?.(1);
        }
      }
      hooks.onWritten?.(written);
    },
    unavailable: isDatabaseUnavailable,
    onFailed(error, batch) {
      hooks.onBatchFailed?.(batch.length);
      logger.warn({ err: error, size: batch.length }, "event batch failed, it will be retried");
    },
  };
}
