import etag from "@koa/etag";
import type { Middleware } from "koa";

/**
 * ETag on every successful answer to a GET or HEAD (JSON and HTML alike) and 304 Not Modified when the caller's
 * If-None-Match still matches, so a browser or the gateway revalidating a copy gets no body back.
 * The ETag is a hash of the body as sent, so it changes with any change to the content.
 */
export function conditionalGet(): Middleware {
  const tag = etag();
  return async (ctx, next) => {
    // A write's answer is never revalidated: no ETag to hash (a beacon's 202 hashed its body each time).
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return next();
    await tag(ctx, next);
    // ctx.fresh only holds for a GET or HEAD answered 2xx whose ETag the caller already has.
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
}
