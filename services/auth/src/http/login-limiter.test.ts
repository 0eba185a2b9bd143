import { describe } from "vitest";
import { createLogger } from "@rsv/kit";
import { createLoginLimiter } from "./login-limiter.js";
import { limiterRules, ruleBudgets } from "./login-limiter.rules.js";

describe("login limiter in memory", () => {
  limiterRules((clock) => createLoginLimiter(undefined, createLogger("test", "silent"), ruleBudgets, clock.now));
});
