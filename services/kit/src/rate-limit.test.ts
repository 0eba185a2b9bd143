import type { Context } from "koa";
import { describe, expect, it } from "vitest";
import { HttpError } from "./errors.js";
import { createRateLimits, type RateLimits } from "./rate-limit.js";
import { createLogger } from "./runtime/index.js";

/** The rules, run in memory here and on Redis (shared by replicas) in rate-limit.api.test.ts. */
export function rateLimitRules(make: () => RateLimits) {
  const caller = (ip: string) => ({ ip }) as Context;
  const unique = () => `op-${Date.now()}-${Math.random().toString(36).slice(2)}`;

  it("answers 429 with Retry-After once an address has spent the operation's budget", async () => {
    const limits = make();
    const operation = unique();
    for (let i = 0; i < 3; i++) await limits.take(caller("198.51.100.1"), operation, { points: 3, seconds: 60 });
    const refused = await limits.take(caller("198.51.100.1"), operation, { points: 3, seconds: 60 }).catch((e) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(429);
    expect(Number((refused as HttpError).headers["Retry-After"])).toBeGreaterThan(0);
    // Another address, or another operation, has a budget of its own.
    await limits.take(caller("198.51.100.2"), operation, { points: 3, seconds: 60 });
    await limits.take(caller("198.51.100.1"), unique(), { points: 3, seconds: 60 });
  });
}

describe("contract rate limits in memory", () => {
  rateLimitRules(() => createRateLimits(undefined, createLogger("test", "silent")));

  it("scales every budget", async () => {
    const limits = createRateLimits(undefined, createLogger("test", "silent"), 2);
    for (let i = 0; i < 4; i++) await limits.take({ ip: "192.0.2.1" } as Context, "scaled", { points: 2, seconds: 60 });
    await expect(limits.take({ ip: "192.0.2.1" } as Context, "scaled", { points: 2, seconds: 60 })).rejects.toThrow();
  });
});
