import { Redis } from "ioredis";
import type { Context } from "koa";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { rateLimited } from "./errors.js";
import type { Logger } from "./runtime/index.js";

/** An operation's budget per caller address, from its `x-rate-limit` in the contract. */
export interface RateLimit {
  points: number;
  seconds: number;
}

export interface RateLimits {
  /** Takes one request from the caller's budget for the operation; 429 with Retry-After when spent. */
  take(ctx: Context, operationId: string, limit: RateLimit): Promise<void>;
  close(): Promise<void>;
}

/**
 * Budgets counted in Redis when there is one, so every replica of a service shares them (each take is
 * one atomic step), else in memory (embedded mode). The caller is ctx.ip, which believes
 * X-Forwarded-For only one hop from a configured proxy, so a made-up header buys no fresh budget.
 * `scale` multiplies every budget (the test topology, where every suite calls from one address).
 */
export function createRateLimits(redisUrl: string | undefined, logger: Logger, scale = 1): RateLimits {
  // Connected on the first limited request: most services declare no limit and never open it.
  let redis: Redis | undefined;
  // The first takes wait for the first connection (1 s at most), so replicas share a budget from the start.
  let connected: Promise<void> = Promise.resolve();
  const store = () => {
    if (!redisUrl) return undefined;
    if (!redis) {
      // Once connected, a take while Redis is away (reconnecting) fails at once and the in-memory
      // insurance limiter answers (rejectIfRedisNotReady below): waiting for a reconnection delayed
      // every limited request by the retry delay, up to seconds. A command in flight when the
      // connection drops fails with it (maxRetriesPerRequest 0).
      // Auto-pipelining: the takes of every request handled in one turn of the event loop go to Redis
      // in one write, instead of one write (and one system call) each.
      const client = new Redis(redisUrl, { maxRetriesPerRequest: 0, enableAutoPipelining: true });
      client.on("error", (error: unknown) => logger.warn({ err: error }, "rate limits: redis error"));
      connected = new Promise((resolve) => {
        client.once("ready", resolve);
        setTimeout(resolve, 1000).unref();
      });
      redis = client;
    }
    return redis;
  };
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (operationId: string, limit: RateLimit) => {
    let limiter = limiters.get(operationId);
    if (!limiter) {
      const options = {
        keyPrefix: `rsv:rate:${operationId}`,
        points: Math.max(1, Math.round(limit.points * scale)),
        duration: limit.seconds,
      };
      // If Redis fails, the in-memory limiter stands in rather than letting every request through.
      const client = store();
      limiter = client
        ? new RateLimiterRedis({
            ...options,
            storeClient: client,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      limiters.set(operationId, limiter);
    }
    return limiter;
  };
  return {
    async take(ctx, operationId, limit) {
      try {
        const limiter = limiterFor(operationId, limit);
        await connected;
        await limiter.consume(ctx.ip);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw rateLimited(Math.ceil(rejection.msBeforeNext / 1000));
        throw rejection;
      }
    },
    async close() {
      await redis?.quit().catch(() => undefined);
    },
  };
}
