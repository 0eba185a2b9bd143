import { describe, expect, it } from "vitest";
import { change, dayIn, rangeDays, reportQuery, searchFromView, viewFromSearch } from "./report-view.js";

describe("the report dashboard's view in the address", () => {
  it("counts ranges back from today, both ends included", () => {
    expect(rangeDays("today", "2026-03-01")).toEqual({ from: "2026-03-01", to: "2026-03-01" });
    expect(rangeDays("7d", "2026-03-01")).toEqual({ from: "2026-02-23", to: "2026-03-01" });
    expect(rangeDays("30d", "2026-03-01")).toEqual({ from: "2026-01-31", to: "2026-03-01" });
    expect(rangeDays("12mo", "2026-03-01")).toEqual({ from: "2025-03-02", to: "2026-03-01" });
  });

  it("reads today in the site's time zone", () => {
    const lateEvening = new Date("2026-11-25T23:30:00Z");
    expect(dayIn("UTC", lateEvening)).toBe("2026-11-25");
    expect(dayIn("Europe/Madrid", lateEvening)).toBe("2026-11-26");
  });

  it("round-trips a custom range and its filters, and falls back to 7 days on nonsense", () => {
    const view = { range: "custom" as const, from: "2026-10-01", to: "2026-10-31", filters: { source: "google.com" } };
    const search = searchFromView(view, new URLSearchParams("tab=keep"));
    expect(search.get("tab")).toBe("keep");
    expect(viewFromSearch(search, "2026-11-25")).toEqual(view);
    expect(viewFromSearch(new URLSearchParams("range=custom&from=2026-10-31&to=2026-10-01"), "2026-11-25")).toEqual({
      range: "7d",
      from: "2026-11-19",
      to: "2026-11-25",
      filters: {},
    });
    expect(viewFromSearch(new URLSearchParams("range=forever&colour=red"), "2026-11-25").range).toBe("7d");
  });

  it("asks the report for one breakdown with the view's filters", () => {
    const query = reportQuery({ range: "7d", from: "2026-11-19", to: "2026-11-25", filters: { lang: "es" } }, "page");
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      from: "2026-11-19",
      to: "2026-11-25",
      breakdown: "page",
      lang: "es",
    });
  });

  it("says the change from the period before, or nothing when there was nothing", () => {
    expect(change(150, 100)).toBe(50);
    expect(change(50, 100)).toBe(-50);
    expect(change(5, 0)).toBeNull();
  });
});
