import type { Context } from "koa";
import { unavailable } from "./errors.js";

/** The session cookie's name on this machine, where the site is plain HTTP and a Secure cookie cannot be set. */
export const SESSION_COOKIE = "rsv_session";
/**
 * Its name everywhere else. Browsers keep a `__Host-` cookie only when it is Secure, has Path=/ and
 * no Domain, so a sibling subdomain or a plain-HTTP page cannot plant or shadow the owner's session.
 */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/** Plain HTTP is only expected on the machine itself; everywhere else cookies are Secure. */
export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname.toLowerCase());
}

/** The one name the session cookie has for a request to this host; the other name is never read. */
export function sessionCookieName(hostname: string): string {
  return isLocalHost(hostname) ? SESSION_COOKIE : HOST_SESSION_COOKIE;
}

/** The session id the request carries under the name its host uses, if any. */
export function sessionToken(ctx: Context): string | undefined {
  return ctx.cookies.get(sessionCookieName(ctx.hostname)) || undefined;
}

/** What an admin may do: an owner everything, an editor what the contract's `x-role` lets editors do. */
export const adminRoles = ["owner", "editor"] as const;
export type AdminRole = (typeof adminRoles)[number];

export function isAdminRole(value: unknown): value is AdminRole {
  return adminRoles.some((role) => role === value);
}

export interface AdminUser {
  id: number;
  email: string;
  role: AdminRole;
}

/** Answers who the admin behind a request is, or null. */
export type SessionResolver = (ctx: Context) => Promise<AdminUser | null>;

/**
 * Services other than auth ask the auth service, over HTTP, about the session cookie the
 * request carries; no service reads another's tables. The id is passed on under the name auth
 * reads for the internal address it is called on.
 */
export function remoteSessionResolver(internalApiUrl: string, timeoutMs = 2000): SessionResolver {
  const forwardedName = sessionCookieName(new URL(internalApiUrl).hostname);
  return async (ctx) => {
    const token = sessionToken(ctx);
    if (!token) return null;
    let response: Response;
    try {
      response = await fetch(new URL("/api/auth/session", internalApiUrl), {
        headers: { cookie: `${forwardedName}=${token}`, "x-request-id": String(ctx.state.requestId ?? "") },
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
