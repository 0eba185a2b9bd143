import type { Context } from "koa";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { rateLimited } from "@rsv/kit";

/**
 * The assistant is public and may call a paid model: each visitor address gets a budget of
 * messages a minute, counted per replica.
 */
export function visitorLimit(points: number) {
  const limiter = new RateLimiterMemory({ keyPrefix: "chat", points, duration: 60 });
  return async (ctx: Context) => {
    // ctx.ip believes X-Forwarded-For only from trusted proxies (the kit's clientAddress).
    try {
      await limiter.consume(ctx.ip);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw rateLimited(Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    }
  };
}
