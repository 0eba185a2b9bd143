import { randomUUID } from "node:crypto";
import { assertMatchesSpec, call } from "@rsv/kit/testing";
import { expect, it, vi } from "vitest";

/**
 * JSON bodies nested deeper than any the contract describes, behind nginx (input-bounds.api.test.ts)
 * and in embedded mode (embedded-trust.api.test.ts) alike: refused with a 400 in the error envelope
 * before any check walks them, and logged as the ordinary refusal it is, with no stack trace.
 * `log` reads what the service answering /api/chat has logged so far (earlier runs' lines too).
 */
export function deepJsonRules(base: () => string, log: () => string) {
  const refusal = { error: { code: "validation_failed", message: "Request body is nested more than 64 levels deep" } };

  it("20,000 levels to /api/chat: 400, and one ordinary log line", async () => {
    const requestId = `deep-json-${randomUUID()}`;
    const response = await call("POST", "/api/chat", {
      baseUrl: base(),
      headers: { "content-type": "application/json", "x-request-id": requestId },
      body: nested(20_000),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(refusal);
    assertMatchesSpec("sendChatMessage", response);
    const lines = () =>
      log()
        .split("\n")
        .filter((line) => line.includes(requestId));
    const logged = () => lines().map((line) => JSON.parse(line) as { level: number; status?: number; msg: string });
    await vi.waitFor(() => expect(logged()).toContainEqual(expect.objectContaining({ msg: "request", status: 400 })));
    // Only the access line, at info: no "request failed" error with the stack of an overflow.
    expect(logged()).toEqual([expect.objectContaining({ level: 30 })]);
    expect(lines().join("\n")).not.toMatch(/stack|RangeError/);
  });

  it.each([
    ["sendChatMessage", "/api/chat"],
    ["subscribe", "/api/newsletter"],
    ["unsubscribe", "/api/newsletter/unsubscribe"],
    ["trackEvent", "/api/analytics/track"],
    ["login", "/api/auth/login"],
  ])("%s refuses a body nested 65 levels", async (operationId, path) => {
    const response = await call("POST", path, {
      baseUrl: base(),
      headers: { "content-type": "application/json" },
      body: nested(65),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(refusal);
    assertMatchesSpec(operationId, response);
  });
}

/** `{"message": [[...]]}`, `depth` levels in all (the outer object is the first). */
function nested(depth: number): string {
  return `{"message":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;
}
