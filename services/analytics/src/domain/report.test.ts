import { describe, expect, it } from "vitest";
import { eventsKeptFrom, reportFileName } from "./report.js";

describe("the report's CSV file name", () => {
  it("names the breakdown, the days and each filter, in the breakdowns' order, in plain letters", () => {
    expect(reportFileName("page", "2026-11-01", "2026-11-30", {})).toBe("report-page-2026-11-01-2026-11-30.csv");
    expect(
      reportFileName("page", "2026-11-01", "2026-11-30", { source: "Búsqueda Orgánica!", product: "corvella-1000" }),
    ).toBe("report-page-2026-11-01-2026-11-30-product-corvella-1000-source-busqueda-organica.csv");
    expect(reportFileName("lang", "2026-11-01", "2026-11-01", { campaign: "¿?", page: "/", source: "(none)" })).toBe(
      "report-lang-2026-11-01-2026-11-01-page-home-source-none-campaign-other.csv",
    );
  });
});

describe("the first day whose raw events are all kept", () => {
  it("is the day after the one the purge cuts into, in the site's time zone", () => {
    // 10 days before 22:30 UTC on 31 March: 23:30 on 21 March in Madrid (winter time), cut into.
    expect(eventsKeptFrom("Europe/Madrid", 10, new Date("2026-03-31T22:30:00Z"))).toBe("2026-03-22");
    // 10 days before 22:30 UTC on 30 June: already 00:30 on 21 June in Madrid (summer time).
    expect(eventsKeptFrom("Europe/Madrid", 10, new Date("2026-06-30T22:30:00Z"))).toBe("2026-06-22");
    expect(eventsKeptFrom("UTC", 10, new Date("2026-06-30T22:30:00Z"))).toBe("2026-06-21");
  });
});
