import { createHash } from "node:crypto";
import type { Context, Middleware } from "koa";
import { CACHE_GENERATION_HEADER, GatewayGenerations } from "./runtime/cache-generation.js";
import { chooseEncoding, compressOnce, type Encoding } from "./runtime/encoding.js";
import { HOST_SESSION_COOKIE, SESSION_COOKIE } from "./session.js";

/**
 * Hot public reads kept as bytes: the JSON of an answer serialised once, its ETag hashed once, and
 * its gzip and brotli bodies compressed once (on the first caller that accepts each), so a repeated
 * read skips routing, validation, the query, localising, sorting, serialising and hashing.
 *
 * What goes in: only answers of operations that opt in (`router.on(id, handler, { readCache: true })`,
 * public GETs), 200 with a JSON body, to a caller without a session cookie, setting no cookie and not
 * marked private or no-store. What comes out: the same bytes, ETag and 304 as an uncached answer.
 *
 * Dropped on write: any write this process handles clears every entry (and an answer computed while a
 * write ran is not kept), and so does the first request after a write that went through the gateway
 * to another replica or service (its X-Cache-Generation, see runtime/cache-generation.ts). A write
 * that reached no gateway (a call straight to another replica's port) is seen within `ttlMs`.
 */

export interface ReadCacheOptions {
  /** How long an entry is served; 0 turns the cache off. */
  ttlMs: number;
  /** Bounds on what is kept; the oldest entries go first. */
  maxEntries?: number;
  maxBytes?: number;
  /** Bodies smaller than this are sent uncompressed (as nginx's gzip_min_length). */
  compressMinBytes?: number;
  now?: () => number;
}

export interface ReadCacheEntry {
  key: string;
  operationId: string;
  /** The JSON as sent without compression. */
  body: Buffer;
  /** Strong ETag of `body`, as @koa/etag makes it, so a cached and an uncached answer agree. */
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
  expires: number;
}

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*(?:${HOST_SESSION_COOKIE}|${SESSION_COOKIE})=`);
const JSON_TYPE = "application/json; charset=utf-8";

/** Requests carrying a session cookie (under either name) never read or fill the cache. */
export function carriesSession(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE_PATTERN.test(cookieHeader);
}

/**
 * The key of a read: its path and its query with the parameters ordered by name (the values of a
 * repeated name keep their order), so `?lang=es&sort=price` and `?sort=price&lang=es` share an entry.
 */
export function readCacheKey(path: string, querystring: string): string {
  if (!querystring) return path;
  if (!querystring.includes("&")) return `${path}?${querystring}`;
  const pairs = querystring.split("&").filter(Boolean);
  const name = (pair: string) => {
    const at = pair.indexOf("=");
    return at === -1 ? pair : pair.slice(0, at);
  };
  pairs.sort((a, b) => {
    const x = name(a);
    const y = name(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  return `${path}?${pairs.join("&")}`;
}

/** The ETag the `etag` package (used by @koa/etag) gives these bytes. */
export function strongEtag(body: Buffer): string {
  const hash = createHash("sha1").update(body).digest("base64").substring(0, 27);
  return `"${body.length.toString(16)}-${hash}"`;
}

interface Pending {
  key: string;
  generation: number;
}

declare module "koa" {
  interface DefaultState {
    readCache?: Pending;
  }
}

export class ReadCache {
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly compressMinBytes: number;
  private readonly now: () => number;
  /** Entries by key, oldest first; an expired one stays until replaced, so its refill is shared. */
  private readonly entries = new Map<string, ReadCacheEntry>();
  private readonly refills = new Map<string, Promise<void>>();
  private bytes = 0;
  /** Bumped by every write: an answer computed before it is not kept. */
  private generation = 0;
  /** The writes each gateway has counted, as last heard. */
  private readonly gateways = new GatewayGenerations();

  constructor(options: ReadCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.compressMinBytes = options.compressMinBytes ?? 512;
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the kept entries weigh: their plain and compressed bodies. */
  get byteSize(): number {
    return this.bytes;
  }

  /** The entry for a key while it is fresh. */
  get(key: string): ReadCacheEntry | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expires > this.now() ? entry : undefined;
  }

  /** Forgets everything: called after every write the process handles. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Marks the start of computing an answer, for `store`. */
  begin(key: string): Pending {
    return { key, generation: this.generation };
  }

  /**
   * Keeps a JSON answer computed since `pending` began, unless a write came in between. Returns the
   * entry, or undefined when it was not kept.
   */
  store(pending: Pending, operationId: string, value: unknown): ReadCacheEntry | undefined {
    if (!this.enabled || pending.generation !== this.generation) return undefined;
    const body = Buffer.from(JSON.stringify(value), "utf8");
    const etag = strongEtag(body);
    const previous = this.entries.get(pending.key);
    this.drop(pending.key);
    const entry: ReadCacheEntry = { key: pending.key, operationId, body, etag, expires: this.now() + this.ttlMs };
    // Unchanged since last time: the compressed bodies are still right.
    if (previous && previous.etag === etag) {
      entry.gzip = previous.gzip;
      entry.br = previous.br;
    }
    this.entries.set(pending.key, entry);
    this.bytes += weight(entry);
    while (this.entries.size > this.maxEntries || (this.bytes > this.maxBytes && this.entries.size > 1)) {
      const oldest = this.entries.keys().next().value as string;
      this.drop(oldest);
    }
    return entry;
  }

  /** The body for an encoding, compressing it the first time it is asked for. */
  encoded(entry: ReadCacheEntry, encoding: Encoding): Buffer {
    if (encoding === "identity" || entry.body.length < this.compressMinBytes) return entry.body;
    const existing = encoding === "gzip" ? entry.gzip : entry.br;
    if (existing) return existing;
    const made = compressOnce(entry.body, encoding);
    entry[encoding] = made;
    // Counted towards the bound while the entry is still the one kept (a write may have dropped it).
    if (this.entries.get(entry.key) === entry) this.bytes += made.length;
    return made;
  }

  /** Which encoding to send for an entry, by the caller's Accept-Encoding. */
  encodingFor(ctx: Context, entry: ReadCacheEntry): Encoding {
    if (entry.body.length < this.compressMinBytes) return "identity";
    return chooseEncoding(ctx.get("accept-encoding"));
  }

  /** Answers from an entry: the encoded body, its ETag, Vary, or 304 when the caller has it. */
  answer(ctx: Context, entry: ReadCacheEntry, state: "hit" | "miss"): void {
    ctx.state.operationId ??= entry.operationId;
    const encoding = this.encodingFor(ctx, entry);
    ctx.status = 200;
    ctx.vary("Accept-Encoding");
    ctx.set("X-Read-Cache", state);
    ctx.type = JSON_TYPE;
    // As nginx does when it compresses: the compressed bytes are a weak match of the same answer.
    ctx.set("ETag", encoding === "identity" ? entry.etag : `W/${entry.etag}`);
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
      return;
    }
    if (encoding !== "identity") ctx.set("Content-Encoding", encoding);
    ctx.body = this.encoded(entry, encoding);
  }

  /**
   * Offered every answer of an opted-in operation once its handler ran: keeps it when it may be
   * shared and answers from the entry, so the first answer is byte for byte what later ones are.
   */
  offer(ctx: Context, operationId: string): void {
    const pending = ctx.state.readCache;
    if (!pending || ctx.method !== "GET" || ctx.status !== 200) return;
    const value: unknown = ctx.body;
    if (value === null || typeof value !== "object" || Buffer.isBuffer(value) || "pipe" in value) return;
    if (ctx.response.get("Set-Cookie")) return;
    if (/private|no-store/i.test(ctx.response.get("Cache-Control"))) return;
    const entry = this.store(pending, operationId, value);
    if (entry) this.answer(ctx, entry, "miss");
  }

  /** Reads a request's X-Cache-Generation: a write that went through a gateway since drops every entry. */
  noteGeneration(header: string): void {
    if (this.gateways.changed(header || undefined)) this.clear();
  }

  /**
   * The first middleware after the probes: answers a fresh entry at once; when an entry is being
   * refilled, waits for that refill instead of computing the same answer again.
   */
  middleware(): Middleware {
    return async (ctx, next) => {
      this.noteGeneration(ctx.get(CACHE_GENERATION_HEADER));
      if (
        !this.enabled ||
        (ctx.method !== "GET" && ctx.method !== "HEAD") ||
        carriesSession(ctx.get("cookie") || undefined)
      )
        return next();
      const key = readCacheKey(ctx.path, ctx.querystring);
      let entry = this.get(key);
      if (!entry) {
        const refill = this.refills.get(key);
        if (refill) {
          await refill;
          entry = this.get(key);
        }
      }
      if (entry) return this.answer(ctx, entry, "hit");
      ctx.state.readCache = this.begin(key);
      // Only a GET of a key that was kept before is known to refill it, and worth waiting for.
      if (ctx.method !== "GET" || !this.entries.has(key) || this.refills.has(key)) return next();
      let done = () => {};
      this.refills.set(
        key,
        new Promise<void>((resolve) => {
          done = resolve;
        }),
      );
      try {
        await next();
      } finally {
        this.refills.delete(key);
        done();
      }
    };
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= weight(entry);
  }

  private account(added: number): void {
    this.bytes += added;
  }
}

function weight(entry: ReadCacheEntry): number {
  return entry.body.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0);
}
