import { SESSION_COOKIE } from "@rsv/kit";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/** Plain HTTP is only expected on the machine itself; everywhere else the cookie is Secure. */
export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname.toLowerCase());
}

interface CookieOptions {
  secure: boolean;
}

function attributes({ secure }: CookieOptions): string[] {
  return ["Path=/", "HttpOnly", "SameSite=Strict", ...(secure ? ["Secure"] : [])];
}

/** The Set-Cookie value that starts a session. */
export function sessionCookie(value: string, options: CookieOptions & { maxAgeSeconds: number; now?: Date }): string {
  const expires = new Date((options.now ?? new Date()).getTime() + options.maxAgeSeconds * 1000);
  return [
    `${SESSION_COOKIE}=${value}`,
    `Max-Age=${Math.floor(options.maxAgeSeconds)}`,
    `Expires=${expires.toUTCString()}`,
    ...attributes(options),
  ].join("; ");
}

/** The Set-Cookie value that makes the browser drop the session cookie. */
export function clearedSessionCookie(options: CookieOptions): string {
  return [`${SESSION_COOKIE}=`, "Max-Age=0", "Expires=Thu, 01 Jan 1970 00:00:00 GMT", ...attributes(options)].join(
    "; ",
  );
}
