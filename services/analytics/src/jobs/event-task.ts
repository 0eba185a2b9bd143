import type { Knex, Logger } from "@rsv/kit";
import type { BatchTask } from "@rsv/kit/queue";
import type { EventRecord } from "../domain/event.js";

export const EVENTS_QUEUE = "analytics-events";

export interface EventTaskHooks {
  onWritten?(count: number): void;
  onBatchFailed?(count: number): void;
}

/** One multi-row insert per batch; a uid seen before (a retried job) is skipped. */
export async function insertEvents(db: Knex, batch: EventRecord[]): Promise<void> {
  await db("analytics.events")
    .insert(
      batch.map((event) => ({
        uid: event.uid,
        event_type: event.eventType,
        event_data: JSON.stringify(event.eventData),
        product_id: event.productId,
        user_agent: event.userAgent,
        referrer: event.referrer,
        visitor_hash: event.visitorHash,
        country: event.country,
        timestamp: event.timestamp,
      })),
    )
    .onConflict("uid")
    .ignore();
}

/**
 * The one task both queues run: in process (embedded mode) and in the BullMQ worker. Failed
 * batches are retried with exponential backoff, up to `attempts` times.
 */
export function eventTask(db: Knex, logger: Logger, hooks: EventTaskHooks = {}): BatchTask<EventRecord> {
  return {
    name: EVENTS_QUEUE,
    batchSize: 100,
    maxWaitMs: 250,
    attempts: 5,
    async perform(batch) {
      await insertEvents(db, batch);
      hooks.onWritten?.(batch.length);
    },
    onFailed(error, batch) {
      hooks.onBatchFailed?.(batch.length);
      logger.warn({ err: error, size: batch.length }, "event batch failed, it will be retried");
    },
  };
}
