import { describe, expect, it } from "vitest";
import {
  campaignSubjects,
  change,
  dayIn,
  isHourly,
  noValueOf,
  rangeDays,
  rangeProblem,
  reportQuery,
  searchFromView,
  seriesInstant,
  shownPeriod,
  viewFromSearch,
  withoutView,
} from "./report-view.js";
import en from "../../i18n/locales/en/admin.json";
import es from "../../i18n/locales/es/admin.json";

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
    // Days that do not exist, days to come, and more days than a report covers: the last 7 days instead.
    for (const query of [
      "from=2026-02-30&to=2026-03-02",
      "from=2026-11-01&to=2026-12-31",
      "from=2010-01-01&to=2026-11-25",
      "from=1999-12-30&to=2000-01-02",
    ]) {
      expect(viewFromSearch(new URLSearchParams(`range=custom&${query}`), "2026-11-25").range).toBe("7d");
    }
  });

  it("says what is wrong with a custom range before it is asked for", () => {
    const today = "2026-11-25";
    expect(rangeProblem("2026-11-01", "2026-11-25", today)).toBeNull();
    expect(rangeProblem("", "2026-11-25", today)).toBe("missing");
    expect(rangeProblem("2026-02-29", "2026-03-01", today)).toBe("missing");
    expect(rangeProblem("2026-11-02", "2026-11-01", today)).toBe("backwards");
    expect(rangeProblem("2026-11-20", "2026-11-26", today)).toBe("future");
    expect(rangeProblem("1999-12-31", "2000-01-01", today)).toBe("tooEarly");
    // 3,660 days at most, both ends included.
    expect(rangeProblem("2016-11-18", today, today)).toBeNull();
    expect(rangeProblem("2016-11-17", today, today)).toBe("tooLong");
  });

  it("places a point of the series at its day, or its hour in a one-day report", () => {
    expect(seriesInstant("2026-11-25").toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(seriesInstant("2026-11-25T05:00").toISOString()).toBe("2026-11-25T05:00:00.000Z");
  });

  it("leaves another tab's address without the view, and with all else", () => {
    const view = {
      range: "custom" as const,
      from: "2026-10-01",
      to: "2026-10-31",
      filters: { source: "google", lang: "es" },
    };
    const search = searchFromView(view, new URLSearchParams("tab=pages&utm_source=mail"));
    expect(withoutView(search).toString()).toBe("tab=pages&utm_source=mail");
    // The address given is left as it was.
    expect(search.get("source")).toBe("google");
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

describe("what the dashboard calls a report's days and rows", () => {
  it("names the period before only once the report says it, never as empty days", () => {
    const view = { from: "2026-11-19", to: "2026-11-25" };
    expect(shownPeriod(view, undefined)).toEqual({ from: "2026-11-19", to: "2026-11-25", previous: null });
    const report = { from: "2026-11-19", to: "2026-11-25", previous: { from: "2026-11-12", to: "2026-11-18" } };
    expect(shownPeriod(view, report)).toEqual({ ...view, previous: { from: "2026-11-12", to: "2026-11-18" } });
    // While the next view's report loads (the last one standing in), its days without a period before.
    expect(shownPeriod({ from: "2026-11-25", to: "2026-11-25" }, report)).toEqual({
      from: "2026-11-25",
      to: "2026-11-25",
      previous: null,
    });
  });

  it("reads a one-day report's series by the hour, a longer one's by the day", () => {
    expect(isHourly({ from: "2026-11-25", to: "2026-11-25" })).toBe(true);
    expect(isHourly({ from: "2026-11-24", to: "2026-11-25" })).toBe(false);
    expect([en, es].map((copy) => [copy.analytics.report.hour, copy.analytics.report.day])).toEqual([
      ["Hour", "Day"],
      ["Hora", "Día"],
    ]);
  });

  it("names the events without a value for what they are, in both languages", () => {
    expect(noValueOf("source")).toBe("direct");
    // A tagged link may name a source and no medium: not "direct".
    expect(noValueOf("medium")).toBe("noMedium");
    // Searches and other sites' links have no campaign either: not "direct".
    expect(noValueOf("campaign")).toBe("noCampaign");
    // Every click has a placement: the rest are page views.
    expect(noValueOf("placement")).toBe("pageViews");
    expect(noValueOf("retailer")).toBe("noRetailer");
    // Pages that review no product; clicks outside a visit (a newsletter's) have no page nor language.
    expect(noValueOf("product")).toBe("noProduct");
    expect(noValueOf("page")).toBe("noPage");
    expect(noValueOf("lang")).toBe("noLanguage");
    expect(noValueOf("market")).toBe("noCountry");
    // Every event has a device class.
    expect(noValueOf("device")).toBe("none");
    const named = [
      "source",
      "medium",
      "campaign",
      "placement",
      "retailer",
      "product",
      "page",
      "lang",
      "market",
    ] as const;
    for (const breakdown of named) {
      for (const copy of [en, es])
        expect(copy.analytics.report.noValue[noValueOf(breakdown)]).not.toMatch(/none|ningun/);
    }
    expect(en.analytics.report.noValue.direct).toBe("Direct");
    expect(es.analytics.report.noValue.direct).toBe("Directo");
    expect(en.analytics.report.noValue.pageViews).toBe("Page views (no click)");
    expect(es.analytics.report.noValue.pageViews).toBe("Vistas de página (sin clic)");
  });

  it("knows a newsletter campaign's subject by its clicks' key, in the admin's language", () => {
    const campaigns = [
      { id: 1, subject: { en: "Spring picks", es: "Lo mejor de la primavera" } },
      { id: 12, subject: { en: "Only in English", es: " " } },
    ];
    expect([...campaignSubjects(campaigns, "en")]).toEqual([
      ["newsletter-1", "Spring picks"],
      ["newsletter-12", "Only in English"],
    ]);
    expect(campaignSubjects(campaigns, "es").get("newsletter-1")).toBe("Lo mejor de la primavera");
    // An empty Spanish subject sends the English one to Spanish readers: the report names it so too.
    expect(campaignSubjects(campaigns, "es").get("newsletter-12")).toBe("Only in English");
  });
});
