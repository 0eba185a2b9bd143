import { rawRequest } from "@rsv/kit/testing";
import { expect, it } from "vitest";

/**
 * The newsletter's budget (10 sign-ups per address per 10 minutes) as visitors of the no-JavaScript
 * form meet it, behind nginx (sign-up-budget.api.test.ts) and in embedded mode
 * (embedded-trust.api.test.ts) alike. The web process posts the form on to the newsletter service
 * for the visitor, so each visitor has a budget of their own, and nothing a visitor writes in a
 * header buys another. `block` keeps each call's addresses apart (127.0.0.<block>.x) from the others'.
 */
export function signUpBudgetRules(base: () => string, block: number) {
  const address = (host: number) => `127.0.${block}.${host}`;

  it("15 sign-ups from 15 addresses in 10 minutes all go through", async () => {
    const outcomes = await signUps(base(), 15, (i) => ({ from: address(100 + i) }));
    expect(outcomes).toEqual(Array<string>(15).fill("subscribed"));
  });

  it("15 from one address: the last 5 fail, whatever the visitor claims in headers", async () => {
    const outcomes = await signUps(base(), 15, (i) => ({
      from: address(50),
      headers: { "x-visitor-address": `198.51.100.${i + 1}`, "x-forwarded-for": `203.0.113.${i + 1}` },
    }));
    expect(outcomes).toEqual([...Array<string>(10).fill("subscribed"), ...Array<string>(5).fill("failed")]);
  });

  it("a client naming a visitor to the API itself, without the services' secret, is not believed", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await rawRequest(base(), "/api/newsletter", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-visitor-address": `198.51.100.${i + 1}`,
          "x-internal-token": "a-guess-that-is-long-enough-to-be-a-secret",
        },
        body: JSON.stringify({ email: `api-${Date.now()}-${i}@example.org`, isActive: true }),
        from: address(60),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(202), 429, 429]);
  });
}

/** Posts the form `count` times in turn, each as `visitor(i)` says; the outcomes it redirected back with. */
async function signUps(
  base: string,
  count: number,
  visitor: (i: number) => { from: string; headers?: Record<string, string> },
): Promise<string[]> {
  const outcomes: string[] = [];
  for (let i = 0; i < count; i++) {
    const { from, headers } = visitor(i);
    const response = await rawRequest(base, "/newsletter", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ email: `reader-${Date.now()}-${i}@example.org`, returnTo: "/" }).toString(),
      from,
    });
    expect(response.status).toBe(303);
    outcomes.push(
      new URL(String(response.headers.location), "http://site.invalid").searchParams.get("newsletter") ?? "",
    );
  }
  return outcomes;
}
