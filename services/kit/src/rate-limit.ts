import { isIPv4, isIPv6 } from "node:net";
import { Redis } from "ioredis";
import type { Context } from "koa";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { rateLimited } from "./errors.js";
import type { Logger } from "./runtime/index.js";

/** An operation's budget per caller address, from its `x-rate-limit` in the contract. */
export interface RateLimit {
  points: number;
  seconds: number;
  /**
   * What a request beyond the budget gets: "refuse" (the default) answers 429 with Retry-After;
   * "serve" lets it through marked `ctx.state.overBudget`, for an operation that must answer everyone
   * but need not act on everything (the affiliate redirect counts a click only within the budget).
   */
  whenSpent?: "refuse" | "serve";
}

export interface RateLimits {
  /** Takes one request from the caller's budget for the operation; 429 with Retry-After when spent. */
  take(ctx: Context, operationId: string, limit: RateLimit): Promise<void>;
  /** Takes one request from the caller's budget; false when it was already spent. */
  tryTake(ctx: Context, operationId: string, limit: RateLimit): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Whose budget a request is counted on: an IPv4 address (an IPv4-mapped IPv6 one written as IPv4),
 * or an IPv6 address's /64, since one subscriber is routinely given a whole /64 and can call from
 * any of its 2^64 addresses.
 */
export function budgetKey(address: string): string {
  const bare = address.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(bare)) return bare;
  const [head = "", tail] = bare.toLowerCase().split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  const left = groups(head);
  // An embedded IPv4 tail (::1.2.3.4) takes two groups; only the first four groups matter here.
  const right = tail === undefined ? [] : groups(tail);
  const width = right.reduce((n, group) => n + (group.includes(".") ? 2 : 1), 0);
  const full = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - width).fill("0"), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * Budgets counted in Redis when there is one, so every replica of a service shares them (each take is
 * one atomic step), else in memory (embedded mode). The caller is ctx.ip (by budgetKey), which believes
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
  /** Takes one point; the limiter's answer when the budget is spent, undefined otherwise. */
  const consume = async (ctx: Context, operationId: string, limit: RateLimit) => {
    try {
      const limiter = limiterFor(operationId, limit);
      await connected;
      await limiter.consume(budgetKey(ctx.ip));
      return undefined;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return rejection;
      throw rejection;
    }
  };
  return {
    async take(ctx, operationId, limit) {
      const spent = await consume(ctx, operationId, limit);
      if (spent) throw rateLimited(Math.ceil(spent.msBeforeNext / 1000));
    },
    async tryTake(ctx, operationId, limit) {
      return (await consume(ctx, operationId, limit)) === undefined;
    },
    async close() {
      await redis?.quit().catch(() => undefined);
    },
  };
}
