import { expect, it } from "vitest";
import type { LoginLimiter } from "./login-limiter.js";

/** The budgets every run of these rules uses. */
export const ruleBudgets = { perAccount: 5, perAddress: 20, maxDelaySeconds: 300, perPasswordChange: 5 };

/** A clock the rules move by hand, so an hour passes in a moment. */
export interface TestClock {
  now: () => number;
  advance: (seconds: number) => void;
}

export function testClock(): TestClock {
  let at = Date.now();
  return { now: () => at, advance: (seconds) => void (at += seconds * 1000) };
}

/** The limiter's rules, run in memory (login-limiter.test.ts) and on Redis (login-limiter.api.test.ts). */
export function limiterRules(make: (clock: TestClock) => LoginLimiter) {
  const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const randomAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`;

  it("gives one account 5 attempts at once whatever address they come from, then a wait", async () => {
    const limiter = make(testClock());
    const account = `owner-${unique()}@example.com`;
    for (let i = 0; i < 5; i++) expect(await limiter.attempt({ account, address: `198.51.100.${i}` })).toBe(0);
    expect(await limiter.attempt({ account, address: "203.0.113.77" })).toBeGreaterThan(0);
  });

  it("then doubles the wait after each attempt, up to the longest delay, rather than locking the account", async () => {
    const clock = testClock();
    const limiter = make(clock);
    const account = `owner-${unique()}@example.com`;
    for (let i = 0; i < 5; i++) await limiter.attempt({ account, address: randomAddress() });
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const wait = await limiter.attempt({ account, address: randomAddress() });
      waits.push(wait);
      clock.advance(wait);
      expect(await limiter.attempt({ account, address: randomAddress() })).toBe(0);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
  });

  it("keeps an attacker who tries every second from many addresses to a bounded number of checks an hour", async () => {
    const clock = testClock();
    const limiter = make(clock);
    const account = `owner-${unique()}@example.com`;
    let checked = 0;
    for (let second = 0; second < 3600; second++) {
      if ((await limiter.attempt({ account, address: `192.0.2.${second % 250}` })) === 0) checked++;
      clock.advance(1);
    }
    console.log(`attacker's checked attempts in one simulated hour, at one try a second: ${checked}`);
    // 5 at once, 9 while the delay grows to 5 minutes (8.5 minutes), then one every 5 minutes.
    expect(checked).toBeLessThanOrEqual(5 + 9 + 11);
  });

  it("lets the owner's known device in whatever the account's budget, with a budget of its own", async () => {
    const limiter = make(testClock());
    const account = `owner-${unique()}@example.com`;
    for (let i = 0; i < 7; i++) await limiter.attempt({ account, address: randomAddress() });
    expect(await limiter.attempt({ account, address: randomAddress() })).toBeGreaterThan(0);
    const device = `device-${unique()}`;
    for (let i = 0; i < 5; i++) expect(await limiter.attempt({ account, address: "192.0.2.250", device })).toBe(0);
    expect(await limiter.attempt({ account, address: "192.0.2.250", device })).toBeGreaterThan(0);
  });

  it("gives one address 20 attempts across accounts", async () => {
    const limiter = make(testClock());
    const address = randomAddress();
    for (let i = 0; i < 20; i++)
      expect(await limiter.attempt({ account: `guess-${i}-${unique()}@example.com`, address })).toBe(0);
    expect(await limiter.attempt({ account: `another-${unique()}@example.com`, address })).toBeGreaterThan(0);
  });

  it("lets exactly 5 of 40 parallel attempts on one account through", async () => {
    const limiter = make(testClock());
    const account = `owner-${unique()}@example.com`;
    const waits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => limiter.attempt({ account, address: `192.0.2.${i}` })),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it("gives both budgets back after a success", async () => {
    const limiter = make(testClock());
    const account = `owner-${unique()}@example.com`;
    for (let i = 0; i < 4; i++) await limiter.attempt({ account, address: "192.0.2.200" });
    await limiter.succeeded({ account, address: "192.0.2.200" });
    for (let i = 0; i < 5; i++) expect(await limiter.attempt({ account, address: "192.0.2.200" })).toBe(0);
  });

  it("keeps password changes on a budget of their own, apart from logins", async () => {
    const limiter = make(testClock());
    const account = `owner-${unique()}@example.com`;
    const adminId = Math.floor(Math.random() * 1e9);
    for (let i = 0; i < 10; i++) await limiter.attempt({ account, address: randomAddress() });
    for (let i = 0; i < 5; i++) expect(await limiter.attemptPasswordChange(adminId)).toBe(0);
    expect(await limiter.attemptPasswordChange(adminId)).toBeGreaterThan(0);
    await limiter.passwordChangeSucceeded(adminId);
    expect(await limiter.attemptPasswordChange(adminId)).toBe(0);
  });
}
