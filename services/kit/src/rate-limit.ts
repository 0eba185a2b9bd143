import { isIPv4, isIPv6 } from "node:net";
import { Redis } from "ioredis";
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

/** Whom a budget is counted on: the caller's address (ctx.ip, see clientAddress). */
export interface Caller {
  ip: string;
}

export interface RateLimits {
  /** Takes one request from the caller's budget for the operation; 429 with Retry-After when spent. */
  take(caller: Caller, operationId: string, limit: RateLimit): Promise<void>;
  /** Takes one request from the caller's budget; false when it was already spent. */
  tryTake(caller: Caller, operationId: string, limit: RateLimit): Promise<boolean>;
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

/** Points a process takes from a caller's shared budget in one step, when it is large (see Leases). */
export const LEASE_MOST = 10;
/** A budget is leased only when it holds at least this many leases; smaller ones go point by point. */
const LEASES_PER_BUDGET = 12;

/** The points a process takes from a shared budget of `points` at once: 1 for all but the largest. */
export function leaseSize(points: number): number {
  return points >= LEASES_PER_BUDGET * LEASE_MOST ? LEASE_MOST : 1;
}

interface Lease {
  /** Points taken from the shared budget and not yet used by this process. */
  left: number;
  /** When the budget's window ends (epoch ms): the lease lapses with it. */
  until: number;
  /** The shared budget had fewer points than asked for: nothing more until the window ends. */
  spent: boolean;
}

/**
 * Large budgets taken from Redis a few points at a time. A request that finds this process holding
 * points of its caller's budget uses one without a round trip; otherwise the process takes up to
 * LEASE_MOST points at once (one atomic step, as a single point would be), and requests arriving
 * meanwhile wait for that lease rather than asking again. No caller gets more than the budget across
 * replicas; a caller whose requests spread over several replicas may be refused up to
 * LEASE_MOST − 1 points per other replica early (what those hold unused). Only budgets of at least
 * LEASES_PER_BUDGET leases are leased (of the contract's, the beacon's 120 a minute): the rest, a few
 * dozen points at most, go point by point.
 */
class Leases {
  private readonly held = new Map<string, Lease>();
  private readonly asking = new Map<string, Promise<void>>();
  private sweptAt = 0;

  /** Takes one point; the refusal when the budget is spent, undefined otherwise. */
  async take(limiter: RateLimiterAbstract, key: string, points: number): Promise<RateLimiterRes | undefined> {
    const id = `${limiter.keyPrefix}:${key}`;
    for (;;) {
      const lease = this.held.get(id);
      const now = Date.now();
      if (lease && lease.until > now) {
        if (lease.left > 0) {
          lease.left -= 1;
          return undefined;
        }
        if (lease.spent) return new RateLimiterRes(0, lease.until - now, points, false);
      }
      let asking = this.asking.get(id);
      if (!asking) {
        asking = this.lease(limiter, id, key, points).finally(() => this.asking.delete(id));
        this.asking.set(id, asking);
      }
      await asking;
    }
  }

  private async lease(limiter: RateLimiterAbstract, id: string, key: string, points: number): Promise<void> {
    const size = leaseSize(points);
    let answer: RateLimiterRes;
    try {
      answer = await limiter.consume(key, size);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      answer = rejection;
    }
    // What was left of the budget before this lease, at most the lease: the rest was never there.
    const granted = Math.max(0, Math.min(size, points - (answer.consumedPoints - size)));
    const now = Date.now();
    this.sweep(now);
    this.held.set(id, { left: granted, until: now + Math.max(answer.msBeforeNext, 1), spent: granted < size });
  }

  /** Forgets lapsed leases, at most once a second. */
  private sweep(now: number): void {
    if (now - this.sweptAt < 1000) return;
    this.sweptAt = now;
    for (const [id, lease] of this.held) if (lease.until <= now) this.held.delete(id);
  }
}

/**
 * Budgets counted in Redis when there is one, so every replica of a service shares them (each take is
 * one atomic step; large budgets are taken a few points at a time, see Leases), else in memory
 * (embedded mode). The caller is ctx.ip (by budgetKey), which believes X-Forwarded-For only one hop
 * from a configured proxy, so a made-up header buys no fresh budget. `scale` multiplies every budget
 * (the test topology, where every suite calls from one address).
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
  const leases = new Leases();
  /** Takes one point; the limiter's answer when the budget is spent, undefined otherwise. */
  const consume = async (caller: Caller, operationId: string, limit: RateLimit) => {
    try {
      const limiter = limiterFor(operationId, limit);
      await connected;
      if (redis && leaseSize(limiter.points) > 1)
        return await leases.take(limiter, budgetKey(caller.ip), limiter.points);
      await limiter.consume(budgetKey(caller.ip));
      return undefined;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return rejection;
      throw rejection;
    }
  };
  return {
    async take(caller, operationId, limit) {
      const spent = await consume(caller, operationId, limit);
      if (spent) throw rateLimited(Math.ceil(spent.msBeforeNext / 1000));
    },
    async tryTake(caller, operationId, limit) {
      return (await consume(caller, operationId, limit)) === undefined;
    },
    async close() {
      await redis?.quit().catch(() => undefined);
    },
  };
}
