import { loadConfig, startAuditRelay, type ServiceDefinition } from "@rsv/kit";
import { bullQueue, bullWorker, inProcessQueue } from "@rsv/kit/queue";
import { analyticsSettingsSchema } from "./config.js";
import { ProductNames } from "./clients/product-names.js";
import { pingRedis } from "./jobs/redis-health.js";
import { eventTask } from "./jobs/event-task.js";
import { purgeExpiredEvents } from "./jobs/retention.js";
import { startRollupJob } from "./jobs/rollups.js";
import { migrations } from "./migrations/index.js";
import { DailySalts } from "./repository/salts.repository.js";
import { EventsRepository } from "./repository/events.repository.js";
import { ConversionsRepository } from "./repository/conversions.repository.js";
import { ReportRepository } from "./repository/report.repository.js";
import { RollupRepository } from "./repository/rollups.repository.js";
import { analyticsRoutes } from "./routes/analytics.routes.js";
import { CONVERSIONS_PATH, conversionRoutes } from "./routes/conversions.routes.js";

/** Track bodies are small; anything larger is refused before it is parsed (413). */
export const TRACK_BODY_LIMIT = "4kb";
/** A commissions import carries the file's text (at most 5,000,000 characters, some escaped in JSON). */
export const IMPORT_BODY_LIMIT = "12mb";
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
    const task = eventTask(deps.db, deps.logger, {}, settings.ANALYTICS_RETENTION_DAYS);
    // With Redis this process only produces; the worker (src/worker.ts) consumes. Without Redis
    // (embedded mode) the same task batches in process.
    const redis = config.REDIS_URL ? bullQueue(task, config.REDIS_URL) : undefined;
    const queue = redis ?? inProcessQueue(task);
    const inlineWorker =
      config.REDIS_URL && settings.ANALYTICS_INLINE_WORKER ? bullWorker(task, config.REDIS_URL) : undefined;
    const events = new EventsRepository(deps.db, settings.ANALYTICS_RETENTION_DAYS);
    // The roll-ups are kept by whichever process consumes the queue: this one without Redis or with
    // the inline worker, otherwise the worker (src/worker.ts).
    const rollupJob =
      !redis || inlineWorker
        ? startRollupJob(
            new RollupRepository(deps.db, {
              timeZone: settings.ANALYTICS_TIME_ZONE,
              currency: settings.ANALYTICS_CURRENCY,
              retentionDays: settings.ANALYTICS_RETENTION_DAYS,
            }),
            events,
            settings.ANALYTICS_ROLLUP_INTERVAL_MS,
            deps.logger,
          )
        : undefined;
    const purge = () => purgeExpiredEvents(events, settings.ANALYTICS_RETENTION_DAYS, deps.logger);
    const purgeTimer = setInterval(() => void purge(), 3_600_000);
    purgeTimer.unref();
    const firstPurge = setTimeout(() => void purge(), 30_000);
    firstPurge.unref();
    const audit = startAuditRelay({
      db: deps.db,
      schema: "analytics",
      api: deps.api,
      internalToken: config.INTERNAL_TOKEN,
      logger: deps.logger,
    });
    return {
      jsonLimit: TRACK_BODY_LIMIT,
      jsonLimits: { [CONVERSIONS_PATH]: IMPORT_BODY_LIMIT, "/api/analytics/track/batch": TRACK_BATCH_BODY_LIMIT },
      audit,
      // Ready only when Redis answers too, when the queue lives there.
      readiness: redis ? [() => pingRedis(redis.queue)] : [],
      routes: (router) => {
        conversionRoutes(router, {
          conversions: new ConversionsRepository(deps.db),
          currency: settings.ANALYTICS_CURRENCY,
        });
        analyticsRoutes(router, {
          queue,
          salts: new DailySalts(deps.db),
          saltSecret: settings.ANALYTICS_SALT_SECRET,
          events,
          reports: new ReportRepository(
            deps.db,
            settings.ANALYTICS_TIME_ZONE,
            settings.ANALYTICS_CURRENCY,
            settings.ANALYTICS_RETENTION_DAYS,
          ),
          names: new ProductNames(deps.api, deps.logger),
          queueTimeoutMs: settings.ANALYTICS_QUEUE_TIMEOUT_MS,
          internalToken: config.INTERNAL_TOKEN,
        });
      },
      close: async () => {
        await audit.close();
        clearInterval(purgeTimer);
        clearTimeout(firstPurge);
        await inlineWorker?.close();
        await queue.close();
        await rollupJob?.stop();
      },
    };
  },
};
