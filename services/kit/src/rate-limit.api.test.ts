import type { Context } from "koa";
import { afterAll, describe, expect, it } from "vitest";
import { createRateLimits, type RateLimits } from "./rate-limit.js";
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
});
