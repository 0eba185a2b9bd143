import type { IncomingMessage, ServerResponse } from "node:http";
import Koa, { type Context } from "koa";
import Router from "@koa/router";
import bytes from "bytes";
import { koaBody } from "koa-body";
import type { Knex } from "knex";
import type { operations as Operations } from "@rsv/api/client";
import { operation } from "./contract.js";
import { assertSameOriginWrite } from "./origin.js";
import type { RateLimits } from "./rate-limit.js";
import { forbidden, notFound, payloadTooLarge, unauthorized } from "./errors.js";
import { ping } from "./db.js";
import { Beacons, type BeaconContext, type BeaconInput } from "./beacon.js";
import { admit, notJson, refuseDeepNesting, toHttpError } from "./request-checks.js";
import {
  clientAddress,
  conditionalGet,
  createHttpMetrics,
  logStrayErrors,
  probes,
  requestContext,
  type Logger,
  type ReadinessCheck,
} from "./runtime/index.js";
import type { AdminUser, SessionResolver } from "./session.js";
import { ReadCache } from "./read-cache.js";
import { auditEventOf, type AuditSink } from "./audit.js";

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

export interface BindOptions {
  /**
   * Keep this public GET's anonymous answers as bytes in the service's read cache (see read-cache.ts):
   * only for answers that depend on nothing but the path and query.
   */
  readCache?: boolean;
}

/** A beacon's handler (see beacon.ts): it sees the part of the context both of its paths give it. */
export type BeaconHandler<K extends OperationId> = (ctx: BeaconContext, input: Input<K>) => Promise<void> | void;

export interface OperationRouter {
  /** Binds a handler to an operation of the contract: method, path, access and validation come from it. */
  on<K extends OperationId>(operationId: K, handler: Handler<K>, options?: BindOptions): void;
  /**
   * Binds a beacon, a public POST to a fixed path that browsers send for every page: its ordinary
   * requests are answered before Koa, the others through it, by the same handler and rules.
   */
  beacon<K extends OperationId>(operationId: K, handler: BeaconHandler<K>): void;
}

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  db: Knex;
  resolveSession: SessionResolver;
  readiness?: ReadinessCheck[];
  jsonLimit?: string;
  /** Larger JSON limits for these exact paths (the request of an operation that carries a file's text). */
  jsonLimits?: Record<string, string>;
  /** Proxies whose X-Forwarded-* headers are believed for ctx.ip and ctx.host (see clientAddress). */
  trustedProxies: string[];
  /** Where operations with an `x-rate-limit` in the contract count their callers. */
  rateLimits?: RateLimits;
  /**
   * The services' shared secret: a call presenting it is counted on the visitor it names
   * (x-visitor-address), and one that names none is a process's own and not counted.
   */
  internalToken?: string;
  /**
   * Where the events of the operations the contract audits (admin writes and exports) go once they
   * answered 2xx; a service binding such an operation must have one.
   */
  audit?: AuditSink;
  /** Where opted-in public reads are kept; by default none are (a cache with no lifetime). */
  readCache?: ReadCache;
  routes(router: OperationRouter): void;
}

/** Answers a failure with the error envelope; returns the code it answered with. */
function answerError(ctx: Context, error: unknown): string {
  const failure = toHttpError(error);
  ctx.status = failure.status;
  ctx.set(failure.headers);
  ctx.body = failure.toBody();
  return failure.code;
}

/** A service's Koa application whose request listener answers beacons' ordinary requests itself. */
class ServiceApp extends Koa {
  beacons?: Beacons;

  override callback(): ReturnType<Koa["callback"]> {
    const koa = super.callback();
    const beacons = this.beacons;
    if (!beacons) return koa;
    // The services speak HTTP/1.1 only (behind the gateway).
    return (req, res) =>
      beacons.serve(req as IncomingMessage, res as ServerResponse) ? Promise.resolve() : koa(req, res);
  }
}

export function createServiceApp(options: ServiceAppOptions): Koa {
  const { name, logger, db } = options;
  const app = new ServiceApp();
  // Behind nginx: the host and protocol come from X-Forwarded-* headers; ctx.ip from clientAddress.
  app.proxy = true;
  logStrayErrors(app, logger);

  const metrics = createHttpMetrics(name);
  const readCache = options.readCache ?? new ReadCache({ ttlMs: 0 });

  app.use(
    requestContext({
      logger,
      metrics,
      routeLabel: (ctx) => String(ctx.state.operationId ?? "none"),
      onError: answerError,
    }),
  );
  app.use(clientAddress(options.trustedProxies, options.internalToken));
  app.use(probes({ metrics, logger, readiness: [() => ping(db), ...(options.readiness ?? [])] }));
  app.use(readCache.middleware());
  app.use(conditionalGet());
  app.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) throw notFound(`No route for ${ctx.method} ${ctx.path}`);
  });

  const jsonBody = (jsonLimit: string) =>
    koaBody({
      json: true,
      jsonLimit,
      urlencoded: false,
      text: false,
      multipart: false,
      jsonStrict: true,
      onError: (error) => {
        throw (error as { status?: number }).status === 413 ? payloadTooLarge("Request body is too large") : notJson();
      },
    });
  const defaultLimit = options.jsonLimit ?? "256kb";
  const jsonLimitOf = (path: string) => options.jsonLimits?.[path] ?? defaultLimit;
  const defaultBody = jsonBody(defaultLimit);
  // A path named in jsonLimits (an upload of a file's text) takes its own, larger limit.
  const largerBodies = new Map(
    Object.entries(options.jsonLimits ?? {}).map(([path, limit]) => [path, jsonBody(limit)]),
  );
  app.use((ctx, next) => (largerBodies.get(ctx.path) ?? defaultBody)(ctx, next));
  app.use(async (ctx, next) => {
    refuseDeepNesting(ctx.request.body);
    await next();
  });

  // Strict: only the contract's own paths, so `/api/newsletter/` (what `/api/newsletter/x/..` resolves
  // to) is not `/api/newsletter` and answers 404 instead of another operation.
  const router = new Router({ strict: true });
  // Made by the first beacon bound; the app's request listener then answers their ordinary requests.
  let beacons: Beacons | undefined;
  const bind: OperationRouter = {
    on(operationId, handler, bindOptions = {}) {
      const op = operation(operationId);
      const cached = bindOptions.readCache === true;
      // A kept answer is sent before access checks and rate limits would run: only for public GETs without a budget.
      if (cached && (op.method !== "get" || op.access === "admin" || op.rateLimit))
        throw new Error(
          `${operationId}: only a public GET without a rate limit can keep its answers in the read cache`,
        );
      const writes = op.method !== "get";
      const audit = op.audited ? options.audit : undefined;
      if (op.audited && !audit)
        throw new Error(`${operationId} goes into the activity log: ${name} needs an audit sink`);
      router[op.method](op.routerPath, async (ctx: Context) => {
        ctx.state.operationId = operationId;
        if (op.access === "admin") assertSameOriginWrite(ctx);
        const admin = op.access === "public" ? null : await options.resolveSession(ctx);
        if (op.access === "admin" && !admin) throw unauthorized();
        // The role comes before rate limits and validation: an editor learns nothing of an owner's operation.
        if (op.roles && !op.roles.includes(admin!.role))
          throw forbidden(`Only ${op.roles.join(" or ")} accounts may do this`);
        const params: Record<string, unknown> = { ...ctx.params };
        const query: Record<string, unknown> = { ...ctx.query };
        const body: unknown = op.jsonBody ? (ctx.request.body ?? {}) : undefined;
        if (await admit(op, ctx, { params, query, body }, options)) ctx.state.overBudget = true;
        if (writes) {
          // Whatever a write changed, no kept read may outlive it (even a failed write may have changed something).
          try {
            await handler(ctx, { params, query, body, admin } as Input<typeof operationId>);
          } finally {
            readCache.clear();
          }
        } else {
          await handler(ctx, { params, query, body, admin } as Input<typeof operationId>);
          if (cached && !admin) readCache.offer(ctx, operationId);
        }
        // What an admin sees (drafts, subscribers, figures) is never kept by a shared cache.
        if (admin) ctx.set("Cache-Control", "private, no-store");
        if (audit && admin && ctx.status >= 200 && ctx.status < 300 && ctx.state.audit?.preview !== true) {
          // The operation is done: a log that cannot be written is an alarm, not the admin's failure.
          await audit
            .record(auditEventOf(ctx, op, admin, name))
            .catch((error: unknown) => ctx.state.log.error({ err: error, operationId }, "activity log event lost"));
        }
      });
    },
    beacon(operationId, handler) {
      beacons ??= new Beacons({ ...options, app, logger, metrics, readCache });
      const op = operation(operationId);
      // The lean path hands the handler the same parts the contract validated, as Koa's path does.
      const lean = handler as (ctx: BeaconContext, input: BeaconInput) => Promise<void> | void;
      beacons.add({ op, handler: lean, limitBytes: bytes.parse(jsonLimitOf(op.routerPath)) ?? 0 });
      // What the lean path leaves to Koa (a chunked body, a query string, another type) comes here.
      bind.on(operationId, handler);
    },
  };
  options.routes(bind);
  app.beacons = beacons;
  app.use(router.routes());
  // No 405 with a bare text body: a method the contract does not give a path falls through to the
  // 404 envelope above ("No route for …"), as any other path outside the contract does.
  return app;
}
