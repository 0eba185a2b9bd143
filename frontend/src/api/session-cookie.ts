/**
 * Whether a request carries the admin's session cookie, under either of its names (`rsv_session` on
 * this machine, `__Host-rsv_session` elsewhere), read as the gateway's `$has_session` and the embedded
 * micro-cache read it: a page rendered for a request without one is only ever kept for, and served to,
 * requests without one. A cookie says nothing of the session itself (it may have ended): only the auth
 * service can answer that.
 */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && /(?:^|;) *(?:__Host-)?rsv_session=/.test(cookieHeader);
}
