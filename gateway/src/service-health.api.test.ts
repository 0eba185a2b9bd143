import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const services = Object.entries(JSON.parse(process.env.SERVICE_URLS ?? "{}") as Record<string, string>).filter(
  ([name]) => name !== "web",
);

describe("every service's operational endpoints", () => {
  it("the topology runs every API service", () => {
    expect(services.map(([name]) => name).sort()).toEqual(
      ["analytics", "auth", "catalog", "chat", "content", "media", "newsletter"].sort(),
    );
  });

  it.each(services)("%s answers /healthz, /readyz and Prometheus /metrics", async (name, url) => {
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toContain("http_request_duration_seconds");
    expect(metrics).toContain(`service="${name}"`);
  });

  it.each(services)("%s logs one JSON line per request with the request id", async (name, url) => {
    const requestId = `health-check-${name}-${Date.now()}`;
    const response = await fetch(`${url}/api/does-not-exist`, { headers: { "x-request-id": requestId } });
    expect(response.headers.get("x-request-id")).toBe(requestId);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    const logFile = new URL(`../../test-results/logs/${name}-0.log`, import.meta.url);
    const lineFor = () =>
      readFileSync(logFile, "utf8")
        .split("\n")
        .find((l) => l.includes(requestId));
    // The line is written as the answer goes out: wait for it, not for a guess at how long that takes.
    await expect.poll(lineFor, { message: "a log line with the request id" }).toBeDefined();
    const line = lineFor();
    expect(JSON.parse(line!)).toMatchObject({
      service: name,
      reqId: requestId,
      status: 404,
      path: "/api/does-not-exist",
    });
  });
});
