import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import bourne from "@hapi/bourne";
import type Koa from "koa";
import type { OperationSpec } from "./contract.js";
import type { ReadCache } from "./read-cache.js";
import { admit, notJson, refuseDeepNesting, toHttpError, type Admission, type RequestParts } from "./request-checks.js";
import {
  CACHE_GENERATION_HEADER,
  RequestState,
  callerAddress,
  recordFailure,
  recordRequest,
  requestId,
  type HeaderSource,
  type HttpMetrics,
  type Logger,
} from "./runtime/index.js";

/**
 * Beacons: the operations a browser calls for every page it shows (analytics' page views), thousands
 * a second on a busy site. A beacon's ordinary request, a JSON body in UTF-8 with a Content-Length
 * within the limit and no query string, is answered before Koa sees it: without Koa's context, body
 * parser and the middleware every request passes, the analytics process spends 8 to 19 % less CPU per
 * page view (infra/bench/track-paths.ts). Anything else (a chunked or compressed body, another type, a query string) goes
 * through Koa to the same handler. Both paths apply the same rules with one home each: the checks and
 * the error envelope are request-checks.ts', the caller's address clientAddress's, headers and host
 * are read by Koa's own request object, and the body as koa-body reads it (strict JSON, a byte-order
 * mark dropped, `__proto__` refused, "Request body is not valid JSON" otherwise).
 */

/** The part of Koa's context a beacon's handler may use: Koa's context is one, and so is the lean path's. */
export interface BeaconContext extends HeaderSource {
  readonly ip: string;
  readonly hostname: string;
  state: { log: Logger; quiet?: boolean };
  /** The handler sets both: there is no default answer. The body goes out as JSON. */
  status: number;
  body: unknown;
}

export type BeaconInput = RequestParts & { admin: null };

interface BeaconRoute {
  op: OperationSpec;
  handler(ctx: BeaconContext, input: BeaconInput): Promise<void> | void;
  /** The JSON limit of the operation's path, in bytes: a longer body goes to Koa, which answers 413. */
  limitBytes: number;
}

export interface BeaconOptions extends Admission {
  /** The service's Koa application: its request object reads headers and the host (app.proxy included). */
  app: Koa;
  logger: Logger;
  metrics: HttpMetrics;
  trustedProxies: string[];
  readCache: ReadCache;
}

const JSON_IN_UTF8 = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
/** co-body's strict mode: an object or an array, after RFC 8259's whitespace. */
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[[{]/;
const BYTE_ORDER_MARK = 0xfeff;

/** A body koa-body would read as JSON, whole and uncompressed, of a declared length within `limit`. */
function plainJson(headers: IncomingHttpHeaders, limitBytes: number): boolean {
  const length = headers["content-length"];
  return (
    headers["transfer-encoding"] === undefined &&
    (headers["content-encoding"] ?? "identity") === "identity" &&
    length !== undefined &&
    /^\d{1,9}$/.test(length) &&
    Number(length) <= limitBytes &&
    JSON_IN_UTF8.test(headers["content-type"] ?? "")
  );
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    // A body cut short (the caller went away): koa-body's answer to it is the same 400. "close" comes
    // after every request, "end" or not: the error (and its stack trace, a twentieth of the path's
    // CPU) is made only for a body that did not arrive whole.
    req.on("error", () => reject(notJson()));
    req.on("close", () => {
      if (!req.complete) reject(notJson());
    });
  });
}

/** The body as koa-body parses it with jsonStrict: {} when empty. */
function parseJsonBody(raw: Buffer): unknown {
  let text = raw.toString("utf8");
  // raw-body decodes with iconv-lite, which drops a byte-order mark.
  if (text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
  if (text === "") return {};
  if (!OBJECT_OR_ARRAY.test(text)) throw notJson();
  try {
    return bourne.parse(text, { protoAction: "error" });
  } catch {
    throw notJson();
  }
}

const serialised = (body: unknown) => (body === undefined ? "" : JSON.stringify(body));

function send(res: ServerResponse, status: number, text: string, headers: Record<string, string>): void {
  if (text) headers["Content-Type"] = "application/json; charset=utf-8";
  headers["Content-Length"] = String(Buffer.byteLength(text));
  res.writeHead(status, headers);
  res.end(text);
}

export class Beacons {
  private readonly routes = new Map<string, BeaconRoute>();
  private readonly callerOf: ReturnType<typeof callerAddress>;

  constructor(private readonly options: BeaconOptions) {
    this.callerOf = callerAddress(options.trustedProxies, options.internalToken);
  }

  add(route: BeaconRoute): void {
    if (route.op.method !== "post" || route.op.access !== "public" || route.op.routerPath.includes(":"))
      throw new Error(`${route.op.operationId}: a beacon is a public POST to a fixed path`);
    if (route.op.rateLimit?.whenSpent === "serve")
      throw new Error(`${route.op.operationId}: a beacon refuses a caller over budget`);
    this.routes.set(route.op.routerPath, route);
  }

  /** Answers the request when it is a beacon's ordinary form and returns true; false leaves it to Koa. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "POST") return false;
    // The exact path: one with a query string, or that only Koa's router would match, goes to Koa.
    const route = this.routes.get(req.url ?? "");
    if (!route || !plainJson(req.headers, route.limitBytes)) return false;
    this.answer(route, req, res).catch((error: unknown) => {
      // Every failure before the answer's write is answered in the envelope; this is the last guard.
      this.options.logger.error({ err: error, path: route.op.routerPath }, "beacon answer failed");
      res.destroy();
    });
    return true;
  }

  /** requestContext's, the body parser's and the operation's work for one beacon, in Koa's order. */
  private async answer(route: BeaconRoute, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { app, logger, metrics, readCache } = this.options;
    const { operationId } = route.op;
    const started = process.hrtime.bigint();
    const request = Object.create(app.request) as Koa.Request;
    request.app = app;
    request.req = req;
    const get = (name: string) => request.get(name);
    const reqId = requestId(get("x-request-id"));
    // Before the host is read: the forwarded headers of a proxy that is not trusted are dropped.
    const ip = this.callerOf(req, request);
    const ctx: BeaconContext = {
      ip,
      hostname: request.hostname,
      get,
      state: new RequestState(logger, reqId),
      status: 404,
      body: undefined,
    };
    let headers: Record<string, string> = {};
    let text = "";
    try {
      readCache.noteGeneration(get(CACHE_GENERATION_HEADER));
      const body = parseJsonBody(await readBody(req));
      refuseDeepNesting(body);
      const parts: RequestParts = { params: {}, query: {}, body };
      await admit(route.op, ctx, parts, this.options);
      try {
        await route.handler(ctx, { ...parts, admin: null });
      } finally {
        // A write: no kept read may outlive it.
        readCache.clear();
      }
      text = serialised(ctx.body);
    } catch (error) {
      const failure = toHttpError(error);
      ctx.status = failure.status;
      ctx.body = failure.toBody();
      text = serialised(ctx.body);
      headers = failure.headers;
      recordFailure(metrics, ctx.state, { route: operationId, status: failure.status }, failure.code, error);
    }
    send(res, ctx.status, text, { ...headers, "X-Request-Id": reqId });
    recordRequest(
      metrics,
      ctx.state,
      { method: "POST", path: route.op.routerPath, route: operationId, status: ctx.status },
      started,
    );
    metrics.leanBeacons.inc({ route: operationId });
  }
}
