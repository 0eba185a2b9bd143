import type { Logger } from "@rsv/kit";
import type { BatchTask } from "@rsv/kit/queue";
import type { EventRecord } from "../domain/event.js";
import { EventsRepository } from "../repository/events.repository.js";

/** The database handle the service was given; only the repository queries it. */
type Db = ConstructorParameters<typeof EventsRepository>[0];

export const EVENTS_QUEUE = "analytics-events";

export interface EventTaskHooks {
  onWritten?(count: number): void;
  onBatchFailed?(count: number): void;
}

/**
 * The one task both queues run: in process (embedded mode) and in the BullMQ worker. Failed
 * batches are retried with exponential backoff, up to `attempts` times.
 */
export function eventTask(db: Db, logger: Logger, hooks: EventTaskHooks = {}): BatchTask<EventRecord> {
  const events = new EventsRepository(db);
  return {
    name: EVENTS_QUEUE,
    batchSize: 100,
    maxWaitMs: 250,
    attempts: 5,
    async perform(batch) {
      await events.insert(batch);
      hooks.onWritten?.(batch.length);
    },
    onFailed(error, batch) {
      hooks.onBatchFailed?.(batch.length);
      logger.warn({ err: error, size: batch.length }, "event batch failed, it will be retried");
    },
  };
}
