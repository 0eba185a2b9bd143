import { hasSessionCookie } from "@rsv/api/session-cookie";

/**
 * The navigations a browser sends a SameSite=Strict cookie with, by their Sec-Fetch-Site: from this
 * site, or begun by the person (an address typed, a bookmark). A link followed from another site (an
 * email read in webmail) comes without it, signed in or not; so does anything from a browser that says
 * nothing of where a request began.
 */
const STRICT_COOKIES_SENT = new Set(["same-origin", "same-site", "none"]);

/**
 * Whether a page's request shows that nobody is signed in: no session cookie, where the browser would
 * have sent one. Otherwise only the auth service can tell, and the page asks it.
 */
export function knownSignedOut(cookieHeader: string | undefined, secFetchSite: string | undefined): boolean {
  return !hasSessionCookie(cookieHeader) && secFetchSite !== undefined && STRICT_COOKIES_SENT.has(secFetchSite);
}
