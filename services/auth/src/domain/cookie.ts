import { isLocalHost, sessionCookieName } from "@rsv/kit";

/** How long a browser stays known to an account after its last sign-in there. */
export const DEVICE_TTL_DAYS = 365;

/** The one name the device cookie has for a request to this host, as the session cookie's. */
export function deviceCookieName(hostname: string): string {
  return isLocalHost(hostname) ? "rsv_device" : "__Host-rsv_device";
}

/**
 * On this machine (plain HTTP) a cookie has its plain name without Secure; for any other host it is
 * `__Host-` prefixed, Secure, Path=/ and without Domain, as the prefix requires.
 */
function attributes(name: string): string[] {
  const secure = name.startsWith("__Host-");
  return ["Path=/", "HttpOnly", "SameSite=Strict", ...(secure ? ["Secure"] : [])];
}

function setCookie(name: string, value: string, options: { maxAgeSeconds: number; now?: Date }): string {
  const expires = new Date((options.now ?? new Date()).getTime() + options.maxAgeSeconds * 1000);
  return [
    `${name}=${value}`,
    `Max-Age=${Math.floor(options.maxAgeSeconds)}`,
    `Expires=${expires.toUTCString()}`,
    ...attributes(name),
  ].join("; ");
}

/** The Set-Cookie value that starts a session for a request to `hostname`. */
export function sessionCookie(value: string, options: { hostname: string; maxAgeSeconds: number; now?: Date }): string {
  return setCookie(sessionCookieName(options.hostname), value, options);
}

/** The Set-Cookie value that makes the browser drop the session cookie. */
export function clearedSessionCookie(hostname: string): string {
  const name = sessionCookieName(hostname);
  return [`${name}=`, "Max-Age=0", "Expires=Thu, 01 Jan 1970 00:00:00 GMT", ...attributes(name)].join("; ");
}

/**
 * The Set-Cookie value that marks this browser as one that signed in to the account: it outlives
 * sessions and sign-outs, and only ever buys a login budget of its own, never access.
 */
export function deviceCookie(value: string, options: { hostname: string; now?: Date }): string {
  return setCookie(deviceCookieName(options.hostname), value, { maxAgeSeconds: DEVICE_TTL_DAYS * 86_400, ...options });
}
