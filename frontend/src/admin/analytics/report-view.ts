import { newsletterCampaignKey } from "@rsv/api/campaign-rules";
import type { AnalyticsReport, Campaign, Schemas } from "@rsv/api/client";

export type Breakdown = Schemas["ReportBreakdown"];
export type Figures = AnalyticsReport["totals"];

/** Every breakdown, in the order the dashboard shows their tables. */
export const breakdowns: readonly Breakdown[] = [
  "source",
  "page",
  "product",
  "placement",
  "retailer",
  "market",
  "campaign",
  "medium",
  "lang",
  "device",
];

export const ranges = ["today", "7d", "30d", "12mo", "custom"] as const;
export type Range = (typeof ranges)[number];

/** What the dashboard shows, as its address says it (so a view can be bookmarked and shared). */
export interface ReportView {
  range: Range;
  from: string;
  to: string;
  filters: Partial<Record<Breakdown, string>>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The first day a report may name, and the most days one covers (the report operation refuses more). */
export const FIRST_DAY = "2000-01-01";
export const MOST_DAYS = 3660;

/** A calendar day that exists (not 2026-02-30), as YYYY-MM-DD. */
function isDay(value: string): boolean {
  return DATE.test(value) && addDays(value, 0) === value;
}

/** What is wrong with a custom range, for the form to say; null when the report can be asked for. */
export type RangeProblem = "missing" | "backwards" | "future" | "tooEarly" | "tooLong";

export function rangeProblem(from: string, to: string, today: string): RangeProblem | null {
  if (!isDay(from) || !isDay(to)) return "missing";
  if (from > to) return "backwards";
  if (to > today) return "future";
  if (from < FIRST_DAY) return "tooEarly";
  if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) >= MOST_DAYS * 86_400_000) return "tooLong";
  return null;
}

/** A day in a time zone, as YYYY-MM-DD. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The days a range covers, ending today in the site's time zone. */
export function rangeDays(range: Exclude<Range, "custom">, today: string): { from: string; to: string } {
  switch (range) {
    case "today":
      return { from: today, to: today };
    case "7d":
      return { from: addDays(today, -6), to: today };
    case "30d":
      return { from: addDays(today, -29), to: today };
    case "12mo":
      return { from: addDays(today, -364), to: today };
  }
}

/** The view an address asks for; anything missing or malformed falls back to the last 7 days. */
export function viewFromSearch(search: URLSearchParams, today: string): ReportView {
  const asked = search.get("range");
  const range: Range = (ranges as readonly string[]).includes(asked ?? "") ? (asked as Range) : "7d";
  const filters = Object.fromEntries(
    breakdowns.flatMap((breakdown) => {
      const value = search.get(breakdown);
      return value ? [[breakdown, value]] : [];
    }),
  );
  if (range === "custom") {
    const from = search.get("from") ?? "";
    const to = search.get("to") ?? "";
    if (rangeProblem(from, to, today) === null) return { range, from, to, filters };
    return { range: "7d", ...rangeDays("7d", today), filters };
  }
  return { range, ...rangeDays(range, today), filters };
}

/** The address's parameters that are the reports' view, and only theirs. */
const viewParams: readonly string[] = ["range", "from", "to", ...breakdowns];

/** An address without the reports' view: what another tab's address keeps (the tab, anything else). */
export function withoutView(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  for (const name of viewParams) rest.delete(name);
  return rest;
}

/** The address's query for a view: the range (and its days when custom) and the filters. */
export function searchFromView(view: ReportView, keep: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const search = withoutView(keep);
  search.set("range", view.range);
  if (view.range === "custom") {
    search.set("from", view.from);
    search.set("to", view.to);
  }
  for (const [breakdown, value] of Object.entries(view.filters)) if (value) search.set(breakdown, value);
  return search;
}

/** The report operation's query for one breakdown of the view. */
export function reportQuery(view: ReportView, breakdown: Breakdown, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ from: view.from, to: view.to, breakdown, ...view.filters, ...extra });
  return query.toString();
}

/** How many rows each of the dashboard's tables shows. */
const TOP_ROWS = 10;

/** The report a table of the dashboard asks for (the source table's also brings the totals and the chart). */
export function tableQuery(view: ReportView, breakdown: Breakdown): string {
  return reportQuery(view, breakdown, { limit: String(TOP_ROWS) });
}

/**
 * The instant a point of the report's series starts, for labelling it: a day (YYYY-MM-DD) or, in a
 * one-day report, an hour (YYYY-MM-DDTHH:00), both on the site's clock and read here as UTC.
 */
export function seriesInstant(at: string): Date {
  return new Date(at.includes("T") ? `${at}:00Z` : `${at}T00:00:00Z`);
}

/**
 * Whether a report's series is by the hour: a one-day report's is (its points are YYYY-MM-DDTHH:00),
 * a longer one's by the day.
 */
export function isHourly(report: Pick<AnalyticsReport, "from" | "to">): boolean {
  return report.from === report.to;
}

/**
 * The days the dashboard's period line names: the view's, with the period they are compared with once
 * the report of those days is in (the period before is the report's to say). Until then, and while the
 * last view's report stands in for the next one's, no period before: never one of other days, nor blanks.
 */
export function shownPeriod(
  view: Pick<ReportView, "from" | "to">,
  report: { from: string; to: string; previous: { from: string; to: string } } | undefined,
): { from: string; to: string; previous: { from: string; to: string } | null } {
  const current = report !== undefined && report.from === view.from && report.to === view.to;
  return {
    from: view.from,
    to: view.to,
    previous: current ? { from: report.previous.from, to: report.previous.to } : null,
  };
}

/** A row's key for events without a value for the breakdown (a direct visit has no source). */
export const NONE = "(none)";

/**
 * What the row of events without a value is, by breakdown, as the copy's `analytics.report.noValue`
 * names it. No source: the visit came straight in (no referrer, no tagged link). No medium: that, or a
 * tagged link that named no medium. No
 * campaign: any visit but a tagged one, searches and links from other sites among them, so not
 * "direct". No placement: page views, since every click has one. No retailer: page views, and the
 * clicks of an offer that named none. No product: views of pages that review none. No page and no
 * language: clicks outside any visit (a newsletter's links). No market: the visitor's country was not
 * told (no edge header, no region in Accept-Language).
 */
export type NoValue =
  | "direct"
  | "noMedium"
  | "noCampaign"
  | "pageViews"
  | "noRetailer"
  | "noProduct"
  | "noPage"
  | "noLanguage"
  | "noCountry"
  | "none";

export function noValueOf(breakdown: Breakdown): NoValue {
  switch (breakdown) {
    case "source":
      return "direct";
    case "medium":
      // A direct visit, or a tagged link that named a source and no medium: not always direct.
      return "noMedium";
    case "campaign":
      return "noCampaign";
    case "placement":
      return "pageViews";
    case "retailer":
      return "noRetailer";
    case "product":
      return "noProduct";
    case "page":
      return "noPage";
    case "lang":
      return "noLanguage";
    case "market":
      return "noCountry";
    default:
      return "none";
  }
}

/**
 * Newsletter campaigns' subjects in the admin's language (the English one where the Spanish is
 * empty, as the campaign sends it), by the key the reports give a campaign's clicks (newsletterCampaignKey).
 */
export function campaignSubjects(
  campaigns: ReadonlyArray<Pick<Campaign, "id" | "subject">>,
  lang: "en" | "es",
): Map<string, string> {
  return new Map(
    campaigns.map((campaign) => [
      newsletterCampaignKey(campaign.id),
      (lang === "es" && campaign.subject.es.trim()) || campaign.subject.en,
    ]),
  );
}

/** The change from the period before, as a whole percentage; null when there was nothing before. */
export function change(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}
