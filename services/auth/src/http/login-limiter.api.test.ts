import { afterAll, describe } from "vitest";
import { createLogger } from "@rsv/kit";
import { createLoginLimiter, type LoginLimiter } from "./login-limiter.js";
import { limiterRules, ruleBudgets } from "./login-limiter.rules.js";

/** The same rules on the topology's Redis, where every replica shares the counts. */
describe("login limiter on Redis", () => {
  const made: LoginLimiter[] = [];
  afterAll(async () => {
    for (const limiter of made) await limiter.close();
  });
  limiterRules((clock) => {
    const limiter = createLoginLimiter(process.env.REDIS_URL, createLogger("test", "silent"), ruleBudgets, clock.now);
    made.push(limiter);
    return limiter;
  });
});
