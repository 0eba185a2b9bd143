import type { Context } from "koa";
import { forbidden } from "./errors.js";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A write that a session cookie authenticates must come from the site's own pages, so another
 * site's form or script cannot make it with the owner's cookie. Browsers say so in Sec-Fetch-Site;
 * without it (older browsers, scripts) the Origin must name this host. Neither header: refused.
 */
export function assertSameOriginWrite(ctx: Context): void {
  if (safeMethods.has(ctx.method)) return;
  const fetchSite = ctx.get("sec-fetch-site");
  if (fetchSite) {
    if (fetchSite === "same-origin") return;
    throw forbidden("Cross-site request refused");
  }
  const origin = ctx.get("origin");
  if (!origin) throw forbidden("Cross-site request refused: the Origin header is missing");
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw forbidden("Cross-site request refused: the Origin header is not a URL");
  }
  if (host !== ctx.host) throw forbidden("Cross-site request refused");
}
