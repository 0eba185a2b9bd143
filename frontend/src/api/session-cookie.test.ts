import { describe, expect, it } from "vitest";
import { credentialRequests } from "../../../gateway/src/micro-cache.rules.js";
import { hasSessionCookie } from "@rsv/api/session-cookie";
import { knownSignedOut } from "./session-cookie.js";

describe("the session cookie, as the page's render reads it", () => {
  // The micro-cache's own cases: a page rendered as signed out is kept only for requests without the cookie.
  it.each(credentialRequests.filter(([, headers]) => headers.cookie !== undefined))(
    "is there for %s, which the micro-cache passes by",
    (_label, headers) => {
      expect(hasSessionCookie(headers.cookie)).toBe(true);
    },
  );

  it("is there under either name, with any value: an ended session's cookie is the auth service's to answer", () => {
    expect(hasSessionCookie("rsv_session=")).toBe(true);
    expect(hasSessionCookie("rsv_lang=es;rsv_session=expired")).toBe(true);
    expect(hasSessionCookie("rsv_lang=es;  __Host-rsv_session=abc; theme=dark")).toBe(true);
  });

  it("is not there without a cookie, nor in another cookie's name or value", () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie("")).toBe(false);
    expect(hasSessionCookie("rsv_lang=es")).toBe(false);
    expect(hasSessionCookie("rsv_lang=es; not_rsv_session=1")).toBe(false);
    expect(hasSessionCookie("note=rsv_session=1")).toBe(false);
    expect(hasSessionCookie("RSV_SESSION=abc")).toBe(false);
  });
});

describe("a page's request that shows nobody is signed in", () => {
  it("has no session cookie where the browser would have sent one: from this site, or begun by the person", () => {
    for (const site of ["same-origin", "same-site", "none"]) {
      expect(knownSignedOut(undefined, site)).toBe(true);
      expect(knownSignedOut("rsv_lang=es", site)).toBe(true);
      expect(knownSignedOut("rsv_lang=es; rsv_session=abc", site)).toBe(false);
    }
  });

  it("is not told by a link followed from another site, which brings no SameSite=Strict cookie, nor by a browser that does not say", () => {
    expect(knownSignedOut(undefined, "cross-site")).toBe(false);
    expect(knownSignedOut("rsv_lang=es", "cross-site")).toBe(false);
    expect(knownSignedOut(undefined, undefined)).toBe(false);
    expect(knownSignedOut(undefined, "something-else")).toBe(false);
  });
});
