import type { Middleware } from "koa";
import proxyaddr from "proxy-addr";

/**
 * Who is calling: the socket's address, or, when the socket is a trusted proxy (the gateway), the
 * address that proxy appended to X-Forwarded-For. One hop only: whatever stands further left was
 * written by the client and is never believed, so nobody picks the address a limit is counted on.
 * `trusted` takes proxy-addr's names ("loopback", "uniquelocal", ...) and CIDR ranges; empty trusts none.
 */
export function clientAddress(trusted: string[]): Middleware {
  const isTrusted = proxyaddr.compile(trusted);
  const trustFirstHop = (address: string, hop: number) => hop === 0 && isTrusted(address, hop);
  return async (ctx, next) => {
    ctx.request.ip = proxyaddr(ctx.req, trustFirstHop);
    await next();
  };
}

/** TRUSTED_PROXIES as a list: comma-separated, blanks dropped. */
export function proxyList(value: string): string[] {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}
