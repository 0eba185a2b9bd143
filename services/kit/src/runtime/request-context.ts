import { randomUUID } from "node:crypto";
import type Koa from "koa";
import type { Context, Middleware } from "koa";
import type { Logger } from "./logger.js";
import type { HttpMetrics } from "./metrics.js";

declare module "koa" {
  interface DefaultState {
    requestId: string;
    log: Logger;
    /**
     * Set by an operation whose successful answers need no line of their own (the analytics beacon,
     * thousands a second, each already in the gateway's access log under the same request id):
     * its failures are still logged.
     */
    quiet?: boolean;
  }
}

const probePaths = new Set(["/healthz", "/readyz", "/metrics"]);

/** The caller's request id when it is well-formed (the gateway passes one on), else a new one. */
export function requestId(incoming: string): string {
  return /^[\w.-]{8,128}$/.test(incoming) ? incoming : randomUUID();
}

export interface RequestContextOptions {
  logger: Logger;
  metrics: HttpMetrics;
  /** A low-cardinality name for the request in metrics: an operation id, a kind of page. */
  routeLabel(ctx: Context): string;
  /** Turns a thrown error into the response; returns the stable code it answered with. */
  onError(ctx: Context, error: unknown): string;
}

/**
 * The first middleware of every HTTP process: request id (echoed back), a request-scoped logger,
 * one access-log line and one latency observation per request (probes excepted), errors answered.
 */
export function requestContext(options: RequestContextOptions): Middleware {
  const { logger, metrics } = options;
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const id = requestId(ctx.get("x-request-id"));
    ctx.state.requestId = id;
    // Made on first use: most requests of a busy operation log nothing but their access line.
    let log: Logger | undefined;
    Object.defineProperty(ctx.state, "log", {
      get: () => (log ??= logger.child({ reqId: id })),
      set: (value: Logger) => (log = value),
      configurable: true,
      enumerable: true,
    });
    ctx.set("X-Request-Id", id);
    try {
      await next();
    } catch (error) {
      const code = options.onError(ctx, error);
      if (ctx.status >= 500) ctx.state.log.error({ err: error }, "request failed");
      metrics.errors.inc({ route: options.routeLabel(ctx), code });
    } finally {
      if (!probePaths.has(ctx.path)) {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const route = options.routeLabel(ctx);
        if (!ctx.state.quiet || ctx.status >= 400)
          ctx.state.log.info(
            { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(seconds * 1000) },
            "request",
          );
        metrics.requestDuration.observe({ method: ctx.method, route, status: String(ctx.status) }, seconds);
      }
    }
  };
}

/**
 * What fails outside the middleware (a caller gone in the middle of a chunked body) reaches Koa's
 * "error" event, whose default prints a bare stack to stderr: a JSON warning like every other line instead.
 */
export function logStrayErrors(app: Koa, logger: Logger): void {
  app.on("error", (error: unknown, ctx?: Context) =>
    logger.warn({ err: error, reqId: ctx?.state.requestId, path: ctx?.path }, "request failed outside the handlers"),
  );
}
