import { describe, expect, it } from "vitest";
import {
  eventsKeptFrom,
  figures,
  NONE,
  reportCsv,
  reportFileName,
  withoutMoney,
  type AnalyticsReport,
} from "./report.js";

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

describe("a report without money, as an editor reads it", () => {
  const earned = figures(10, 8, 4, 1, 1250);
  const report: AnalyticsReport = {
    from: "2026-11-01",
    to: "2026-11-01",
    timeZone: "UTC",
    currency: "EUR",
    breakdown: "retailer",
    rows: [{ key: "Shop", label: "Shop", ...earned, previous: figures(5, 5, 2, 1, 300) }],
    totals: earned,
    previous: { from: "2026-10-31", to: "2026-10-31", totals: figures(5, 5, 2, 1, 300) },
    series: [],
    eventsKeptFrom: null,
    complete: true,
  };

  it("has no conversions, revenue or earnings per click anywhere, and the same counts", () => {
    const stripped = withoutMoney(report);
    for (const shown of [stripped.totals, stripped.previous.totals, stripped.rows[0]!, stripped.rows[0]!.previous])
      expect(shown).toMatchObject({ conversions: null, revenue: null, epc: null });
    expect(stripped.rows[0]).toMatchObject({ views: 10, visitors: 8, clicks: 4, ctr: 0.4 });
  });

  it("downloads without the money's columns", () => {
    expect(reportCsv(report).split("\r\n")[0]).toBe(
      "\uFEFFretailer,label,views,visitors,clicks,ctr,conversions,revenue_eur,epc," +
        "previous_views,previous_visitors,previous_clicks,previous_ctr,previous_conversions,previous_revenue_eur,previous_epc",
    );
    expect(reportCsv(report).split("\r\n")[1]).toBe("Shop,Shop,10,8,4,0.4,1,12.5,3.125,5,5,2,0.4,1,3,1.5");
    const [header, row] = reportCsv(withoutMoney(report)).split("\r\n");
    expect(header).toBe(
      "\uFEFFretailer,label,views,visitors,clicks,ctr,previous_views,previous_visitors,previous_clicks,previous_ctr",
    );
    expect(row).toBe("Shop,Shop,10,8,4,0.4,5,5,2,0.4");
  });
});

describe("the report's CSV", () => {
  it("leaves the key and label of the events without a value empty, in any language, rather than '(none)'", () => {
    const direct = figures(7, 6, 1);
    const report: AnalyticsReport = {
      from: "2026-11-01",
      to: "2026-11-01",
      timeZone: "UTC",
      currency: "EUR",
      breakdown: "source",
      rows: [
        { key: NONE, label: NONE, ...direct, previous: figures(0, 0, 0) },
        { key: "google.com", label: "google.com", ...figures(3, 3, 0), previous: figures(0, 0, 0) },
      ],
      totals: figures(10, 9, 1),
      previous: { from: "2026-10-31", to: "2026-10-31", totals: figures(0, 0, 0) },
      series: [],
      eventsKeptFrom: null,
      complete: true,
    };
    const lines = reportCsv(withoutMoney(report)).split("\r\n");
    expect(lines[1]).toBe(",,7,6,1,0.1429,0,0,0,");
    expect(lines[2]).toBe("google.com,google.com,3,3,0,0,0,0,0,");
    expect(reportCsv(report)).not.toContain(NONE);
  });
});
