import { describe, expect, it } from "vitest";
import { cacheGeneration, GatewayGenerations } from "./cache-generation.js";

describe("gateway generations", () => {
  it("says drop on a gateway first heard from and on each higher count, never on a lower or equal one", () => {
    const generations = new GatewayGenerations();
    expect(generations.changed(cacheGeneration(1000, 0))).toBe(true);
    expect(generations.changed(cacheGeneration(1000, 0))).toBe(false);
    expect(generations.changed(cacheGeneration(1000, 2))).toBe(true);
    // A request that left the gateway before the write arrives late.
    expect(generations.changed(cacheGeneration(1000, 1))).toBe(false);
    // Another gateway (or this one restarted): its own count.
    expect(generations.changed(cacheGeneration(2000, 0))).toBe(true);
    expect(generations.changed(cacheGeneration(1000, 2))).toBe(false);
  });

  it("ignores a request that came through no gateway, and a value that is not a generation", () => {
    const generations = new GatewayGenerations();
    for (const value of [undefined, "", "7", "a.b", "1.2.3", `${"9".repeat(17)}.1`])
      expect(generations.changed(value), String(value)).toBe(false);
  });
});
