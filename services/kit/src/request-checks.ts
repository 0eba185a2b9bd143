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

/** A value met by `find`: its key, its depth (1 for the root) and its parent, from which its path is made. */
interface Visit {
  value: unknown;
  key: string;
  depth: number;
  parent?: Visit;
}

/** A visited value's path, such as `body.events.3.page`: made only for the answer that names it. */
function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
}

/**
 * The first value below `root` (root included) that `test` accepts, without recursion. No path is
 * built on the way: both checks run on every request, and the strings were most of their cost.
 */
function find(root: unknown, rootKey: string, test: (value: unknown, depth: number) => boolean): Visit | undefined {
  const pending: Visit[] = [{ value: root, key: rootKey, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (test(value, depth)) return next;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++)
        pending.push({ value: value[i], key: String(i), depth: depth + 1, parent: next });
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value))
        pending.push({ value: item, key, depth: depth + 1, parent: next });
    }
  }
  return undefined;
}

const isObject = (value: unknown) => typeof value === "object" && value !== null;

/** A parsed JSON body nested deeper than MAX_JSON_DEPTH is refused before anything else looks at it. */
export function refuseDeepNesting(body: unknown): void {
  if (find(body, "body", (value, depth) => depth > MAX_JSON_DEPTH && isObject(value)))
    throw badRequest(`Request body is nested more than ${MAX_JSON_DEPTH} levels deep`);
}

const NUL = "\u0000";
const holdsNul = (value: unknown) =>
  typeof value === "string"
    ? value.includes(NUL)
    : isObject(value) && !Array.isArray(value) && Object.keys(value as object).some((key) => key.includes(NUL));

/**
 * PostgreSQL text cannot hold U+0000, and no field of the site has a use for it: a request that
 * carries one anywhere (path, query or body) is refused before validation, never stored or queued.
 */
export function refuseNulCharacters(input: Record<string, unknown>): void {
  for (const [location, root] of Object.entries(input)) {
    const found = find(root, location, holdsNul);
    if (!found) continue;
    const path = pathOf(found);
    throw badRequest("Text must not contain NUL characters", [
      {
        path,
        message: typeof found.value === "string" ? "contains a NUL character" : "a key contains a NUL character",
      },
    ]);
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
