import { isIP } from "node:net";
import type { IncomingMessage } from "node:http";
import type { Middleware } from "koa";
import proxyaddr from "proxy-addr";
import { INTERNAL_TOKEN_HEADER, isInternalCall, type HeaderSource } from "./internal-call.js";

/**
 * Where one of the site's own processes names the visitor it calls a service for (the web process's
 * no-JavaScript sign-up, the catalog's click record); believed only alongside the shared secret.
 */
export const VISITOR_ADDRESS_HEADER = "x-visitor-address";

/** What a proxy says about the request it passed on, besides X-Forwarded-For (which proxy-addr reads). */
const FORWARDED_HEADERS = ["x-forwarded-host", "x-forwarded-proto"];

/**
 * Who is calling, and at which host. The caller is the socket's address, or, when the socket is a
 * trusted proxy (the gateway), the address that proxy appended to X-Forwarded-For. One hop only:
 * whatever stands further left was written by the client and is never believed, so nobody picks the
 * address a limit is counted on. A call presenting the services' shared secret (`internalToken`) that
 * names a visitor in x-visitor-address is that visitor's: it is counted and logged as theirs.
 *
 * X-Forwarded-Host and X-Forwarded-Proto are dropped unless the socket is a trusted proxy, so ctx.host
 * and ctx.protocol (which the same-origin check and the cookie's name rest on) are the request's own.
 * `trusted` takes proxy-addr's names ("loopback", "uniquelocal", ...) and CIDR ranges; empty trusts none.
 */
export function clientAddress(trusted: string[], internalToken?: string): Middleware {
  const callerOf = callerAddress(trusted, internalToken);
  return async (ctx, next) => {
    ctx.request.ip = callerOf(ctx.req, ctx);
    await next();
  };
}

/**
 * clientAddress's rules as a function of the request (and its headers read as ctx.get reads them),
 * for a path that is not Koa's (see beacon.ts). Drops the forwarded headers a trusted proxy did not send.
 */
export function callerAddress(
  trusted: string[],
  internalToken?: string,
): (req: IncomingMessage, headers: HeaderSource) => string {
  const isTrusted = proxyaddr.compile(trusted);
  const trustFirstHop = (address: string, hop: number) => hop === 0 && isTrusted(address, hop);
  return (req, headers) => {
    if (!isTrusted(req.socket.remoteAddress ?? "", 0)) {
      for (const name of FORWARDED_HEADERS) delete req.headers[name];
    }
    return visitorAddress(headers, internalToken) ?? proxyaddr(req, trustFirstHop);
  };
}

/** The visitor a site process calls for: a well-formed address presented with the shared secret, or undefined. */
function visitorAddress(headers: HeaderSource, internalToken: string | undefined): string | undefined {
  const named = headers.get(VISITOR_ADDRESS_HEADER);
  return named && isIP(named) && isInternalCall(headers, internalToken) ? named : undefined;
}

/**
 * A site process calling on its own behalf (the shared secret, no visitor named): no visitor's budget
 * is spent on it. A call that names a visitor is counted on that visitor, as their own call would be.
 */
export function isOwnInternalCall(request: HeaderSource, internalToken: string | undefined): boolean {
  return !request.get(VISITOR_ADDRESS_HEADER) && isInternalCall(request, internalToken);
}

/** The headers of a call made for a visitor: the shared secret and their address; none without a secret. */
export function onBehalfOfVisitor(internalToken: string | undefined, address: string): Record<string, string> {
  return internalToken ? { [INTERNAL_TOKEN_HEADER]: internalToken, [VISITOR_ADDRESS_HEADER]: address } : {};
}

/** TRUSTED_PROXIES as a list: comma-separated, blanks dropped. */
export function proxyList(value: string): string[] {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}
