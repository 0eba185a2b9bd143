import { describe, expect, it } from "vitest";
import { monthOf, monthsBetween } from "./partitions.js";

describe("monthOf", () => {
  it("reads a UTC time's month from its text, and any other time's from the instant it names", () => {
    expect(monthOf("2026-11-30T23:59:59.999Z")).toBe("2026-11");
    expect(monthOf("2026-12-01T00:00:00Z")).toBe("2026-12");
    expect(monthOf(new Date(Date.UTC(2026, 0, 31, 23, 59)))).toBe("2026-01");
    // An offset or a bare date is parsed: the month is the instant's in UTC, not the text's.
    expect(monthOf("2026-11-30T23:30:00-02:00")).toBe("2026-12");
    expect(monthOf("2026-12-01T00:30:00+01:00")).toBe("2026-11");
    expect(monthOf("2026-07-01")).toBe("2026-07");
  });

  it("lists every month between two times", () => {
    expect(monthsBetween(new Date("2025-11-15T00:00:00Z"), new Date("2026-02-01T00:00:00Z"))).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
  });
});
