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

  it("counts an IPv6 caller by its /64, and an IPv4-mapped address as the IPv4 one", async () => {
    const limits = make();
    const operation = unique();
    const limit = { points: 2, seconds: 60 };
    await limits.take(caller("2001:db8:1:2::1"), operation, limit);
    await limits.take(caller("2001:db8:1:2:ffff:ffff:ffff:fffe"), operation, limit);
    await expect(limits.take(caller("2001:0db8:0001:0002:abcd::7"), operation, limit)).rejects.toThrow(HttpError);
    // The next /64 over has its own budget.
    await limits.take(caller("2001:db8:1:3::1"), operation, limit);
    await limits.take(caller("192.0.2.77"), operation, limit);
    await limits.take(caller("::ffff:192.0.2.77"), operation, limit);
    await expect(limits.take(caller("192.0.2.77"), operation, limit)).rejects.toThrow(HttpError);
  });

  it("tells an operation that serves everyone whether the caller's budget was spent, without refusing", async () => {
    const limits = make();
    const operation = unique();
    const limit = { points: 2, seconds: 60, whenSpent: "serve" as const };
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await limits.tryTake(caller("198.51.100.3"), operation, limit));
    expect(taken).toEqual([true, true, false, false]);
    expect(await limits.tryTake(caller("198.51.100.4"), operation, limit)).toBe(true);
  });
}
