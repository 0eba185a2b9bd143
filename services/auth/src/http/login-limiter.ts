import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Logger } from "@rsv/kit";

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** The first wait once an account's (or a device's) free attempts are spent; each further attempt doubles it. */
export const FIRST_DELAY_SECONDS = 1;
/** An account's or device's attempts are forgotten this long after the last one was taken (or at a success). */
export const BACKOFF_MEMORY_SECONDS = 60 * 60;

export interface LoginBudgets {
  /** Attempts one account (or one known device of it) may take at once before the delays begin. */
  perAccount: number;
  /** Attempts one address may take within the window, across any number of accounts. */
  perAddress: number;
  /** The longest wait between attempts once the free ones are spent. */
  maxDelaySeconds: number;
  /** Wrong current passwords one account may give within the window when changing its password. */
  perPasswordChange: number;
}

export interface LoginAttempt {
  account: string;
  address: string;
  /** The hash of the device cookie when it belongs to this account: the device's budget stands in for the account's. */
  device?: string;
}

export interface LoginLimiter {
  /**
   * Takes one attempt before the password is checked, so parallel attempts cannot overrun a budget:
   * from the address's budget, and from the known device's or else the account's. Answers the seconds
   * to wait when one is spent (nothing is checked then), else 0.
   */
  attempt(attempt: LoginAttempt): Promise<number>;
  /** A successful login gives back the budgets it took from. */
  succeeded(attempt: LoginAttempt): Promise<void>;
  /** Takes one attempt at the current password from the account's own password-change budget. */
  attemptPasswordChange(adminId: number): Promise<number>;
  passwordChangeSucceeded(adminId: number): Promise<void>;
  readiness: Array<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * A growing delay rather than a lock: `free` attempts at once, then each attempt must wait
 * FIRST_DELAY_SECONDS doubled for every attempt since, up to `maxDelayMs`. Whoever attempts, the
 * key's attempts stay bounded, and the right password gets in after at most `maxDelayMs`.
 */
interface Backoff {
  /** 0 when the attempt is taken, else the milliseconds until the next one may be. */
  take(key: string, now: number): Promise<number>;
  forget(key: string): Promise<void>;
}

interface BackoffRules {
  free: number;
  maxDelayMs: number;
}

// State per key: n (attempts taken) and next (when the next may be taken, epoch ms). One script, so
// replicas taking attempts at the same moment cannot both take the last one.
const BACKOFF_SCRIPT = `
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local nextAt = tonumber(redis.call('HGET', KEYS[1], 'next') or '0')
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
if n >= free and now < nextAt then return nextAt - now end
n = n + 1
if n >= free then
  nextAt = now + math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ (n - free))
end
redis.call('HSET', KEYS[1], 'n', n, 'next', nextAt)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 0
`;

const delayAfter = (taken: number, rules: BackoffRules) =>
  taken < rules.free ? 0 : Math.min(rules.maxDelayMs, FIRST_DELAY_SECONDS * 1000 * 2 ** (taken - rules.free));

function memoryBackoff(rules: BackoffRules): Backoff {
  const states = new Map<string, { n: number; next: number; forgetAt: number }>();
  return {
    async take(key, now) {
      let state = states.get(key);
      if (state && state.forgetAt <= now) state = undefined;
      if (state && state.n >= rules.free && now < state.next) return state.next - now;
      const n = (state?.n ?? 0) + 1;
      const next = now + delayAfter(n, rules);
      if (states.size > 10_000) for (const [k, s] of states) if (s.forgetAt <= now) states.delete(k);
      states.set(key, { n, next, forgetAt: now + BACKOFF_MEMORY_SECONDS * 1000 });
      return 0;
    },
    async forget(key) {
      states.delete(key);
    },
  };
}

/** In Redis, with the in-memory backoff standing in while Redis is away (as rate-limiter-flexible's insurance does). */
function redisBackoff(redis: Redis, prefix: string, rules: BackoffRules, logger: Logger): Backoff {
  const insurance = memoryBackoff(rules);
  return {
    async take(key, now) {
      try {
        const wait = await redis.eval(
          BACKOFF_SCRIPT,
          1,
          `${prefix}:${key}`,
          now,
          rules.free,
          FIRST_DELAY_SECONDS * 1000,
          rules.maxDelayMs,
          BACKOFF_MEMORY_SECONDS * 1000,
        );
        return Number(wait);
      } catch (error) {
        logger.warn({ err: error }, "login limiter: redis unavailable, counting in memory");
        return insurance.take(key, now);
      }
    },
    async forget(key) {
      await Promise.all([redis.del(`${prefix}:${key}`).catch(() => undefined), insurance.forget(key)]);
    },
  };
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * In Redis when REDIS_URL is set (shared by every replica, each take one atomic step), in memory
 * otherwise. `now` is the clock the delays are timed by (the tests move it).
 */
export function createLoginLimiter(
  redisUrl: string | undefined,
  logger: Logger,
  budgets: LoginBudgets,
  now: () => number = Date.now,
): LoginLimiter {
  let redis: Redis | undefined;
  if (redisUrl) {
    redis = new Redis(redisUrl, {
      // Commands wait for the first connection, then fail after one retry while Redis is away, so the
      // in-memory insurance answers instead of the request hanging.
      maxRetriesPerRequest: 1,
    });
    redis.on("error", (error: unknown) => logger.warn({ err: error }, "login limiter: redis error"));
  }
  const fixed = (keyPrefix: string, points: number): RateLimiterAbstract => {
    const options = { keyPrefix, points, duration: LOGIN_WINDOW_SECONDS };
    return redis
      ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
  };
  const rules = { free: budgets.perAccount, maxDelayMs: budgets.maxDelaySeconds * 1000 };
  const backoff = (prefix: string) => (redis ? redisBackoff(redis, prefix, rules, logger) : memoryBackoff(rules));

  const perAddress = fixed("rsv:auth:login:address", budgets.perAddress);
  const perAccount = backoff("rsv:auth:login:account");
  const perDevice = backoff("rsv:auth:login:device");
  const perPasswordChange = fixed("rsv:auth:password-change:account", budgets.perPasswordChange);

  const takeFixed = async (budget: RateLimiterAbstract, key: string): Promise<number> => {
    try {
      await budget.consume(key);
      return 0;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return seconds(rejection.msBeforeNext);
      throw rejection;
    }
  };
  const takeBackoff = async (budget: Backoff, key: string) => {
    const wait = await budget.take(key, now());
    return wait > 0 ? seconds(wait) : 0;
  };

  return {
    async attempt({ account, address, device }) {
      const waits = await Promise.all([
        takeFixed(perAddress, address),
        device ? takeBackoff(perDevice, device) : takeBackoff(perAccount, account),
      ]);
      return Math.max(...waits);
    },
    async succeeded({ account, address, device }) {
      await Promise.all([perAddress.delete(address), device ? perDevice.forget(device) : perAccount.forget(account)]);
    },
    attemptPasswordChange: (adminId) => takeFixed(perPasswordChange, String(adminId)),
    async passwordChangeSucceeded(adminId) {
      await perPasswordChange.delete(String(adminId));
    },
    readiness: redis ? [async () => void (await redis.ping())] : [],
    async close() {
      await redis?.quit().catch(() => undefined);
    },
  };
}
