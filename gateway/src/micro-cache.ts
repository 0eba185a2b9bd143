import { randomUUID } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { hasSessionCookie } from "@rsv/api/session-cookie";
import { chooseEncoding, compressOnce, type Encoding } from "@rsv/kit/runtime";
import { COMPRESSED_TYPES, MICRO_CACHE_SECONDS } from "./nginx.js";

/**
 * The gateway's micro-cache in process, for embedded mode (make start): the same rules as the
 * nginx config gateway/src/nginx.ts writes for the routes marked `microCache`.
 *
 * - Anonymous GETs and HEADs (a HEAD is answered from, or fills, the GET's entry) are keyed by
 *   the visitor's country (X-Country, set by the embedded server), host, path and query, plus the request headers the answer names in Vary (the pages vary on
 *   Cookie, which holds the saved language), as nginx keys them.
 * - A session cookie (`rsv_session` or `__Host-rsv_session`), an Authorization header or a hard
 *   reload (Cache-Control: no-cache) bypasses the cache; the answer to a hard reload is stored for
 *   the next reader, the others never are.
 * - Stored: 200 and 404 answers without Set-Cookie, without Cache-Control private or no-store and
 *   without Vary: *, for MICRO_CACHE_SECONDS; an entry unused for 3 s goes.
 * - One request fills a key at a time; the others wait for it (up to 5 s, then go to the service
 *   themselves), or get the expired copy while it is refilled (stale-while-revalidate).
 * - An entry keeps its bytes and its gzip and brotli copies, each made once when first asked for,
 *   answers by Accept-Encoding with Vary, and answers If-None-Match with 304 itself.
 * - Every answer carries X-Cache-Status (HIT, MISS, EXPIRED, UPDATING, BYPASS) and this request's
 *   own X-Request-Id.
 * - `purge` forgets every entry, and every fill under way, when a write is answered (nginx changes
 *   its key's generation instead), so the next reader gets the service's fresh answer.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export type CacheStatus = "HIT" | "MISS" | "EXPIRED" | "UPDATING" | "BYPASS";

export interface MicroCacheOptions {
  /** How long an entry answers; default MICRO_CACHE_SECONDS. */
  ttlMs?: number;
  /** An entry unused for this long goes (nginx's `inactive`); default 3 s. */
  inactiveMs?: number;
  /** How long a request waits for another's fill before going to the service itself; default 5 s. */
  lockTimeoutMs?: number;
  /** Bound on the stored bytes (identity and compressed copies); default 64 MB. */
  maxBytes?: number;
  /** Answers larger than this are not stored; default 8 MB. */
  maxEntryBytes?: number;
  /** Bound on the number of entries (keys come from visitors' addresses); default 10,000. */
  maxEntries?: number;
  now?: () => number;
}

export interface MicroCache {
  /** Answers `req` from the cache, or through `handler` (and stores the answer when it may). */
  handle(req: IncomingMessage, res: ServerResponse, handler: Handler, passThrough: Handler): void;
  /** Forgets every entry; an answer being fetched now is not stored, nor handed to later readers. */
  purge(): void;
  /** Number of stored entries (for tests). */
  readonly size: number;
}

interface Captured {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

interface Entry extends Captured {
  storedAt: number;
  lastUsed: number;
  /** Request headers (lower case) the answer varies on, besides Accept-Encoding. */
  vary: string[];
  compressible: boolean;
  variants: Partial<Record<"br" | "gzip", Buffer>>;
  /** The stored headers as a flat list, per encoding sent, made once. */
  heads: Partial<Record<Encoding, string[]>>;
  bytes: number;
}

const NO_CACHE = /no-cache/i;
const PRIVATE = /private|no-store/i;
const STORED_STATUSES = new Set([200, 404]);
/** nginx's gzip_types (text/html always) and brotli_types. */
const COMPRESSIBLE = new Set(["text/html", ...COMPRESSED_TYPES.split(" ")]);
const MIN_COMPRESS_BYTES = 512;
/** Hop-by-hop and per-answer headers never stored. */
const NOT_STORED = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "date",
  "x-request-id",
  "x-cache-status",
]);

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : (value ?? ""));

/** Weak comparison of If-None-Match with an ETag, as nginx and browsers do. */
function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => bare(tag) === bare(etag));
}

const requestIdOf = (req: IncomingMessage) => {
  const incoming = header(req.headers["x-request-id"]);
  return /^[\w.-]{8,128}$/.test(incoming) ? incoming : randomUUID();
};

/** Runs the handler against a response whose head and body are kept instead of sent. */
function capture(req: IncomingMessage, res: ServerResponse, handler: Handler): Promise<Captured> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const push = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
            : Buffer.from(chunk as Uint8Array),
      );
    };
    let done = false;
    const writeHead = res.writeHead.bind(res);
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const restore = () => {
      res.writeHead = writeHead;
      res.write = write;
      res.end = end;
    };
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      res.statusCode = status;
      const headers = rest.find((r) => typeof r === "object" && r !== null);
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string);
      } else if (headers) {
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
      }
      return res;
    }) as typeof res.writeHead;
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      push(chunk, encoding);
      const cb = [encoding, callback].find((c) => typeof c === "function") as (() => void) | undefined;
      if (cb) process.nextTick(cb);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      if (done) return res;
      done = true;
      push(chunk, encoding);
      restore();
      const cb = [chunk, encoding, callback].find((c) => typeof c === "function") as (() => void) | undefined;
      if (cb) process.nextTick(cb);
      resolve({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) });
      return res;
    }) as typeof res.end;
    // The caller went away before the service answered (Koa then writes nothing): nothing to store.
    res.once("close", () => {
      if (done) return;
      done = true;
      restore();
      resolve({ status: 0, headers: {}, body: Buffer.alloc(0) });
    });
    handler(req, res);
  });
}

function compressibleType(headers: OutgoingHttpHeaders): boolean {
  const type = header(headers["content-type"] as string | undefined)
    .split(";")[0]!
    .trim()
    .toLowerCase();
  return COMPRESSIBLE.has(type) && !headers["content-encoding"];
}

/** An entry's headers for one encoding: Vary names Accept-Encoding, the ETag of other bytes is weak. */
function headOf(entry: Entry, encoding: Encoding): string[] {
  const made = entry.heads[encoding];
  if (made) return made;
  const head: string[] = [];
  const add = (name: string, value: string | number | string[] | undefined) => {
    if (value === undefined) return;
    for (const one of Array.isArray(value) ? value : [String(value)]) head.push(name, one);
  };
  for (const [name, value] of Object.entries(entry.headers)) {
    if (name === "vary" || name === "etag" || name === "content-encoding") continue;
    add(name, value);
  }
  const vary = header(entry.headers.vary as string | undefined);
  add(
    "vary",
    entry.compressible && !/accept-encoding/i.test(vary)
      ? vary
        ? `${vary}, Accept-Encoding`
        : "Accept-Encoding"
      : vary || undefined,
  );
  const etag = entry.headers.etag as string | undefined;
  // Other bytes than the ETag was made from: a weak tag, as nginx's gzip makes it.
  add("etag", etag && encoding !== "identity" && !etag.startsWith("W/") ? `W/${etag}` : etag);
  if (encoding !== "identity") add("content-encoding", encoding);
  entry.heads[encoding] = head;
  return head;
}

/** Country (set by the embedded server from the visitor's headers, see visitor-country.ts), host, path and query. */
function primaryKey(req: IncomingMessage): string {
  return `${header(req.headers["x-country"])}:${header(req.headers.host)}${req.url ?? "/"}`;
}

/** The Vary names an answer keys on, or null when it may not be stored (Vary: *). */
function varyNames(headers: OutgoingHttpHeaders): string[] | null {
  const names = header(headers.vary as string | undefined)
    .split(",")
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes("*")) return null;
  return names.filter((n) => n !== "accept-encoding").sort();
}

/**
 * A write that may change what the public reads: any method but GET, HEAD and OPTIONS with an
 * admin's credentials (the session cookie or an Authorization header), as nginx counts them.
 */
export function isCredentialedWrite(req: IncomingMessage): boolean {
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  return hasSessionCookie(header(req.headers.cookie)) || header(req.headers.authorization) !== "";
}

/** Runs `onHead` as the answer's head is written, before any of the answer reaches the caller. */
export function beforeAnswer(res: ServerResponse, onHead: () => void): void {
  const writeHead = res.writeHead.bind(res);
  let done = false;
  res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
    if (!done) onHead();
    done = true;
    return writeHead(...args);
  }) as typeof res.writeHead;
}

export function createMicroCache(options: MicroCacheOptions = {}): MicroCache {
  const ttlMs = options.ttlMs ?? MICRO_CACHE_SECONDS * 1000;
  const inactiveMs = options.inactiveMs ?? 3000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 5000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const maxEntryBytes = options.maxEntryBytes ?? 8 * 1024 * 1024;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;

  const entries = new Map<string, Entry>();
  /** What each address varies on, learnt from its last stored answer. */
  const varyOf = new Map<string, string[]>();
  const filling = new Map<string, Promise<Entry | undefined>>();
  let storedBytes = 0;
  /** Bumped by `purge`: a fill begun before it is not stored. */
  let generation = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    storedBytes -= entry.bytes;
  };
  const sweep = () => {
    const t = now();
    for (const [key, entry] of entries) if (t - entry.lastUsed > inactiveMs) drop(key);
    // Oldest first (insertion order) until within bounds.
    for (const key of entries.keys()) {
      if (storedBytes <= maxBytes && entries.size <= maxEntries) break;
      drop(key);
    }
    if (varyOf.size > 10_000) varyOf.clear();
  };
  setInterval(sweep, Math.max(inactiveMs, 1000)).unref();

  const fullKey = (primary: string, vary: string[], req: IncomingMessage) =>
    vary.length === 0 ? primary : `${primary}\n${vary.map((name) => header(req.headers[name])).join("\n")}`;

  const storable = (captured: Captured, vary: string[] | null) =>
    STORED_STATUSES.has(captured.status) &&
    vary !== null &&
    captured.headers["set-cookie"] === undefined &&
    !PRIVATE.test(header(captured.headers["cache-control"] as string | undefined)) &&
    captured.body.length <= maxEntryBytes;

  const toEntry = (captured: Captured, vary: string[]): Entry => {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(captured.headers))
      if (!NOT_STORED.has(name) && value !== undefined) headers[name] = value;
    const t = now();
    return {
      ...captured,
      headers,
      storedAt: t,
      lastUsed: t,
      vary,
      compressible: compressibleType(headers) && captured.body.length >= MIN_COMPRESS_BYTES,
      variants: {},
      heads: {},
      bytes: captured.body.length,
    };
  };

  /** Writes an entry (stored or not) as the answer to this request. */
  const answer = (req: IncomingMessage, res: ServerResponse, entry: Entry, status: CacheStatus, stored: boolean) => {
    // The filler keeps the id its service logged; other readers get their own.
    const id = res.getHeader("x-request-id");
    const requestId = typeof id === "string" ? id : requestIdOf(req);
    const encoding = entry.compressible ? chooseEncoding(header(req.headers["accept-encoding"])) : "identity";
    let body = entry.body;
    if (encoding !== "identity") {
      let variant = entry.variants[encoding];
      if (!variant) {
        variant = compressOnce(entry.body, encoding);
        if (stored) {
          entry.variants[encoding] = variant;
          entry.bytes += variant.length;
          storedBytes += variant.length;
        }
      }
      body = variant;
    }
    const etag = entry.headers.etag as string | undefined;
    const ifNoneMatch = header(req.headers["if-none-match"]);
    const lastModified = entry.headers["last-modified"] as string | undefined;
    const fresh =
      entry.status === 200 &&
      (ifNoneMatch
        ? etag !== undefined && etagMatches(ifNoneMatch, etag)
        : lastModified !== undefined && header(req.headers["if-modified-since"]) === lastModified);
    // The head as one list: a reader's response has no headers of its own yet, so Node takes it as
    // it is; the filler's (the service's own headers) are replaced where the list names them.
    const head = [...headOf(entry, encoding), "X-Request-Id", requestId, "X-Cache-Status", status];
    if (fresh) {
      res.removeHeader("content-length");
      res.removeHeader("content-encoding");
      res.writeHead(304, head);
      res.end();
      return;
    }
    res.removeHeader("content-encoding");
    head.push("Content-Length", String(body.length));
    res.writeHead(entry.status, head);
    res.end(body);
  };

  /** Fills `primary` through the handler; the filler gets the answer, stored or not. */
  const fill = (
    req: IncomingMessage,
    res: ServerResponse,
    handler: Handler,
    primary: string,
    lockKey: string,
    status: CacheStatus,
  ) => {
    // The service answers in full (no 304, no compression): the cache answers those itself.
    const conditional = {
      "if-none-match": req.headers["if-none-match"],
      "if-modified-since": req.headers["if-modified-since"],
      "accept-encoding": req.headers["accept-encoding"],
    };
    const method = req.method;
    delete req.headers["if-none-match"];
    delete req.headers["if-modified-since"];
    delete req.headers["accept-encoding"];
    req.method = "GET";
    const begun = generation;
    const filled = capture(req, res, handler)
      .then((captured) => {
        req.method = method;
        for (const [name, value] of Object.entries(conditional)) if (value !== undefined) req.headers[name] = value;
        const vary = varyNames(captured.headers);
        const entry = toEntry(captured, vary ?? []);
        const keep = storable(captured, vary) && begun === generation;
        if (keep) {
          const key = fullKey(primary, entry.vary, req);
          drop(key);
          entries.set(key, entry);
          storedBytes += entry.bytes;
          varyOf.set(primary, entry.vary);
          if (storedBytes > maxBytes || entries.size > maxEntries) sweep();
        }
        answer(req, res, entry, status, keep);
        return keep ? entry : undefined;
      })
      .catch(() => undefined);
    filling.set(lockKey, filled);
    const release = () => {
      if (filling.get(lockKey) === filled) filling.delete(lockKey);
    };
    // A fill that never ends holds the key no longer than a waiter would wait.
    const stuck = setTimeout(release, lockTimeoutMs);
    void filled.finally(() => {
      clearTimeout(stuck);
      release();
    });
  };

  const lookup = (
    req: IncomingMessage,
    res: ServerResponse,
    handler: Handler,
    passThrough: Handler,
    waited: boolean,
  ): void => {
    const primary = primaryKey(req);
    const lockKey = fullKey(primary, varyOf.get(primary) ?? [], req);
    const entry = entries.get(lockKey);
    const t = now();
    const usable = entry && t - entry.lastUsed <= inactiveMs ? entry : undefined;
    if (usable && t - usable.storedAt < ttlMs) {
      usable.lastUsed = t;
      answer(req, res, usable, "HIT", true);
      return;
    }
    const running = filling.get(lockKey);
    if (running) {
      if (usable) {
        usable.lastUsed = t;
        answer(req, res, usable, "UPDATING", true);
        return;
      }
      if (!waited) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), lockTimeoutMs);
        });
        void Promise.race([running, timeout]).then((result) => {
          clearTimeout(timer);
          // The fill was not stored, or took too long: this request goes to the service itself.
          if (!result) passThrough(req, res);
          else lookup(req, res, handler, passThrough, true);
        });
        return;
      }
    }
    fill(req, res, handler, primary, lockKey, usable ? "EXPIRED" : "MISS");
  };

  return {
    handle(req, res, handler, passThrough) {
      const method = req.method ?? "GET";
      const bypass =
        hasSessionCookie(header(req.headers.cookie)) ||
        header(req.headers.authorization) !== "" ||
        NO_CACHE.test(header(req.headers["cache-control"]));
      if ((method !== "GET" && method !== "HEAD") || bypass) {
        res.setHeader("X-Cache-Status", "BYPASS");
        const hardReload = bypass && !hasSessionCookie(header(req.headers.cookie)) && !req.headers.authorization;
        if (hardReload && (method === "GET" || method === "HEAD")) {
          // A hard reload: a fresh answer for this caller, stored for the next reader.
          const primary = primaryKey(req);
          fill(req, res, handler, primary, `${fullKey(primary, varyOf.get(primary) ?? [], req)}\nreload`, "BYPASS");
          return;
        }
        passThrough(req, res);
        return;
      }
      lookup(req, res, handler, passThrough, false);
    },
    purge() {
      generation += 1;
      entries.clear();
      filling.clear();
      storedBytes = 0;
    },
    get size() {
      return entries.size;
    },
  };
}
