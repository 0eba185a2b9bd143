import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { gatewayUrl } from "@rsv/kit/testing";

/** Every page through the gateway: a strict CSP, no cookies for visitors, HSTS where it applies. */

const pages = ["/", "/es", "/comparison", "/es/comparacion", "/blog", "/faq", "/what-is-resveratrol", "/no-such-page"];

/** A GET as a browser would send it to the site under another name (fetch cannot set Host). */
function get(path: string, host?: string): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const gateway = new URL(gatewayUrl());
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: gateway.hostname, port: gateway.port, path, headers: host ? { host } : {} },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values.join(" ")]),
  );
}

describe("security headers of every HTML response", () => {
  it.each(pages)("%s has a CSP without inline scripts, nosniff, a referrer policy and sets no cookie", async (path) => {
    const { status, headers } = await get(path);
    expect([200, 404]).toContain(status);
    expect(headers["content-type"]).toContain("text/html");
    const csp = directives(String(headers["content-security-policy"]));
    expect(csp.get("script-src")).toBe("'self'");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'none'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["set-cookie"]).toBeUndefined();
    // Plain HTTP on this machine: no HSTS, or the browser would insist on HTTPS for localhost.
    expect(headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends HSTS under any other name", async () => {
    for (const path of ["/", "/api/products", "/assets/does-not-exist.js"]) {
      const { headers } = await get(path, "reviews.example.com");
      expect(headers["strict-transport-security"], path).toMatch(/^max-age=31536000/);
    }
  });
});
