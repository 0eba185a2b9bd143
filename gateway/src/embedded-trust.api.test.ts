import { readFileSync } from "node:fs";
import { call } from "@rsv/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedSite, type EmbeddedSite } from "../../infra/local/topology.js";
import { deepJsonRules } from "./deep-json.rules.js";
import { signUpBudgetRules } from "./sign-up-budget.rules.js";

/**
 * What the embedded server (make start) believes about who calls it. Nothing stands in front of it,
 * so no X-Forwarded-* header a client writes is believed; the site's own processes name a visitor to
 * each other with the secret the server made up at start, which no client has.
 */

const admin = { email: "embedded-trust@example.com", password: "embedded-trust-passphrase-42" };
let site: EmbeddedSite | undefined;
let base = "";

beforeAll(async () => {
  site = await startEmbeddedSite("embedded-trust", admin, { LOG_LEVEL: "info" });
  base = site.base;
}, 180_000);

afterAll(() => site?.stop());

describe("the no-JavaScript sign-up in embedded mode", { timeout: 30_000 }, () => {
  signUpBudgetRules(() => base, 2);
});

describe("deeply nested JSON in embedded mode", () => {
  deepJsonRules(
    () => base,
    () => readFileSync(site!.process.logFile, "utf8"),
  );
});

describe("X-Forwarded-Host in embedded mode", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await site!.adminCookie();
  });

  const remove = (headers: Record<string, string>) =>
    call("DELETE", "/api/products/2147483000", { baseUrl: base, headers: { cookie, ...headers } });

  it.each([
    ["another port of this machine", { origin: "http://127.0.0.1:1", "x-forwarded-host": "127.0.0.1:1" }],
    [
      "another site, over HTTPS",
      { origin: "https://evil.example.org", "x-forwarded-host": "evil.example.org", "x-forwarded-proto": "https" },
    ],
  ])("a foreign Origin that X-Forwarded-Host names is refused: %s", async (_, headers) => {
    const response = await remove(headers);
    expect(response.status).toBe(403);
    expect((response.body as { error: { code: string } }).error.code).toBe("forbidden");
  });

  it("the site's own Origin still writes with the admin's cookie", async () => {
    expect((await remove({ origin: base })).status).toBe(404);
  });
});

describe("the address the embedded server names in its links", () => {
  it("is the port it serves on when PUBLIC_ORIGIN is not set, in the sitemap and in the newsletter's mail", async () => {
    const port = new URL(base).port;
    expect(port).not.toBe("8080");
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locations.length).toBeGreaterThan(10);
    expect(locations.every((location) => location.startsWith(`http://localhost:${port}/`))).toBe(true);

    const email = `origin-${Date.now()}@example.com`;
    expect((await call("POST", "/api/newsletter", { baseUrl: base, json: { email, language: "en" } })).status).toBe(
      202,
    );
    const cookie = await site!.adminCookie();
    const outbox = await call<{ messages: Array<{ to: string; text: string }> }>("GET", "/api/newsletter/outbox", {
      baseUrl: base,
      headers: { cookie },
    });
    const message = outbox.body.messages.find((item) => item.to === email);
    expect(message?.text).toContain(`http://localhost:${port}/`);
    expect(message?.text).not.toContain("localhost:8080");
  });
});
