import { timingSafeEqual } from "node:crypto";
import type { Context } from "koa";

export const INTERNAL_TOKEN_HEADER = "x-internal-token";

/** True when the request carries the services' shared secret (compared in constant time). */
export function isInternalCall(ctx: Context, token: string | undefined): boolean {
  const presented = ctx.get(INTERNAL_TOKEN_HEADER);
  if (!token || !presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
