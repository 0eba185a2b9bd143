import Koa, { type Middleware } from "koa";
import type { Logger } from "./logger.js";
import type { HttpMetrics } from "./metrics.js";

export type ReadinessCheck = () => Promise<void>;

/**
 * Longest a readiness check may take before it counts as failed. A database that stopped answering
 * (rather than refusing) must not make /readyz hang: an orchestrator's probe would time out and
 * learn nothing, and the probes would pile up.
 */
export const READINESS_TIMEOUT_MS = 2_000;

function withinTimeout(check: ReadinessCheck, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`readiness check did not answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export interface ProbeOptions {
  metrics: HttpMetrics;
  logger: Logger;
  /** /healthz answers 503 when this says the process can no longer do its work. */
  alive?: () => boolean;
  /** /readyz answers 503 unless every check resolves (database, Redis, ...). */
  readiness?: ReadinessCheck[];
}

/**
 * /healthz, /readyz and /metrics for every process. They answer on the process's own port; the
 * gateway never routes them (it answers its own /healthz and maps the rest to a page or the API).
 */
export function probes(options: ProbeOptions): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return next();
    switch (ctx.path) {
      case "/healthz": {
        const alive = options.alive?.() ?? true;
        ctx.status = alive ? 200 : 503;
        ctx.body = { status: alive ? "ok" : "unavailable" };
        return;
      }
      case "/readyz":
        try {
          await Promise.all((options.readiness ?? []).map((check) => withinTimeout(check, READINESS_TIMEOUT_MS)));
          ctx.body = { status: "ok" };
        } catch (error) {
          options.logger.warn({ err: error }, "not ready");
          ctx.status = 503;
          ctx.body = { status: "unavailable" };
        }
        return;
      case "/metrics":
        ctx.type = options.metrics.registry.contentType;
        ctx.body = await options.metrics.registry.metrics();
        return;
      default:
        return next();
    }
  };
}

/** A process whose only HTTP is its probes (the analytics worker): anything else is a JSON 404. */
export function createProbeApp(options: ProbeOptions): Koa {
  const app = new Koa();
  app.use(probes(options));
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { error: { code: "not_found", message: "Not found" } };
  });
  return app;
}
