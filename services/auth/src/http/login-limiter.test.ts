import { describe } from "vitest";
import { limiterRules } from "./login-limiter.rules.js";
import { createLogger } from "@rsv/kit";
import { createLoginLimiter } from "./login-limiter.js";

describe("login limiter in memory", () => {
  limiterRules(() => createLoginLimiter(undefined, createLogger("test", "silent"), { perAccount: 5, perAddress: 20 }));
});
