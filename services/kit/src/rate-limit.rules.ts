import type { Context } from "koa";
import { expect, it } from "vitest";
import { HttpError } from "./errors.js";
import type { RateLimits } from "./rate-limit.js";

/** The rules, run in memory (rate-limit.test.ts) and on Redis, shared by replicas (rate-limit.api.test.ts). */
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
