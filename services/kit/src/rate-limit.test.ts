import type { Context } from "koa";
import { describe, expect, it } from "vitest";
import { rateLimitRules } from "./rate-limit.rules.js";
import { budgetKey, createRateLimits } from "./rate-limit.js";
import { createLogger } from "./runtime/index.js";

describe("contract rate limits in memory", () => {
  rateLimitRules(() => createRateLimits(undefined, createLogger("test", "silent")));

  it("scales every budget", async () => {
    const limits = createRateLimits(undefined, createLogger("test", "silent"), 2);
    for (let i = 0; i < 4; i++) await limits.take({ ip: "192.0.2.1" } as Context, "scaled", { points: 2, seconds: 60 });
    await expect(limits.take({ ip: "192.0.2.1" } as Context, "scaled", { points: 2, seconds: 60 })).rejects.toThrow();
  });
});

describe("budgetKey", () => {
  it("keys IPv4 by the address, IPv6 by its /64 in one spelling", () => {
    expect(budgetKey("203.0.113.9")).toBe("203.0.113.9");
    expect(budgetKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(budgetKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(budgetKey("2001:0DB8:0000:0000:1:2:3:4")).toBe("2001:db8:0:0::/64");
    expect(budgetKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(budgetKey("::1")).toBe("0:0:0:0::/64");
  });
});
