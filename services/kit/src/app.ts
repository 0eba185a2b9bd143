import { randomUUID } from "node:crypto";
import Koa, { type Context, type Next } from "koa";
import Router from "@koa/router";
import { koaBody } from "koa-body";
import type { Knex } from "knex";
import type { operations as Operations } from "@rsv/api/schema";
import { operation, validateRequest } from "./contract.js";
import { HttpError, badRequest, notFound, payloadTooLarge, unauthorized } from "./errors.js";
import type { Logger } from "./logger.js";
import { createMetrics } from "./metrics.js";
import { ping } from "./db.js";
import type { AdminUser, SessionResolver } from "./session.js";

export type OperationId = keyof Operations;

type PathOf<O> = O extends { parameters: { path: infer P } } ? ([P] extends [undefined] ? object : P) : object;
type QueryOf<O> = O extends { parameters: { query?: infer Q } }
  ? [Q] extends [undefined]
    ? object
    : NonNullable<Q>
  : object;
type BodyOf<O> = O extends { requestBody: { content: { "application/json": infer B } } }
  ? B
  : O extends { requestBody?: { content: { "application/json": infer B } } }
    ? B | undefined
    : undefined;

/** What a handler receives: the request's parts after validation against the contract. */
export interface Input<K extends OperationId> {
  params: PathOf<Operations[K]>;
  query: QueryOf<Operations[K]>;
  body: BodyOf<Operations[K]>;
  admin: AdminUser | null;
}

export type Handler<K extends OperationId> = (ctx: Context, input: Input<K>) => Promise<void> | void;

export interface OperationRouter {
  /** Binds a handler to an operation of openapi.yaml: method, path, access and validation come from the spec. */
  on<K extends OperationId>(operationId: K, handler: Handler<K>): void;
  /** For a route outside the contract (none should be needed beyond health). */
  raw: Router;
}

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  db: Knex;
  resolveSession: SessionResolver;
  readiness?: Array<() => Promise<void>>;
  jsonLimit?: string;
  routes(router: OperationRouter): void;
}

function requestId(ctx: Context): string {
  const incoming = ctx.get("x-request-id");
  return /^[\w.-]{8,128}$/.test(incoming) ? incoming : randomUUID();
}

export function createServiceApp(options: ServiceAppOptions): Koa {
  const { name, logger, db } = options;
  const app = new Koa();
  // Behind nginx: ctx.ip and the protocol come from X-Forwarded-* headers.
  app.proxy = true;
  const metrics = createMetrics(name);

  app.use(async (ctx: Context, next: Next) => {
    const started = process.hrtime.bigint();
    const id = requestId(ctx);
    ctx.state.requestId = id;
    ctx.state.log = logger.child({ reqId: id });
    ctx.set("X-Request-Id", id);
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw notFound(`No route for ${ctx.method} ${ctx.path}`);
    } catch (error) {
      const failure = toHttpError(error);
      if (failure.status >= 500) ctx.state.log.error({ err: error }, "request failed");
      ctx.status = failure.status;
      ctx.set(failure.headers);
      ctx.body = failure.toBody();
      metrics.errors.inc({ operation: String(ctx.state.operationId ?? "none"), code: failure.code });
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (ctx.path !== "/metrics" && ctx.path !== "/healthz" && ctx.path !== "/readyz") {
        ctx.state.log.info(
          { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(seconds * 1000) },
          "request",
        );
      }
      metrics.requestDuration.observe(
        { method: ctx.method, operation: String(ctx.state.operationId ?? "none"), status: String(ctx.status) },
        seconds,
      );
    }
  });

  app.use(
    koaBody({
      json: true,
      jsonLimit: options.jsonLimit ?? "256kb",
      urlencoded: false,
      text: false,
      multipart: false,
      jsonStrict: true,
      onError: (error) => {
        throw (error as { status?: number }).status === 413
          ? payloadTooLarge("Request body is too large")
          : badRequest("Request body is not valid JSON");
      },
    }),
  );

  const router = new Router();
  router.get("/healthz", (ctx) => {
    ctx.body = { status: "ok" };
  });
  router.get("/readyz", async (ctx) => {
    try {
      await Promise.all([ping(db), ...(options.readiness ?? []).map((check) => check())]);
      ctx.body = { status: "ok" };
    } catch (error) {
      ctx.state.log.warn({ err: error }, "not ready");
      ctx.status = 503;
      ctx.body = { status: "unavailable" };
    }
  });
  router.get("/metrics", async (ctx) => {
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });

  const bind: OperationRouter = {
    raw: router,
    on(operationId, handler) {
      const op = operation(operationId);
      router[op.method](op.routerPath, async (ctx: Context) => {
        ctx.state.operationId = operationId;
        const admin = op.access === "public" ? null : await options.resolveSession(ctx);
        if (op.access === "admin" && !admin) throw unauthorized();
        const params: Record<string, unknown> = { ...ctx.params };
        const query: Record<string, unknown> = { ...ctx.query };
        const body: unknown = op.jsonBody ? (ctx.request.body ?? {}) : undefined;
        validateRequest(op, { params, query, body });
        await handler(ctx, { params, query, body, admin } as Input<typeof operationId>);
      });
    },
  };
  options.routes(bind);
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  return app;
}

/**
 * What the client is told about a failure: our own HttpErrors as they are, errors Koa or its
 * middleware marked safe to expose (4xx) by their status, anything else as a bare 500.
 */
function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const { status, expose, message } = (error ?? {}) as { status?: unknown; expose?: unknown; message?: unknown };
  if (typeof status === "number" && status >= 400 && status < 500 && expose === true && typeof message === "string") {
    return new HttpError(status, status === 413 ? "payload_too_large" : "validation_failed", message);
  }
  return new HttpError(500, "internal", "Something went wrong on our side");
}
