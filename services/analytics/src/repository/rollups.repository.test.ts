import { describe, expect, it } from "vitest";
import { spansOutside, wholeMonths } from "./rollups.repository.js";

describe("the months and days a report's range reads", () => {
  it("takes the finished months wholly inside the range", () => {
    expect(wholeMonths("2025-11-26", "2026-11-25", "2026-11-25")).toEqual([
      "2025-12-01",
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
      "2026-04-01",
      "2026-05-01",
      "2026-06-01",
      "2026-07-01",
      "2026-08-01",
      "2026-09-01",
      "2026-10-01",
    ]);
    expect(wholeMonths("2026-10-01", "2026-10-31", "2026-10-31")).toEqual([]);
    expect(wholeMonths("2026-09-01", "2026-09-30", "2026-10-31")).toEqual(["2026-09-01"]);
  });

  it("leaves the days around and between the months as ranges of their own", () => {
    expect(spansOutside("2025-11-26", "2026-11-25", ["2025-12-01", "2026-01-01"])).toEqual([
      ["2025-11-26", "2025-11-30"],
      ["2026-02-01", "2026-11-25"],
    ]);
    // A month skipped (a day of it not rolled up yet) is read from its days.
    expect(spansOutside("2026-01-01", "2026-03-31", ["2026-01-01", "2026-03-01"])).toEqual([
      ["2026-02-01", "2026-02-28"],
    ]);
    expect(spansOutside("2026-01-01", "2026-01-31", ["2026-01-01"])).toEqual([]);
    expect(spansOutside("2026-01-05", "2026-01-09", [])).toEqual([["2026-01-05", "2026-01-09"]]);
  });
});
