import { describe, expect, it } from "vitest";
import { lastDays, minutesAgo, zeroFilled } from "./summary.js";

describe("summary helpers", () => {
  it("lists today and the six days before it (UTC), oldest first", () => {
    expect(lastDays(new Date("2026-03-02T23:59:00Z"))).toEqual([
      "2026-02-24",
      "2026-02-25",
      "2026-02-26",
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });

  it("zero-fills days without clicks", () => {
    const days = lastDays(new Date("2026-01-07T00:00:01Z"));
    expect(zeroFilled(days, new Map([["2026-01-05", 4]]))).toEqual([
      { date: "2026-01-01", clicks: 0 },
      { date: "2026-01-02", clicks: 0 },
      { date: "2026-01-03", clicks: 0 },
      { date: "2026-01-04", clicks: 0 },
      { date: "2026-01-05", clicks: 4 },
      { date: "2026-01-06", clicks: 0 },
      { date: "2026-01-07", clicks: 0 },
    ]);
  });

  it("counts whole minutes, never negative", () => {
    const now = new Date("2026-01-01T12:00:00Z");
    expect(minutesAgo(now, new Date("2026-01-01T11:58:59Z"))).toBe(1);
    expect(minutesAgo(now, new Date("2026-01-01T11:59:30Z"))).toBe(0);
    expect(minutesAgo(now, new Date("2026-01-01T12:00:05Z"))).toBe(0);
  });
});
