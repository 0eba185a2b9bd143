import { timingSafeEqual } from "node:crypto";

export const INTERNAL_TOKEN_HEADER = "x-internal-token";

/** A request's headers as Koa's ctx.get reads them: the value, or "" when absent. */
export interface HeaderSource {
  get(name: string): string;
}

/** True when the request carries the services' shared secret (compared in constant time). */
export function isInternalCall(request: HeaderSource, token: string | undefined): boolean {
  const presented = request.get(INTERNAL_TOKEN_HEADER);
  if (!token || !presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
