import type { Context } from "koa";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { HttpError } from "./errors.js";
import { LEASE_MOST, createRateLimits, type RateLimits } from "./rate-limit.js";
import { rateLimitRules } from "./rate-limit.rules.js";
import { createLogger } from "./runtime/index.js";

describe("contract rate limits on Redis", () => {
  const made: RateLimits[] = [];
  const make = () => {
    const limits = createRateLimits(process.env.REDIS_URL, createLogger("test", "silent"));
    made.push(limits);
    return limits;
  };
  afterAll(async () => {
    for (const limits of made) await limits.close();
  });

  rateLimitRules(make);

  it("shares one budget between replicas", async () => {
    const [one, two] = [make(), make()];
    const operation = `shared-${Date.now()}`;
    const from = { ip: "203.0.113.50" } as Context;
    await one.take(from, operation, { points: 4, seconds: 60 });
    await two.take(from, operation, { points: 4, seconds: 60 });
    await one.take(from, operation, { points: 4, seconds: 60 });
    await two.take(from, operation, { points: 4, seconds: 60 });
    await expect(one.take(from, operation, { points: 4, seconds: 60 })).rejects.toThrow();
    await expect(two.take(from, operation, { points: 4, seconds: 60 })).rejects.toThrow();
  });

  describe("a large budget, taken a lease at a time", () => {
    const redis = new Redis(process.env.REDIS_URL!);
    afterAll(() => redis.quit());
    const budget = { points: 120, seconds: 60 };
    /** What Redis counts as taken from the caller's budget for the operation. */
    const takenInRedis = async (operation: string, ip: string) =>
      Number(await redis.get(`rsv:rate:${operation}:${ip}`));
    /** Takes from `limits` in turn until every one refuses; how many were let through. */
    const drain = async (limits: RateLimits[], operation: string, from: Context) => {
      let passed = 0;
      const refusing = new Set<RateLimits>();
      for (let turn = 0; refusing.size < limits.length && turn < 1000; turn++) {
        const replica = limits[turn % limits.length]!;
        if (refusing.has(replica)) continue;
        const answer = await replica.take(from, operation, budget).then(
          () => undefined,
          (error: unknown) => error,
        );
        if (answer === undefined) passed += 1;
        else {
          expect(answer).toBeInstanceOf(HttpError);
          expect((answer as HttpError).status).toBe(429);
          expect(Number((answer as HttpError).headers["Retry-After"])).toBeGreaterThan(0);
          refusing.add(replica);
        }
      }
      return passed;
    };

    it("asks Redis once for ten requests, and lets exactly the budget through from one replica", async () => {
      const limits = make();
      const operation = `leased-${Date.now()}`;
      const from = { ip: "203.0.113.60" } as Context;
      await limits.take(from, operation, budget);
      expect(await takenInRedis(operation, "203.0.113.60")).toBe(LEASE_MOST);
      for (let i = 1; i < LEASE_MOST; i++) await limits.take(from, operation, budget);
      expect(await takenInRedis(operation, "203.0.113.60")).toBe(LEASE_MOST);
      await limits.take(from, operation, budget);
      expect(await takenInRedis(operation, "203.0.113.60")).toBe(2 * LEASE_MOST);
      expect(11 + (await drain([limits], operation, from))).toBe(budget.points);
    });

    it("lets concurrent requests share one lease instead of each asking for its own", async () => {
      const limits = make();
      const operation = `leased-concurrent-${Date.now()}`;
      const from = { ip: "203.0.113.61" } as Context;
      await Promise.all(Array.from({ length: 25 }, () => limits.take(from, operation, budget)));
      expect(await takenInRedis(operation, "203.0.113.61")).toBe(30);
    });

    it("never lets a caller through more than the budget across replicas, and refuses early by at most the leases held", async () => {
      const replicas = [make(), make()];
      const operation = `leased-shared-${Date.now()}`;
      const passed = await drain(replicas, operation, { ip: "203.0.113.62" } as Context);
      expect(passed).toBeLessThanOrEqual(budget.points);
      expect(passed).toBeGreaterThanOrEqual(budget.points - (LEASE_MOST - 1));
    });
  });
});
