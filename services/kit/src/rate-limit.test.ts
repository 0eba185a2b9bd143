import type { Context } from "koa";
import { describe, expect, it } from "vitest";
import { rateLimitRules } from "./rate-limit.rules.js";
import { createRateLimits } from "./rate-limit.js";
import { createLogger } from "./runtime/index.js";

describe("contract rate limits in memory", () => {
  rateLimitRules(() => createRateLimits(undefined, createLogger("test", "silent")));

  it("scales every budget", async () => {
    const limits = createRateLimits(undefined, createLogger("test", "silent"), 2);
    for (let i = 0; i < 4; i++) await limits.take({ ip: "192.0.2.1" } as Context, "scaled", { points: 2, seconds: 60 });
    await expect(limits.take({ ip: "192.0.2.1" } as Context, "scaled", { points: 2, seconds: 60 })).rejects.toThrow();
  });
});
