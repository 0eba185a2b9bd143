import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { call, gatewayUrl } from "@rsv/kit/testing";

describe("the nginx gateway", () => {
  it("adds security headers and passes a request id through, or makes one", async () => {
    const mine = await call("GET", "/api/products", { headers: { "x-request-id": "test-request-0001" } });
    expect(mine.headers.get("x-request-id")).toBe("test-request-0001");
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect(mine.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(mine.headers.get("x-frame-options")).toBe("DENY");
    const made = await call("GET", "/api/products");
    expect(made.headers.get("x-request-id")).toMatch(/^[\w-]{16,}$/);
  });

  it("compresses JSON for clients that accept gzip", async () => {
    const response = await fetch(new URL("/api/products", gatewayUrl()), { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(Array.isArray(await response.json())).toBe(true);
  });

  it("serves the contract as JSON and a rendered reference", async () => {
    const spec = await call<{ openapi: string; paths: object }>("GET", "/api/openapi.json");
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toBe("3.1.0");
    expect(Object.keys(spec.body.paths)).toContain("/api/products");
    const docs = await call("GET", "/api/docs");
    expect(docs.status).toBe(200);
    expect(docs.headers.get("content-type")).toContain("text/html");
    expect(docs.text).toContain("Resveratrol Reviews API");
  });

  it("serves built assets with long-lived immutable caching", async () => {
    const asset = readdirSync(new URL("../../frontend/dist/client/assets", import.meta.url)).find((f) =>
      f.endsWith(".js"),
    );
    expect(asset).toBeDefined();
    const response = await call("GET", `/assets/${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // With nosniff, a script served under another type would not run.
    expect(response.headers.get("content-type")).toMatch(/^(application|text)\/javascript/);
  });

  it("answers unknown API paths and oversized bodies with the JSON error envelope", async () => {
    const missing = await call<{ error: { code: string } }>("GET", "/api/does-not-exist");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    const big = await call<{ error: { code: string } }>("POST", "/api/newsletter", {
      body: JSON.stringify({ email: "x".repeat(2 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("payload_too_large");
  });

  it("answers its own health check", async () => {
    const response = await call("GET", "/healthz");
    expect(response.body).toEqual({ status: "ok" });
  });
});
