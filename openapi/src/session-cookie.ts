/**
 * The admin's session cookie in a request's Cookie header, under either of its names (`rsv_session`
 * on this machine, `__Host-rsv_session` elsewhere; the contract's `adminSession` scheme), as a regular
 * expression's source. One copy for everything in front of the services that tells an admin's request
 * from a visitor's: nginx's `$has_session` map, the embedded micro-cache, and the web renderer (whose
 * signed-out /admin those caches may keep only for requests without it).
 */
export const SESSION_COOKIE_IN_HEADER = "(?:^|;) *(?:__Host-)?rsv_session=";

const sessionCookie = new RegExp(SESSION_COOKIE_IN_HEADER);

/**
 * Whether a Cookie header carries the session cookie. Its value says nothing of the session itself (it
 * may have ended): only the auth service can answer that.
 */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && sessionCookie.test(cookieHeader);
}
