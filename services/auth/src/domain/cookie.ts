import { sessionCookieName } from "@rsv/kit";

/**
 * On this machine (plain HTTP) the cookie is `rsv_session` without Secure; for any other host it is
 * `__Host-rsv_session`, Secure, Path=/ and without Domain, as the prefix requires.
 */
function attributes(hostname: string): { name: string; flags: string[] } {
  const name = sessionCookieName(hostname);
  const secure = name.startsWith("__Host-");
  return { name, flags: ["Path=/", "HttpOnly", "SameSite=Strict", ...(secure ? ["Secure"] : [])] };
}

/** The Set-Cookie value that starts a session for a request to `hostname`. */
export function sessionCookie(value: string, options: { hostname: string; maxAgeSeconds: number; now?: Date }): string {
  const { name, flags } = attributes(options.hostname);
  const expires = new Date((options.now ?? new Date()).getTime() + options.maxAgeSeconds * 1000);
  return [
    `${name}=${value}`,
    `Max-Age=${Math.floor(options.maxAgeSeconds)}`,
    `Expires=${expires.toUTCString()}`,
    ...flags,
  ].join("; ");
}

/** The Set-Cookie value that makes the browser drop the session cookie. */
export function clearedSessionCookie(hostname: string): string {
  const { name, flags } = attributes(hostname);
  return [`${name}=`, "Max-Age=0", "Expires=Thu, 01 Jan 1970 00:00:00 GMT", ...flags].join("; ");
}
