import { validateRequest, type OperationSpec } from "./contract.js";
import { isDatabaseUnavailable } from "./db.js";
import { HttpError, badRequest } from "./errors.js";
import type { Caller, RateLimits } from "./rate-limit.js";
import { isOwnInternalCall, type HeaderSource } from "./runtime/index.js";

/**
 * The checks every operation's request passes, whichever path serves it (Koa's middleware, or a
 * beacon's lean path, see beacon.ts), and how a failure becomes the client's answer.
 */

/** The answer to a body that is not a JSON object or array (or that was cut short). */
export const notJson = () => badRequest("Request body is not valid JSON");

/**
 * How deep a JSON body may nest. The contract's deepest body is a handful of levels; JSON.parse
 * takes hundreds of thousands, which every recursive walk after it (checks, validation,
 * serialisation) would overflow the stack on.
 */
export const MAX_JSON_DEPTH = 64;

/** Each value below `root` (root included) with its path and depth, without recursion. */
function* walk(root: unknown, rootPath: string): Generator<{ value: unknown; path: string; depth: number }> {
  const pending = [{ value: root, path: rootPath, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    yield next;
    const { value, path, depth } = next;
    if (value && typeof value === "object") {
      const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
      for (const [key, item] of entries) pending.push({ value: item, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
}

/** A parsed JSON body nested deeper than MAX_JSON_DEPTH is refused before anything else looks at it. */
export function refuseDeepNesting(body: unknown): void {
  for (const { value, depth } of walk(body, "body")) {
    if (depth > MAX_JSON_DEPTH && value && typeof value === "object")
      throw badRequest(`Request body is nested more than ${MAX_JSON_DEPTH} levels deep`);
  }
}

/**
 * PostgreSQL text cannot hold U+0000, and no field of the site has a use for it: a request that
 * carries one anywhere (path, query or body) is refused before validation, never stored or queued.
 */
export function refuseNulCharacters(input: Record<string, unknown>): void {
  for (const [location, root] of Object.entries(input)) {
    for (const { value, path } of walk(root, location)) {
      if (typeof value === "string" && value.includes("\u0000"))
        throw badRequest("Text must not contain NUL characters", [{ path, message: "contains a NUL character" }]);
      if (
        value &&
        typeof value === "object" &&
        !Array.isArray(value) &&
        Object.keys(value).some((key) => key.includes("\u0000"))
      )
        throw badRequest("Text must not contain NUL characters", [{ path, message: "a key contains a NUL character" }]);
    }
  }
}

/**
 * What the client is told about a failure: our own HttpErrors as they are, errors Koa or its
 * middleware marked safe to expose (4xx) by their status, the database being away as a 503, anything
 * else as a bare 500.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const { status, expose, message } = (error ?? {}) as { status?: unknown; expose?: unknown; message?: unknown };
  if (typeof status === "number" && status >= 400 && status < 500 && expose === true && typeof message === "string") {
    return new HttpError(status, status === 413 ? "payload_too_large" : "validation_failed", message);
  }
  // PostgreSQL restarting is an outage, not a bug: 503 tells clients and the gateway to try again.
  if (isDatabaseUnavailable(error)) {
    return new HttpError(503, "unavailable", "Service temporarily unavailable", undefined, { "Retry-After": "5" });
  }
  return new HttpError(500, "internal", "Something went wrong on our side");
}

/** A request's parts as the contract names them. */
export interface RequestParts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface Admission {
  rateLimits?: RateLimits;
  /** The services' shared secret: a process calling on its own behalf spends no visitor's budget. */
  internalToken?: string;
}

/**
 * What an operation's request goes through once its caller is known and allowed, in this order: the
 * caller's budget (429 with Retry-After), NUL characters (400), the contract (400). Resolves to true
 * when the budget is spent and the operation serves such a caller anyway (`whenSpent: "serve"`).
 */
export async function admit(
  op: OperationSpec,
  caller: HeaderSource & Caller,
  parts: RequestParts,
  { rateLimits, internalToken }: Admission,
): Promise<boolean> {
  let overBudget = false;
  if (op.rateLimit && rateLimits && !isOwnInternalCall(caller, internalToken)) {
    // Operations naming a bucket share that operation's budget.
    const bucket = op.rateLimit.bucket ?? op.operationId;
    if (op.rateLimit.whenSpent === "serve") overBudget = !(await rateLimits.tryTake(caller, bucket, op.rateLimit));
    else await rateLimits.take(caller, bucket, op.rateLimit);
  }
  refuseNulCharacters({ params: parts.params, query: parts.query, body: parts.body });
  validateRequest(op, parts);
  return overBudget;
}
