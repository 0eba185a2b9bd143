import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { pipeline, type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { checkDetail, type CheckDetailReason } from "@rsv/api/check-details";
import { MAX_REDIRECTS, seconds, type FetchedLink } from "../domain/link-check.js";

/**
 * One check's requests: a GET of the offer's address, redirects followed by hand (each hop's host
 * waits for its turn), a time-out over the whole chain, at most `maxBodyBytes` of the final page
 * read. Refused addresses (private, loopback, link-local...) are refused by the agents in the
 * connection's own DNS lookup, on every hop, so the address checked is the address connected to.
 */

export interface FetchOptions {
  timeoutMs: number;
  maxBodyBytes: number;
  userAgent: string;
  acceptLanguage: string;
  agents: LinkAgents;
  /** Waits for the host's turn (one request at a time per host, a pause between two); resolves with its release. */
  turn(host: string): Promise<() => void>;
  signal?: AbortSignal;
}

export interface LinkAgents {
  http: RequestFilteringHttpAgent;
  https: RequestFilteringHttpsAgent;
}

/**
 * The agents every check connects through. Without `allowPrivate`, a connection to a private,
 * loopback, link-local, unique-local, multicast or any-address (0.0.0.0, ::) target fails before it is made,
 * whether the link names the address or a DNS name resolves to it. No keep-alive: every hop
 * connects (and so resolves and is vetted) anew.
 */
export function linkAgents(allowPrivate: boolean): LinkAgents {
  const options = { allowPrivateIPAddress: allowPrivate, allowMetaIPAddress: false, keepAlive: false };
  return { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
}

/** The key a host is taken turns by: host and port as the address names them, lower case. */
export function hostKey(url: string): string {
  return new URL(url).host.toLowerCase();
}

class CheckTimeout extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function fetchLink(url: string, options: FetchOptions): Promise<FetchedLink> {
  const urls: string[] = [];
  const cookies = new Map<string, Map<string, string>>();
  const visited = new Set<string>();
  let status: number | null = null;
  let spentMs = 0;
  const done = (error: string | null, body: string | null = null): FetchedLink => ({
    urls,
    status,
    error,
    body,
    durationMs: spentMs,
  });

  let current: URL;
  try {
    current = new URL(url);
  } catch {
    urls.push(url);
    return done(checkDetail("invalid_address"));
  }
  for (let hop = 0; ; hop++) {
    if (current.protocol !== "http:" && current.protocol !== "https:") {
      urls.push(current.href);
      return done(checkDetail("not_web", { protocol: current.protocol }));
    }
    // The same address asked again with the same cookies can only answer the same way.
    const cookie = cookieHeader(cookies, current);
    const visit = `${current.href} ${cookie ?? ""}`;
    urls.push(current.href);
    if (visited.has(visit)) return done(checkDetail("redirect_loop"));
    visited.add(visit);
    if (hop > MAX_REDIRECTS) return done(checkDetail("too_many_redirects", { max: MAX_REDIRECTS }));
    const remainingMs = options.timeoutMs - spentMs;
    if (remainingMs <= 0) return done(checkDetail("timeout", { duration: seconds(options.timeoutMs) }));

    const release = await options.turn(current.host.toLowerCase());
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await exchange(current, remainingMs, options, cookie);
    } catch (error) {
      spentMs += performance.now() - started;
      if (error instanceof CheckTimeout) return done(checkDetail("timeout", { duration: seconds(options.timeoutMs) }));
      if (options.signal?.aborted) throw error;
      return done(describeFailure(error, current.hostname));
    } finally {
      release();
    }
    spentMs += performance.now() - started;
    status = answer.status;
    keepCookies(cookies, current, answer.headers["set-cookie"]);
    const location = answer.headers.location;
    if (REDIRECTS.has(answer.status) && location) {
      try {
        current = new URL(location, current);
      } catch {
        return done(checkDetail("bad_location", { status: answer.status }));
      }
      continue;
    }
    return done(null, answer.body);
  }
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string | null;
}

/** One request and, for a 2xx page, up to maxBodyBytes of its body; everything ends by the time-out. */
function exchange(url: URL, timeoutMs: number, options: FetchOptions, cookie: string | null): Promise<Answer> {
  const secure = url.protocol === "https:";
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, answer?: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      req.destroy();
      if (answer) resolve(answer);
      else reject(error instanceof Error ? error : new Error(String(error)));
    };
    const onAbort = () => finish(options.signal?.reason ?? new Error("check stopped"));
    const timer = setTimeout(() => finish(new CheckTimeout()), timeoutMs);
    const req = send(
      url,
      {
        method: "GET",
        agent: secure ? options.agents.https : options.agents.http,
        headers: {
          "user-agent": options.userAgent,
          accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
          "accept-language": options.acceptLanguage,
          "accept-encoding": "gzip, deflate, br",
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300 || !isPage(res.headers["content-type"])) {
          finish(null, { status, headers: res.headers, body: null });
          return;
        }
        readCapped(res, options.maxBodyBytes).then(
          (body) => finish(null, { status, headers: res.headers, body }),
          (error: unknown) => finish(error),
        );
      },
    );
    req.on("error", (error) => finish(error));
    options.signal?.addEventListener("abort", onAbort, { once: true });
    req.end();
  });
}

/** A page worth reading for its stock: HTML, XML or text, or a type the server did not name. */
function isPage(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /html|xml|text\//i.test(contentType);
}

/**
 * At most `cap` bytes of the body, decompressed, decoded by the charset the answer names (UTF-8
 * otherwise). Reading stops at the cap, and what was read is judged; a body cut short or garbled
 * in compression keeps what came before.
 */
async function readCapped(res: IncomingMessage, cap: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  const decoder = decompressor(res.headers["content-encoding"]);
  const stream: Readable = decoder ? pipeline(res, decoder, () => undefined) : res;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const room = cap - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= cap) break;
    }
  } catch (error) {
    // A connection cut mid-page still leaves a page to judge; nothing read at all is a failure.
    if (size === 0) throw error;
  } finally {
    stream.destroy();
  }
  return decode(Buffer.concat(chunks), res.headers["content-type"]);
}

function decompressor(encoding: string | undefined) {
  switch (encoding?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

function decode(bytes: Buffer, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** Cookies a shop sets while redirecting (a session, a consent flag), sent back to it, or it may redirect forever. */
function keepCookies(jar: Map<string, Map<string, string>>, url: URL, setCookie: string[] | undefined): void {
  for (const line of setCookie ?? []) {
    const pair = line.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const site = url.hostname.replace(/^www\./, "");
    const cookies = jar.get(site) ?? new Map<string, string>();
    cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    jar.set(site, cookies);
  }
}

function cookieHeader(jar: Map<string, Map<string, string>>, url: URL): string | null {
  const cookies = jar.get(url.hostname.replace(/^www\./, ""));
  if (!cookies || cookies.size === 0) return null;
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

const TLS_REASONS: Record<string, CheckDetailReason> = {
  CERT_HAS_EXPIRED: "tls_expired",
  CERT_NOT_YET_VALID: "tls_not_yet_valid",
  DEPTH_ZERO_SELF_SIGNED_CERT: "tls_self_signed",
  SELF_SIGNED_CERT_IN_CHAIN: "tls_self_signed_chain",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "tls_unknown_authority",
  UNABLE_TO_GET_ISSUER_CERT: "tls_unknown_authority",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "tls_unknown_authority",
  ERR_TLS_CERT_ALTNAME_INVALID: "tls_wrong_host",
  CERT_REVOKED: "tls_revoked",
};

/** Why a request got no answer, in words an owner can act on. */
export function describeFailure(error: unknown, hostname: string): string {
  const { code, message } = error as { code?: string; message?: string };
  const text = message ?? String(error);
  // request-filtering-agent's refusal: "DNS lookup 127.0.0.1(family:4, host:localhost) is not allowed. ..."
  const refused = /DNS lookup (\S+?)\(.*is not allowed/.exec(text);
  if (refused) return checkDetail("refused_private", { host: hostname, address: refused[1]! });
  if (code && TLS_REASONS[code]) return checkDetail(TLS_REASONS[code]);
  if (code && (/^ERR_SSL_|^ERR_TLS_|CERT/.test(code) || code === "EPROTO")) return checkDetail("tls_other", { code });
  switch (code) {
    case "ENOTFOUND":
      return checkDetail("dns_missing", { host: hostname });
    case "EAI_AGAIN":
      return checkDetail("dns_lookup", { host: hostname });
    case "ECONNREFUSED":
      return checkDetail("connection_refused");
    case "ECONNRESET":
      return checkDetail("connection_closed");
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return checkDetail("unreachable");
    case "ETIMEDOUT":
      return checkDetail("connection_timeout");
  }
  if (code?.startsWith("HPE_")) return checkDetail("bad_http");
  if (text === "socket hang up") return checkDetail("connection_closed");
  return checkDetail("request_failed", { code: code ?? text });
}
