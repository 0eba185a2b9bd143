import { loadConfig, type ServiceDefinition } from "@rsv/kit";
import { bullQueue, bullWorker, inProcessQueue } from "@rsv/kit/queue";
import { analyticsSettingsSchema } from "./config.js";
import { ProductNames } from "./clients/product-names.js";
import { pingRedis } from "./jobs/redis-health.js";
import { eventTask } from "./jobs/event-task.js";
import { purgeExpiredEvents } from "./jobs/retention.js";
import { migrations } from "./migrations/index.js";
import { DailySalts } from "./repository/salts.repository.js";
import { EventsRepository } from "./repository/events.repository.js";
import { ReportRepository } from "./repository/report.repository.js";
import { analyticsRoutes } from "./routes/analytics.routes.js";

/** Track bodies are small; anything larger is refused before it is parsed (413). */
export const TRACK_BODY_LIMIT = "4kb";
/**
 * A batch of at most 20 page views (the contract's cap): 32 KB holds 20 of ordinary addresses many times
 * over; the browser's tracker splits what would not fit.
 */
export const TRACK_BATCH_BODY_LIMIT = "32kb";

export const analyticsService: ServiceDefinition = {
  name: "analytics",
  schema: "analytics",
  migrations,
  create: (deps) => {
    const { config } = deps;
    const settings = loadConfig(analyticsSettingsSchema, deps.env);
    const task = eventTask(deps.db, deps.logger);
    // With Redis this process only produces; the worker (src/worker.ts) consumes. Without Redis
    // (embedded mode) the same task batches in process.
    const redis = config.REDIS_URL ? bullQueue(task, config.REDIS_URL) : undefined;
    const queue = redis ?? inProcessQueue(task);
    const inlineWorker =
      config.REDIS_URL && settings.ANALYTICS_INLINE_WORKER ? bullWorker(task, config.REDIS_URL) : undefined;
    const events = new EventsRepository(deps.db);
    const purge = () => purgeExpiredEvents(events, settings.ANALYTICS_RETENTION_DAYS, deps.logger);
    const purgeTimer = setInterval(() => void purge(), 3_600_000);
    purgeTimer.unref();
    const firstPurge = setTimeout(() => void purge(), 30_000);
    firstPurge.unref();
    return {
      jsonLimit: TRACK_BODY_LIMIT,
      jsonLimitByPath: { "/api/analytics/track/batch": TRACK_BATCH_BODY_LIMIT },
      // Ready only when Redis answers too, when the queue lives there.
      readiness: redis ? [() => pingRedis(redis.queue)] : [],
      routes: (router) =>
        analyticsRoutes(router, {
          queue,
          salts: new DailySalts(deps.db),
          saltSecret: settings.ANALYTICS_SALT_SECRET,
          events,
          reports: new ReportRepository(deps.db, settings.ANALYTICS_TIME_ZONE),
          names: new ProductNames(deps.api, deps.logger),
          queueTimeoutMs: settings.ANALYTICS_QUEUE_TIMEOUT_MS,
          internalToken: config.INTERNAL_TOKEN,
        }),
      close: async () => {
        clearInterval(purgeTimer);
        clearTimeout(firstPurge);
        await inlineWorker?.close();
        await queue.close();
      },
    };
  },
};
