// @vitest-environment jsdom
import type { AnalyticsReport, AnalyticsSummary } from "@rsv/api/client";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Lang } from "../../routes.js";
import { adminCopy } from "../admin-copy.js";
import { renderAdmin, resetAdminUi, type Answers } from "../admin-render.testing.js";
import { AnalyticsTab } from "./analytics-tab.js";

// jsdom has no canvas to draw the charts on; the tables beside them are what is tested here.
vi.mock("./report-chart.js", () => ({ ReportChart: () => null }));
vi.mock("./clicks-chart.js", () => ({ ClicksChart: () => null }));

const figures = { views: 40, visitors: 30, clicks: 4, ctr: 0.1, conversions: null, revenue: null, epc: null };

/** An editor's report (no money) of one breakdown: Google as the one source, no rows in the other tables. */
function report(query: URLSearchParams): AnalyticsReport {
  const breakdown = query.get("breakdown") as AnalyticsReport["breakdown"];
  const from = query.get("from") ?? "";
  const to = query.get("to") ?? "";
  return {
    from,
    to,
    timeZone: "UTC",
    currency: "EUR",
    breakdown,
    rows: breakdown === "source" ? [{ key: "google", label: "google", ...figures, previous: figures }] : [],
    totals: figures,
    previous: { from: "2026-08-31", to: "2026-09-30", totals: figures },
    series: [{ at: from, ...figures }],
    eventsKeptFrom: null,
    complete: true,
  };
}

const summary: AnalyticsSummary = {
  visitorsLast30Minutes: 2,
  timeZone: "UTC",
  totalClicks: 1,
  topProducts: [],
  recentEvents: [{ id: 1, event_type: "click", product_name: null, timestamp: "2026-11-27T22:06:00Z" }],
  clicksByDate: [{ date: "2026-11-27", clicks: 1 }],
};

const answers: Answers = (path, query) => {
  if (path === "/api/analytics/time-zone") return { timeZone: "UTC" };
  if (path === "/api/analytics/summary") return summary;
  if (path === "/api/analytics/report") return report(query);
  return undefined;
};

/** October 2026, a custom range: the same days whenever the test runs. */
const october = "/admin?range=custom&from=2026-10-01&to=2026-10-31";

function openAnalytics(lang: Lang = "en") {
  return renderAdmin(<AnalyticsTab />, { path: october, lang, role: "editor", answers });
}

/** The source table's row for Google, once its report is in. */
const googleRow = (lang: Lang = "en") =>
  screen.findByRole("button", { name: adminCopy[lang].analytics.report.filterBy.replace("{{value}}", "google") });

/** The reader's wish for less motion, as the browser would answer it. */
function prefersReducedMotion(reduced: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({ matches: reduced && query.includes("prefers-reduced-motion"), media: query })),
  );
}

let scrolled: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // jsdom lays nothing out and scrolls nothing: where the chips are, and what is scrolled, are the test's.
  scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled as unknown as Element["scrollIntoView"];
  prefersReducedMotion(false);
});

afterEach(() => {
  cleanup();
  resetAdminUi();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

/** The filter chips' list as far above the screen as a phone's tables are below it. */
function chipsOffScreen() {
  vi.spyOn(HTMLUListElement.prototype, "getBoundingClientRect").mockReturnValue(
    DOMRect.fromRect({ x: 0, y: -1800, width: 358, height: 44 }),
  );
}

describe("a row of a breakdown table, pressed", () => {
  it("filters the reports, brings the filter chips into view and puts the keyboard on its chip", async () => {
    chipsOffScreen();
    const { address } = openAnalytics();
    fireEvent.click(await googleRow());

    const chip = await screen.findByTestId("report-filter");
    expect(new URLSearchParams(address.search).get("source")).toBe("google");
    await waitFor(() => expect(document.activeElement).toBe(chip));
    const chips = screen.getByRole("list", { name: adminCopy.en.analytics.report.filters });
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(chips);
    expect(scrolled).toHaveBeenCalledWith({ block: "start", behavior: "smooth" });
  });

  it("scrolls at once for a reader who asked for less motion", async () => {
    chipsOffScreen();
    prefersReducedMotion(true);
    openAnalytics();
    fireEvent.click(await googleRow());

    const chip = await screen.findByTestId("report-filter");
    await waitFor(() => expect(document.activeElement).toBe(chip));
    expect(scrolled).toHaveBeenCalledWith({ block: "start", behavior: "instant" });
  });

  it("leaves the page where it is when the chips are already in view, the keyboard going to the chip all the same", async () => {
    vi.spyOn(HTMLUListElement.prototype, "getBoundingClientRect").mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 200, width: 358, height: 44 }),
    );
    openAnalytics();
    fireEvent.click(await googleRow());

    const chip = await screen.findByTestId("report-filter");
    await waitFor(() => expect(document.activeElement).toBe(chip));
    expect(scrolled).not.toHaveBeenCalled();
  });

  it("is, as its filter's chip is, a thumb's 44 px tall on a phone's width or a touch screen", async () => {
    openAnalytics();
    const row = await googleRow();
    fireEvent.click(row);
    const chip = await screen.findByTestId("report-filter");
    // jsdom applies no style sheet: the classes that give the height (min-h-11 is 2.75rem, 44 px).
    for (const target of [row, chip]) {
      expect(target.className.split(" ")).toEqual(
        expect.arrayContaining(["max-md:min-h-11", "pointer-coarse:min-h-11"]),
      );
    }
  });
});

describe("the Analytics tab's dates", () => {
  it("are written as in the rest of the English dashboard, the US way", async () => {
    openAnalytics();
    const period = await screen.findByTestId("report-period");
    await waitFor(() => expect(period.textContent).toMatch(/^Oct 1, 2026 to Oct 31, 2026, compared with/));
    expect(screen.getByText(/^Nov 27, 2026, 10:06\sPM$/).tagName).toBe("TIME");
  });

  it("are Spanish in Spanish", async () => {
    openAnalytics("es");
    const period = await screen.findByTestId("report-period");
    await waitFor(() => expect(period.textContent).toMatch(/^Del 1 oct 2026 al 31 oct 2026, frente al/));
    expect(screen.getByText(/^27 nov 2026, 22:06$/).tagName).toBe("TIME");
  });
});
