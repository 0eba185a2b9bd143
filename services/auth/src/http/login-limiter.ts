import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Logger } from "@rsv/kit";

/** Failed logins allowed per email and address within the window; the next attempt is refused. */
export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;

export interface LoginLimiter {
  /** Seconds until attempts are allowed again, or 0 when they are. */
  blockedFor(key: string): Promise<number>;
  /** Records a failure; answers the seconds to wait when this failure went over the limit, else 0. */
  recordFailure(key: string): Promise<number>;
  /** A successful login forgets the failures. */
  reset(key: string): Promise<void>;
  readiness: Array<() => Promise<void>>;
  close(): Promise<void>;
}

const seconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * rate-limiter-flexible's consecutive-failures pattern: in Redis when REDIS_URL is set (shared by every
 * replica), in memory otherwise. If Redis is unreachable the in-memory limiter stands in.
 */
export function createLoginLimiter(redisUrl: string | undefined, logger: Logger): LoginLimiter {
  const options = {
    keyPrefix: "rsv:auth:login-fail",
    points: MAX_FAILED_LOGINS,
    duration: FAILED_LOGIN_WINDOW_SECONDS,
  };
  let redis: Redis | undefined;
  let limiter: RateLimiterAbstract;
  if (redisUrl) {
    redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on("error", (error: unknown) => logger.warn({ err: error }, "login limiter: redis error"));
    limiter = new RateLimiterRedis({
      ...options,
      storeClient: redis,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  } else {
    limiter = new RateLimiterMemory(options);
  }

  return {
    async blockedFor(key) {
      const res = await limiter.get(key);
      return res && res.consumedPoints >= MAX_FAILED_LOGINS ? seconds(res) : 0;
    },
    async recordFailure(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return seconds(rejection);
        throw rejection;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    readiness: redis ? [async () => void (await redis.ping())] : [],
    async close() {
      await redis?.quit().catch(() => undefined);
    },
  };
}
