import { expect, it } from "vitest";
import type { LoginLimiter } from "./login-limiter.js";

/** The limiter's rules, run in memory (login-limiter.test.ts) and on Redis (login-limiter.api.test.ts). */
export function limiterRules(make: () => LoginLimiter) {
  const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

  it("gives one account 5 attempts whatever address they come from", async () => {
    const limiter = make();
    const account = `owner-${unique()}@example.com`;
    for (let i = 0; i < 5; i++) expect(await limiter.attempt(account, `198.51.100.${i}`)).toBe(0);
    expect(await limiter.attempt(account, "203.0.113.77")).toBeGreaterThan(0);
  });

  it("gives one address 20 attempts across accounts", async () => {
    const limiter = make();
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`;
    for (let i = 0; i < 20; i++) expect(await limiter.attempt(`guess-${i}-${unique()}@example.com`, address)).toBe(0);
    expect(await limiter.attempt(`another-${unique()}@example.com`, address)).toBeGreaterThan(0);
  });

  it("lets exactly 5 of 40 parallel attempts on one account through", async () => {
    const limiter = make();
    const account = `owner-${unique()}@example.com`;
    const waits = await Promise.all(Array.from({ length: 40 }, (_, i) => limiter.attempt(account, `192.0.2.${i}`)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it("gives both budgets back after a success", async () => {
    const limiter = make();
    const account = `owner-${unique()}@example.com`;
    for (let i = 0; i < 4; i++) await limiter.attempt(account, "192.0.2.200");
    await limiter.succeeded(account, "192.0.2.200");
    for (let i = 0; i < 5; i++) expect(await limiter.attempt(account, "192.0.2.200")).toBe(0);
  });
}
