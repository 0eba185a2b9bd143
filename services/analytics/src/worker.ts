import { Counter, Gauge } from "prom-client";
import { baseConfigSchema } from "@rsv/kit/config";
import { closeDb, createDb, ping } from "@rsv/kit/db";
import { bullQueue, bullWorker } from "@rsv/kit/queue";
import { createHttpMetrics, createLogger, createProbeApp, loadConfig, serve } from "@rsv/kit/runtime";
import { pingRedis } from "./jobs/redis-health.js";
import { eventTask } from "./jobs/event-task.js";
import { startRollupJob } from "./jobs/rollups.js";
import { analyticsSettingsSchema } from "./config.js";
import { EventsRepository } from "./repository/events.repository.js";
import { RollupRepository } from "./repository/rollups.repository.js";

/**
 * The analytics worker: drains the BullMQ queue in batches into analytics.events (one multi-row
 * insert per batch), keeps the reports' roll-ups up to date, answers /healthz, /readyz and /metrics on PORT, and stops gracefully.
 */
// The worker consumes the queue in Redis: REDIS_URL is required (embedded mode needs no worker).
const config = loadConfig(baseConfigSchema.required({ REDIS_URL: true }));
const settings = loadConfig(analyticsSettingsSchema);
const logger = createLogger("analytics-worker", config.LOG_LEVEL);
const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolMax: config.DB_POOL_MAX });

const metrics = createHttpMetrics("analytics-worker");
const written = new Counter({
  name: "analytics_events_written_total",
  help: "Events written to PostgreSQL",
  registers: [metrics.registry],
});
const batches = new Counter({
  name: "analytics_batches_total",
  help: "Batches performed, by result",
  labelNames: ["result"],
  registers: [metrics.registry],
});

const task = eventTask(
  db,
  logger,
  {
    onWritten: (count) => {
      written.inc(count);
      batches.inc({ result: "ok" });
    },
    onBatchFailed: () => batches.inc({ result: "failed" }),
  },
  settings.ANALYTICS_RETENTION_DAYS,
);
const worker = bullWorker(task, config.REDIS_URL);
const rollups = startRollupJob(
  new RollupRepository(db, {
    timeZone: settings.ANALYTICS_TIME_ZONE,
    currency: settings.ANALYTICS_CURRENCY,
    retentionDays: settings.ANALYTICS_RETENTION_DAYS,
  }),
  new EventsRepository(db, settings.ANALYTICS_RETENTION_DAYS),
  settings.ANALYTICS_ROLLUP_INTERVAL_MS,
  logger,
);
// Read-only handle on the same queue, for the depth gauge and the readiness ping.
const probe = bullQueue(task, config.REDIS_URL);

new Gauge({
  name: "analytics_queue_jobs",
  help: "Jobs in the events queue, by state",
  labelNames: ["state"],
  registers: [metrics.registry],
  async collect() {
    const counts = await probe.queue.getJobCounts("waiting", "active", "delayed", "failed");
    for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
  },
});

worker.on("failed", (job, error) =>
  logger.warn({ err: error, jobId: job?.id, attempts: job?.attemptsMade }, "event job failed"),
);
worker.on("error", (error) => logger.error({ err: error }, "worker error"));

const probes = createProbeApp({
  metrics,
  logger,
  alive: () => worker.alive(),
  readiness: [() => ping(db), () => pingRedis(probe.queue)],
});

await serve(probes.callback(), {
  port: config.PORT,
  host: config.HOST,
  logger,
  message: `analytics worker running, queue ${task.name}`,
  cleanups: [
    // Waits for the active jobs, whose batch is written within maxWaitMs; then the rest.
    () => worker.close(),
    () => worker.batcher.drain(),
    () => rollups.stop(),
    () => probe.close(),
    () => closeDb(db),
  ],
});
