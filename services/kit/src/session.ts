import type { Context } from "koa";
import { unavailable } from "./errors.js";

export const SESSION_COOKIE = "rsv_session";

export interface AdminUser {
  id: number;
  email: string;
}

/** Answers who the admin behind a request is, or null. */
export type SessionResolver = (ctx: Context) => Promise<AdminUser | null>;

/**
 * Services other than auth ask the auth service, over HTTP, about the session cookie the
 * request carries; no service reads another's tables.
 */
export function remoteSessionResolver(internalApiUrl: string, timeoutMs = 2000): SessionResolver {
  return async (ctx) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (!token) return null;
    let response: Response;
    try {
      response = await fetch(new URL("/api/auth/session", internalApiUrl), {
        headers: { cookie: `${SESSION_COOKIE}=${token}`, "x-request-id": String(ctx.state.requestId ?? "") },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      ctx.state.log.warn({ err: error }, "admin session check failed");
      throw unavailable("The admin session could not be checked, try again shortly");
    }
    if (response.status === 401) return null;
    if (!response.ok) throw unavailable("The admin session could not be checked, try again shortly");
    const body = (await response.json()) as { user: AdminUser };
    return body.user;
  };
}
