import type { AnalyticsReport } from "@rsv/api/client";
import { badRequest, csvField, slugify } from "@rsv/kit";

export type { AnalyticsReport };
export type Breakdown = AnalyticsReport["breakdown"];
export type Figures = AnalyticsReport["totals"];
export type ReportRow = AnalyticsReport["rows"][number];

/** The events' column each breakdown reads. */
export const BREAKDOWN_COLUMNS: Record<Breakdown, string> = {
  page: "path",
  product: "product_slug",
  retailer: "retailer",
  market: "country",
  lang: "lang",
  source: "source",
  medium: "medium",
  campaign: "campaign",
  device: "device",
  placement: "placement",
};

export const BREAKDOWNS = Object.keys(BREAKDOWN_COLUMNS) as Breakdown[];

/** The key of events without a value for the breakdown (a direct visit has no source). */
export const NONE = "(none)";

/** The longest range a report covers. */
export const MAX_REPORT_DAYS = 3660;

const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** A day in a time zone, as YYYY-MM-DD. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/**
 * The first day whose raw events are all kept: the day after the one the retention purge cuts into
 * (events older than `retentionDays` are deleted, see purgeExpiredEvents).
 */
export function eventsKeptFrom(timeZone: string, retentionDays: number, now = new Date()): string {
  return dayOf(dayNumber(dayIn(timeZone, new Date(now.getTime() - retentionDays * DAY_MS))) + 1);
}

/** The period of equal length just before `from`..`to` (both days included). */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = dayNumber(to) - dayNumber(from) + 1;
  return { from: dayOf(dayNumber(from) - days), to: dayOf(dayNumber(from) - 1) };
}

/**
 * The days a report may name. Each is a valid date to PostgreSQL and to Date, with its previous period:
 * the year 9999 sent the search for whole months past the year 10,000 (a 20 s loop, then an error),
 * and the year 1 put the previous period in a year PostgreSQL refuses.
 */
export const REPORT_DAYS = { first: "2000-01-01", last: "2999-12-31" } as const;

/** Refuses a range outside REPORT_DAYS, that ends before it starts, or that spans more than MAX_REPORT_DAYS. */
export function checkRange(from: string, to: string): void {
  for (const [name, day] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (day < REPORT_DAYS.first || day > REPORT_DAYS.last) {
      const message = `Reports cover days from ${REPORT_DAYS.first} to ${REPORT_DAYS.last}`;
      throw badRequest(message, [{ path: `query.${name}`, message }]);
    }
  }
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1)
    throw badRequest("To must not be before from", [{ path: "query.to", message: "To must not be before from" }]);
  if (days > MAX_REPORT_DAYS) {
    const message = `A report covers at most ${MAX_REPORT_DAYS} days`;
    throw badRequest(message, [{ path: "query.from", message }]);
  }
}

/** A ratio kept to four decimals, null without a denominator. */
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

/** The figures of a row or a total; revenue arrives in cents (minor units) and leaves in the currency's units. */
export function figures(views: number, visitors: number, clicks: number, conversions = 0, revenueCents = 0): Figures {
  const revenue = revenueCents / 100;
  return { views, visitors, clicks, ctr: ratio(clicks, views), conversions, revenue, epc: ratio(revenue, clicks) };
}

/**
 * A filter's value as part of a file name: the site's slug rule, at most 40 characters; the home page
 * is "home", and a value with no letter or digit "other".
 */
const fileNamePart = (value: string) => slugify(value === "/" ? "home" : value).slice(0, 40) || "other";

/**
 * The CSV download's name: the breakdown and the days, then each filter and its value, so two
 * downloads of differently filtered tables do not arrive under one name.
 */
export function reportFileName(
  breakdown: Breakdown,
  from: string,
  to: string,
  filters: Partial<Record<Breakdown, string>>,
): string {
  const filtered = BREAKDOWNS.flatMap((dimension) => {
    const value = filters[dimension];
    return value === undefined ? [] : [`${dimension}-${fileNamePart(value)}`];
  });
  return `${["report", breakdown, from, to, ...filtered].join("-")}.csv`;
}

/**
 * The report's rows as CSV, with the previous period's figures beside each. The row of events without
 * a value for the breakdown (key NONE: direct visits by source, page views by placement) has an empty
 * key and label, as a spreadsheet shows no value in any language, rather than an English "(none)".
 */
export function reportCsv(report: AnalyticsReport): string {
  const currency = report.currency.toLowerCase();
  // Without money (an editor's report): no columns for it, rather than empty ones.
  const shown = FIGURE_COLUMNS.filter(([, money]) => !money || report.totals.revenue !== null).map(([name]) => name);
  const columns = shown.map((name) => (name === "revenue" ? `revenue_${currency}` : name));
  const figuresOf = (figures: Figures) => shown.map((name) => figures[name]);
  const header = [report.breakdown, "label", ...columns, ...columns.map((column) => `previous_${column}`)];
  const lines = report.rows.map((row) =>
    [...(row.key === NONE ? [null, null] : [row.key, row.label]), ...figuresOf(row), ...figuresOf(row.previous)]
      .map(csvField)
      .join(","),
  );
  return `\uFEFF${[header.join(","), ...lines].join("\r\n")}\r\n`;
}

/** A report's figures in the CSV's order, and which of them are money (the owner's alone). */
const FIGURE_COLUMNS: ReadonlyArray<readonly [keyof Figures, boolean]> = [
  ["views", false],
  ["visitors", false],
  ["clicks", false],
  ["ctr", false],
  ["conversions", true],
  ["revenue", true],
  ["epc", true],
];

/**
 * A report without what the commissions earned (conversions, revenue, earnings per click): for an
 * editor, since commissions are the owner's (importing them is owner-only too).
 */
export function withoutMoney(report: AnalyticsReport): AnalyticsReport {
  const strip = <T extends Figures>(figures: T): T => ({ ...figures, conversions: null, revenue: null, epc: null });
  return {
    ...report,
    rows: report.rows.map((row) => ({ ...strip(row), previous: strip(row.previous) })),
    totals: strip(report.totals),
    previous: { ...report.previous, totals: strip(report.previous.totals) },
  };
}
