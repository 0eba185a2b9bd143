import { randomUUID } from "node:crypto";
import { gatewayUrl, rawGet } from "@rsv/kit/testing";
import { describe, expect, it } from "vitest";
import { credentialRequests } from "./micro-cache.rules.js";

/**
 * /admin for a request without the session cookie, where the browser would have sent one, is the sign-in
 * form, sent with the answer that nobody is signed in; with the cookie, or from a link on another site
 * (which brings no SameSite=Strict cookie, signed in or not), it is the shell whose script asks the auth
 * service. The micro-cache and the web process's renders keep the first, so neither may hand it to a
 * request that carries the cookie or comes from another site.
 */
const signInForm = 'data-testid="admin-login"';
const sessionCookies = credentialRequests.filter(([, headers]) => headers.cookie !== undefined);

/** As a browser navigating within the site sends it. */
const sameOrigin = { "sec-fetch-site": "same-origin" };

async function admin(path: string, headers: Record<string, string> = {}) {
  const response = await rawGet(gatewayUrl(), path, { ...sameOrigin, ...headers });
  expect(response.status).toBe(200);
  return { html: response.body.toString(), cached: response.headers["x-cache-status"], vary: response.headers.vary };
}

describe("/admin behind the gateway", () => {
  it("is the sign-in form for a request without the session cookie, and says nobody is signed in", async () => {
    const { html, vary } = await admin(`/admin?visit=${randomUUID()}`, { cookie: "rsv_lang=es" });
    expect(html).toContain(signInForm);
    expect(html).toMatch(/"queryKey":\["\/api\/auth\/session"\]/);
    expect(vary).toMatch(/\bCookie\b/);
    expect(vary).toMatch(/\bSec-Fetch-Site\b/);
  });

  it("asks, for a link followed from another site or a browser that does not say, whatever the caches keep", async () => {
    const path = `/admin?visit=${randomUUID()}`;
    expect((await admin(path)).html).toContain(signInForm);
    await expect.poll(async () => (await admin(path)).cached, { timeout: 15_000, interval: 0 }).toBe("HIT");
    for (const site of ["cross-site", ""]) {
      const asking = await admin(path, { "sec-fetch-site": site });
      expect(asking.html).not.toContain(signInForm);
      expect(asking.html).toContain("Loading...");
    }
  });

  it.each(sessionCookies)("asks, for a request with %s, whatever the caches in front keep", async (_label, headers) => {
    const path = `/admin?visit=${randomUUID()}`;
    // Rendered just now without the cookie: the web process shares that render for a second.
    expect((await admin(path)).html).toContain(signInForm);
    const asking = await admin(path, headers);
    expect(asking.cached).toBe("BYPASS");
    expect(asking.html).not.toContain(signInForm);
    expect(asking.html).not.toContain("/api/auth/session");
    expect(asking.html).toContain("Loading...");

    // Kept by the micro-cache for requests without the cookie, and for them only.
    await expect.poll(async () => (await admin(path)).cached, { timeout: 15_000, interval: 0 }).toBe("HIT");
    const again = await admin(path, headers);
    expect(again.cached).toBe("BYPASS");
    expect(again.html).not.toContain(signInForm);
  });
});
