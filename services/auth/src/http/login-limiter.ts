import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Logger } from "@rsv/kit";

export const LOGIN_WINDOW_SECONDS = 15 * 60;

export interface LoginBudgets {
  /** Attempts one account may take within the window, from any number of addresses. */
  perAccount: number;
  /** Attempts one address may take within the window, across any number of accounts. */
  perAddress: number;
}

export interface LoginLimiter {
  /**
   * Takes one attempt from the account's budget and from the address's before the password is
   * checked, so parallel attempts cannot overrun either; answers the seconds to wait when either
   * budget is spent (nothing is checked then), else 0.
   */
  attempt(account: string, address: string): Promise<number>;
  /** A successful login gives both budgets back. */
  succeeded(account: string, address: string): Promise<void>;
  readiness: Array<() => Promise<void>>;
  close(): Promise<void>;
}

const seconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * rate-limiter-flexible, in Redis when REDIS_URL is set (shared by every replica, each consume one
 * atomic step), in memory otherwise. If Redis is unreachable the in-memory limiter stands in.
 */
export function createLoginLimiter(redisUrl: string | undefined, logger: Logger, budgets: LoginBudgets): LoginLimiter {
  let redis: Redis | undefined;
  if (redisUrl) {
    redis = new Redis(redisUrl, {
      // Commands wait for the first connection, then fail after one retry while Redis is away, so the
      // in-memory insurance limiter answers instead of the request hanging.
      maxRetriesPerRequest: 1,
    });
    redis.on("error", (error: unknown) => logger.warn({ err: error }, "login limiter: redis error"));
  }
  const limiter = (keyPrefix: string, points: number): RateLimiterAbstract => {
    const options = { keyPrefix, points, duration: LOGIN_WINDOW_SECONDS };
    return redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
  };
  const perAccount = limiter("rsv:auth:login:account", budgets.perAccount);
  const perAddress = limiter("rsv:auth:login:address", budgets.perAddress);

  const take = async (budget: RateLimiterAbstract, key: string): Promise<number> => {
    try {
      await budget.consume(key);
      return 0;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return seconds(rejection);
      throw rejection;
    }
  };

  return {
    async attempt(account, address) {
      const waits = await Promise.all([take(perAccount, account), take(perAddress, address)]);
      return Math.max(...waits);
    },
    async succeeded(account, address) {
      await Promise.all([perAccount.delete(account), perAddress.delete(address)]);
    },
    readiness: redis ? [async () => void (await redis.ping())] : [],
    async close() {
      await redis?.quit().catch(() => undefined);
    },
  };
}
