import { describe, expect, it } from "vitest";
import { idleSince, lifetimeOf, needsTouch } from "./session-lifetime.js";

describe("session lifetime", () => {
  const now = new Date("2026-03-01T12:00:00Z");

  it("reads days and minutes from the settings", () => {
    expect(lifetimeOf({ SESSION_TTL_DAYS: 7, SESSION_IDLE_MINUTES: 30 })).toEqual({
      absoluteMs: 7 * 86_400_000,
      idleMs: 30 * 60_000,
    });
  });

  it("counts idleness back from now", () => {
    expect(idleSince(now, { absoluteMs: 0, idleMs: 30 * 60_000 })).toEqual(new Date("2026-03-01T11:30:00Z"));
  });

  it("writes the last use at most once a minute", () => {
    expect(needsTouch(new Date("2026-03-01T11:59:01Z"), now)).toBe(false);
    expect(needsTouch(new Date("2026-03-01T11:59:00Z"), now)).toBe(true);
  });
});
