import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import { baseConfigSchema, closeDb, createDb, createLogger, loadConfig, ping } from "@rsv/kit";
import { bullQueue, bullWorker } from "@rsv/kit/queue";
import { pingRedis } from "./events/redis-health.js";
import { eventTask } from "./events/task.js";

/**
 * The analytics worker: drains the BullMQ queue in batches into analytics.events (one multi-row
 * insert per batch), serves /healthz, /readyz and /metrics on PORT, and stops gracefully.
 */
const config = loadConfig(baseConfigSchema);
const logger = createLogger("analytics-worker", config.LOG_LEVEL);
if (!config.REDIS_URL) {
  logger.fatal("REDIS_URL is required: the worker consumes the BullMQ queue (embedded mode needs no worker)");
  process.exit(1);
}
const redisUrl = config.REDIS_URL;
const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolMax: config.DB_POOL_MAX });

const registry = new Registry();
registry.setDefaultLabels({ service: "analytics-worker" });
collectDefaultMetrics({ register: registry });
const written = new Counter({
  name: "analytics_events_written_total",
  help: "Events written to PostgreSQL",
  registers: [registry],
});
const batches = new Counter({
  name: "analytics_batches_total",
  help: "Batches performed, by result",
  labelNames: ["result"],
  registers: [registry],
});

const task = eventTask(db, logger, {
  onWritten: (count) => {
    written.inc(count);
    batches.inc({ result: "ok" });
  },
  onBatchFailed: () => batches.inc({ result: "failed" }),
});
const worker = bullWorker(task, redisUrl);
// Read-only handle on the same queue, for the depth gauge and the readiness ping.
const probe = bullQueue(task, redisUrl);

new Gauge({
  name: "analytics_queue_jobs",
  help: "Jobs in the events queue, by state",
  labelNames: ["state"],
  registers: [registry],
  async collect() {
    const counts = await probe.queue.getJobCounts("waiting", "active", "delayed", "failed");
    for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
  },
});

worker.on("failed", (job, error) =>
  logger.warn({ err: error, jobId: job?.id, attempts: job?.attemptsMade }, "event job failed"),
);
worker.on("error", (error) => logger.error({ err: error }, "worker error"));

async function ready(): Promise<void> {
  await Promise.all([ping(db), pingRedis(probe.queue)]);
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { "content-type": type });
  res.end(body);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? "/", "http://worker").pathname;
  if (req.method !== "GET") return send(res, 405, "application/json", '{"status":"method not allowed"}');
  if (path === "/healthz") {
    const running = worker.isRunning();
    return send(
      res,
      running ? 200 : 503,
      "application/json",
      JSON.stringify({ status: running ? "ok" : "unavailable" }),
    );
  }
  if (path === "/readyz") {
    try {
      await ready();
      return send(res, 200, "application/json", '{"status":"ok"}');
    } catch (error) {
      logger.warn({ err: error }, "not ready");
      return send(res, 503, "application/json", '{"status":"unavailable"}');
    }
  }
  if (path === "/metrics") return send(res, 200, registry.contentType, await registry.metrics());
  return send(res, 404, "application/json", '{"error":{"code":"not_found","message":"Not found"}}');
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    logger.error({ err: error }, "worker http request failed");
    if (!res.headersSent)
      send(res, 500, "application/json", '{"error":{"code":"internal","message":"Something went wrong"}}');
  });
});
// The health server is a convenience: a taken port must not stop the queue from draining.
server.on("error", (error) => logger.error({ err: error, port: config.PORT }, "worker health server not listening"));
server.listen(config.PORT, () => logger.info({ port: config.PORT, queue: task.name }, "analytics worker running"));

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info(`received ${signal}, shutting down`);
  const deadline = setTimeout(() => process.exit(1), 15_000);
  deadline.unref();
  server.close();
  // Waits for the active jobs, whose batch is written within maxWaitMs; then the rest.
  await worker.close().catch((error: unknown) => logger.error({ err: error }, "worker close failed"));
  await worker.batcher.drain().catch(() => undefined);
  await probe.close().catch(() => undefined);
  await closeDb(db).catch(() => undefined);
  logger.info("analytics worker stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
