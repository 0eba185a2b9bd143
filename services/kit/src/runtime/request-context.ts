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
 * A request's state as it starts: its id, and its logger made on first use (most requests of a busy
 * operation log nothing but their access line, and a beacon's successes not even that).
 */
export class RequestState {
  quiet?: boolean;
  private made?: Logger;

  constructor(
    private readonly logger: Logger,
    readonly requestId: string,
  ) {}

  get log(): Logger {
    return (this.made ??= this.logger.child({ reqId: this.requestId }));
  }

  set log(value: Logger) {
    this.made = value;
  }
}

/** What a request's end is recorded by: its method, path, operation (or kind of page) and answer. */
export interface RequestEnd {
  method: string;
  path: string;
  route: string;
  status: number;
}

/** A failure answered: an error line when it is the server's (5xx), and its count by route and code. */
export function recordFailure(
  metrics: HttpMetrics,
  state: { log: Logger },
  end: Pick<RequestEnd, "route" | "status">,
  code: string,
  error: unknown,
): void {
  if (end.status >= 500) state.log.error({ err: error }, "request failed");
  metrics.errors.inc({ route: end.route, code });
}

/** A request answered: its access line (a quiet one's failures only) and its latency since `started`. */
export function recordRequest(
  metrics: HttpMetrics,
  state: { log: Logger; quiet?: boolean },
  end: RequestEnd,
  started: bigint,
): void {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (!state.quiet || end.status >= 400)
    state.log.info(
      { method: end.method, path: end.path, status: end.status, ms: Math.round(seconds * 1000) },
      "request",
    );
  metrics.requestDuration.observe({ method: end.method, route: end.route, status: String(end.status) }, seconds);
}

/**
 * The first middleware of every HTTP process: request id (echoed back), a request-scoped logger,
 * one access-log line and one latency observation per request (probes excepted), errors answered.
 * A beacon's lean path (beacon.ts) records its requests with the same functions.
 */
export function requestContext(options: RequestContextOptions): Middleware {
  const { logger, metrics } = options;
  const endOf = (ctx: Context): RequestEnd => ({
    method: ctx.method,
    path: ctx.path,
    route: options.routeLabel(ctx),
    status: ctx.status,
  });
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const id = requestId(ctx.get("x-request-id"));
    // The first middleware: nothing has put anything in Koa's empty state yet.
    ctx.state = new RequestState(logger, id);
    ctx.set("X-Request-Id", id);
    try {
      await next();
    } catch (error) {
      const code = options.onError(ctx, error);
      recordFailure(metrics, ctx.state, endOf(ctx), code, error);
    } finally {
      if (!probePaths.has(ctx.path)) recordRequest(metrics, ctx.state, endOf(ctx), started);
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
