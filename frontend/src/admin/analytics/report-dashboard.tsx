import type { AnalyticsReport } from "@rsv/api/client";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { numberLocale } from "../../lib/format.js";
import { useAdminCopy, type AdminT } from "../admin-copy.js";
import { useAnalyticsReport } from "../api/analytics.js";
import { useCampaigns } from "../api/campaigns.js";
import { marketName } from "../offers/offer-status.js";
import type { Lang } from "../../routes.js";
import { useAdminRole } from "../api/session.js";
import { scrollBehavior } from "../ui/motion.js";
import { ReportChart } from "./report-chart.js";
import {
  breakdowns,
  campaignSubjects,
  change,
  dayIn,
  FIRST_DAY,
  isHourly,
  NONE,
  noValueOf,
  rangeDays,
  rangeProblem,
  ranges,
  reportQuery,
  searchFromView,
  seriesInstant,
  shownPeriod,
  tableQuery,
  viewFromSearch,
  type Breakdown,
  type Figures,
  type Range,
  type RangeProblem,
  type ReportView,
} from "./report-view.js";

/**
 * A table's figure columns: the name, the short heading shown (the name as its title) where space is
 * tight, and whether a phone's width shows it (a key, views, clicks and CTR fit; the rest are on the
 * cards, in the CSV, and in the table on a wider screen).
 */
const COLUMNS = [
  ["views", "viewsShort", true],
  ["visitors", null, false],
  ["clicks", "clicksShort", true],
  ["ctr", "ctrShort", true],
  ["conversions", "conversionsShort", false],
  ["revenue", null, false],
  ["epc", "epcShort", false],
] as const satisfies ReadonlyArray<readonly [keyof AnalyticsReport["totals"], string | null, boolean]>;

/** What the commissions earned: an editor's reports come without it (null), and show no column for it. */
const MONEY: ReadonlySet<string> = new Set(["conversions", "revenue", "epc"]);
// A total's figure: sized to fit seven cards across, wrapping rather than spilling out of its card.
const FIGURE = "mt-1 text-xl font-bold text-slate-900 tabular-nums [overflow-wrap:anywhere] 2xl:text-2xl";

/** The figure columns a report fills. */
const columnsOf = (report: AnalyticsReport | undefined) =>
  report?.totals.revenue === null ? COLUMNS.filter(([name]) => !MONEY.has(name)) : COLUMNS;

/** A figure column's cell classes (header and rows alike): the last keeps no right padding. */
function columnClass(index: number, count: number, narrow: boolean): string {
  return `text-right ${index === count - 1 ? "pl-2" : "px-2"} ${narrow ? "" : "hidden sm:table-cell"}`;
}

function percent(value: number | null, locale: string): string {
  return value === null
    ? "—"
    : new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(value);
}

/** An amount in the report's currency, to the cent. */
function money(value: number | null, currency: string, locale: string): string {
  return value === null
    ? "—"
    : new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 2 }).format(value);
}

/**
 * Earnings per click: a third decimal under a tenth, where a cent is a lot (€0.004); to the cent from
 * there, where "€1.063" would read as a thousand euros to half the site's readers.
 */
function perClick(value: number | null, currency: string, locale: string): string {
  if (value === null || Math.abs(value) >= 0.1) return money(value, currency, locale);
  return new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 3 }).format(value);
}

/** Newsletter campaigns' subjects by their reports' key (`newsletter-<id>`); empty where not known. */
type CampaignNames = ReadonlyMap<string, string>;

/**
 * A row's key as the owner reads it: the events without a value named for what they are (a direct
 * visit has no source, a page view no placement), a newsletter campaign by its subject beside its key.
 */
function keyLabel(
  { t, lang }: { t: AdminT; lang: Lang },
  breakdown: Breakdown,
  key: string,
  label: string,
  campaigns: CampaignNames,
): string {
  if (key === NONE) return t(`analytics.report.noValue.${noValueOf(breakdown)}`);
  if (breakdown === "market") return marketName(t, lang, key);
  const subject = breakdown === "campaign" ? campaigns.get(key) : undefined;
  if (subject) return t("analytics.report.campaignSubject", { subject, key });
  if (breakdown === "lang") return t(`common.languages.${key}`, { defaultValue: key });
  if (breakdown === "placement" || breakdown === "device")
    return t(`analytics.report.${breakdown}s.${key}`, { defaultValue: key });
  return label;
}

function Change({ now, before }: { now: number; before: number }) {
  const { t } = useAdminCopy();
  const delta = change(now, before);
  if (delta === null) return <span className="text-xs text-slate-500">{t("analytics.report.noPrevious")}</span>;
  const tone = delta > 0 ? "text-emerald-700" : delta < 0 ? "text-red-700" : "text-slate-500";
  return (
    <span className={`text-xs font-semibold ${tone}`}>
      {t("analytics.report.change", { value: `${delta > 0 ? "+" : ""}${delta}` })}
    </span>
  );
}

function Totals({ report, locale }: { report: AnalyticsReport; locale: string }) {
  const { t } = useAdminCopy();
  const number = new Intl.NumberFormat(locale);
  const { totals, previous } = report;
  const cards: Array<[string, string, number, number]> = [
    ["views", number.format(totals.views), totals.views, previous.totals.views],
    ["visitors", number.format(totals.visitors), totals.visitors, previous.totals.visitors],
    ["clicks", number.format(totals.clicks), totals.clicks, previous.totals.clicks],
  ];
  // An editor's report has no money in it: no cards for it either.
  const { conversions, revenue } = totals;
  const earned = conversions !== null && revenue !== null;
  if (earned) {
    cards.push(
      ["conversions", number.format(conversions), conversions, previous.totals.conversions ?? 0],
      ["revenue", money(revenue, report.currency, locale), revenue, previous.totals.revenue ?? 0],
    );
  }
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-7" data-testid="report-totals">
        {cards.map(([key, shown, now, before]) => (
          <div key={key} className="rounded-xl border border-slate-200 p-4">
            <dt className="text-sm text-slate-600">{t(`analytics.report.${key}`)}</dt>
            <dd className={FIGURE} data-testid={`report-total-${key}`}>
              {shown}
            </dd>
            <dd className="text-xs">
              <Change now={now} before={before} />
            </dd>
          </div>
        ))}
        <div className="rounded-xl border border-slate-200 p-4">
          <dt className="text-sm text-slate-600">{t("analytics.report.ctr")}</dt>
          <dd className={FIGURE}>{percent(totals.ctr, locale)}</dd>
          <dd className="text-xs text-slate-500">
            {t("analytics.report.before", { value: percent(previous.totals.ctr, locale) })}
          </dd>
        </div>
        {earned && (
          <div className="rounded-xl border border-slate-200 p-4">
            <dt className="text-sm text-slate-600">{t("analytics.report.epc")}</dt>
            <dd className={FIGURE} data-testid="report-total-epc">
              {perClick(totals.epc, report.currency, locale)}
            </dd>
            <dd className="text-xs text-slate-500">
              {t("analytics.report.before", { value: perClick(previous.totals.epc, report.currency, locale) })}
            </dd>
          </div>
        )}
      </dl>
      {/* What the money counts, said once for the cards that show it: commissions not declined, pending ones too. */}
      {earned && <p className="mt-2 text-xs text-slate-500">{t("analytics.report.notDeclined")}</p>}
    </div>
  );
}

/**
 * Said of a report that needed single events (two filters, pages under a filter, a filtered day's
 * hours) from before the first day they are all kept: the days before count nothing in it.
 */
function Incomplete({ report, dayLabel }: { report: AnalyticsReport | undefined; dayLabel: (day: string) => string }) {
  const { t } = useAdminCopy();
  if (!report || report.complete || !report.eventsKeptFrom) return null;
  return (
    <p role="note" className="mt-2 text-sm text-amber-800" data-testid="report-incomplete">
      {t("analytics.report.incomplete", { day: dayLabel(report.eventsKeptFrom) })}
    </p>
  );
}

function BreakdownTable({
  breakdown,
  view,
  locale,
  dayLabel,
  campaigns,
  onFilter,
}: {
  breakdown: Breakdown;
  view: ReportView;
  locale: string;
  dayLabel: (day: string) => string;
  campaigns: CampaignNames;
  onFilter: (breakdown: Breakdown, key: string) => void;
}) {
  const { t, lang } = useAdminCopy();
  const report = useAnalyticsReport(tableQuery(view, breakdown));
  const number = new Intl.NumberFormat(locale);
  const rows = report.data?.rows ?? [];
  const currency = report.data?.currency ?? "EUR";
  const columns = columnsOf(report.data);
  const shown = (name: (typeof COLUMNS)[number][0], row: Figures): string => {
    switch (name) {
      case "ctr":
        return percent(row.ctr, locale);
      case "revenue":
        return money(row.revenue, currency, locale);
      case "epc":
        return perClick(row.epc, currency, locale);
      default:
        return number.format(row[name] ?? 0);
    }
  };
  const title = t(`analytics.report.breakdowns.${breakdown}`);
  const csv = `/api/analytics/report?${reportQuery(view, breakdown, { format: "csv", limit: "1000" })}`;
  return (
    <section
      className="min-w-0 rounded-xl border border-slate-200 p-4"
      aria-label={title}
      data-testid={`report-${breakdown}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h4 className="font-semibold text-slate-900">{title}</h4>
        <a
          href={csv}
          download
          aria-label={t("analytics.report.csvOf", { title })}
          // A target a thumb can take on a phone, not the word's 28 by 20 px.
          className="-mr-2 inline-flex min-h-8 items-center px-2 text-sm font-medium text-wine-700 underline"
          data-testid="report-csv"
        >
          {t("analytics.report.csv")}
        </a>
      </div>
      {report.isError && <p className="mt-2 text-sm text-red-600">{t("common.loadFailed")}</p>}
      <Incomplete report={report.data} dayLabel={dayLabel} />
      {report.isSuccess && rows.length === 0 && (
        <p className="mt-2 text-sm text-slate-500">{t("analytics.report.empty")}</p>
      )}
      {rows.length > 0 && (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  {title}
                </th>
                {columns.map(([name, short, narrow], index) => (
                  <th
                    key={name}
                    scope="col"
                    className={`py-1 font-medium ${columnClass(index, columns.length, narrow)}`}
                  >
                    {short ? (
                      <abbr title={t(`analytics.report.${name}`)} className="no-underline">
                        {t(`analytics.report.${short}`)}
                      </abbr>
                    ) : (
                      t(`analytics.report.${name}`)
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => {
                const label = keyLabel({ t, lang }, breakdown, row.key, row.label, campaigns);
                return (
                  <tr key={row.key} data-testid="report-row" data-key={row.key}>
                    <th scope="row" className="py-1.5 pr-2 font-normal max-md:py-0 pointer-coarse:py-0">
                      {/* The whole name, wrapped: cut short, eight pages under one folder looked alike, and a
                          phone shows no tooltip. A thumb's 44 px on a phone or a touch screen, the row's height
                          (the cell's padding goes there instead). */}
                      <button
                        type="button"
                        className="block min-h-6 min-w-24 text-left text-wine-800 [overflow-wrap:anywhere] hover:underline max-md:min-h-11 pointer-coarse:min-h-11"
                        title={t("analytics.report.filterBy", { value: label })}
                        aria-label={t("analytics.report.filterBy", { value: label })}
                        onClick={() => onFilter(breakdown, row.key)}
                      >
                        {label}
                      </button>
                    </th>
                    {columns.map(([name, , narrow], index) => (
                      <td key={name} className={`py-1.5 tabular-nums ${columnClass(index, columns.length, narrow)}`}>
                        {shown(name, row)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {rows.some((row) => (row.ctr ?? 0) > 1) && (
        <p className="mt-2 text-xs text-slate-500" data-testid="report-ctr-over">
          {t("analytics.report.ctrOver")}
        </p>
      )}
    </section>
  );
}

function seriesLabels(report: AnalyticsReport, locale: string): string[] {
  const format = isHourly(report)
    ? new Intl.DateTimeFormat(locale, { hour: "numeric", timeZone: "UTC" })
    : new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
  return report.series.map((point) => format.format(seriesInstant(point.at)));
}

interface DashboardProps {
  timeZone: string;
  visitorsNow: number | undefined;
}

const NO_CAMPAIGNS: CampaignNames = new Map();

/**
 * The owner's reports, shaped like Plausible's dashboard: a range compared with the period before, one
 * chart of views, visitors and clicks, and the top rows of every breakdown; a click on a row filters
 * everything by it. What is shown lives in the address, so a view can be bookmarked.
 */
export function ReportDashboard(props: DashboardProps) {
  // The campaigns' list is the owner's (listCampaigns, x-role: owner): an editor reads their keys.
  return useAdminRole() === "owner" ? (
    <WithCampaignSubjects {...props} />
  ) : (
    <Dashboard {...props} campaigns={NO_CAMPAIGNS} />
  );
}

/** The dashboard with newsletter campaigns named by their subjects, from the Newsletter tab's own list. */
function WithCampaignSubjects(props: DashboardProps) {
  const { lang } = useAdminCopy();
  const list = useCampaigns().data;
  const campaigns = useMemo(() => (list ? campaignSubjects(list, lang) : NO_CAMPAIGNS), [list, lang]);
  return <Dashboard {...props} campaigns={campaigns} />;
}

function Dashboard({ timeZone, visitorsNow, campaigns }: DashboardProps & { campaigns: CampaignNames }) {
  const { t, lang } = useAdminCopy();
  const locale = numberLocale[lang];
  const [search, setSearch] = useSearchParams();
  const today = dayIn(timeZone, new Date());
  const view = viewFromSearch(search, today);
  const heading = useRef<HTMLHeadingElement>(null);
  const show = (next: ReportView) => setSearch(searchFromView(next, search));
  const chooseRange = (range: Range) =>
    show(range === "custom" ? { ...view, range } : { ...view, range, ...rangeDays(range, today) });
  // A row's filter changes the whole dashboard, mostly far above the row on a phone: once its chip is
  // drawn, the chips are brought into view (if they are not) and the keyboard's place goes to that chip.
  const chips = useRef<HTMLUListElement>(null);
  const filtered = useRef<Breakdown | null>(null);
  const filter = (breakdown: Breakdown, key: string) => {
    filtered.current = breakdown;
    show({ ...view, filters: { ...view.filters, [breakdown]: key } });
  };
  useEffect(() => {
    const breakdown = filtered.current;
    const chip = chips.current?.querySelector<HTMLButtonElement>(`[data-breakdown="${breakdown}"]`);
    if (!breakdown || !chips.current || !chip) return;
    filtered.current = null;
    const { top, bottom } = chips.current.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight)
      chips.current.scrollIntoView({ block: "start", behavior: scrollBehavior() });
    chip.focus({ preventScroll: true });
  });
  const unfilter = (breakdown: Breakdown) => {
    const { [breakdown]: _dropped, ...rest } = view.filters;
    show({ ...view, filters: rest });
    // The chip pressed is gone: the keyboard's place goes back to the dashboard's heading.
    heading.current?.focus();
  };
  const day = useMemo(
    () => new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
    [locale],
  );
  const dayLabel = (value: string | undefined) => (value ? day.format(seriesInstant(value)) : "…");
  // A product filter is named as its table names the product (the same request as that table's).
  const products = useAnalyticsReport(tableQuery(view, "product"), view.filters.product !== undefined);
  const filterLabel = (breakdown: Breakdown, key: string) =>
    keyLabel(
      { t, lang },
      breakdown,
      key,
      (breakdown === "product" ? products.data?.rows.find((row) => row.key === key)?.label : undefined) ?? key,
      campaigns,
    );

  // The totals and the chart come with every breakdown: the source table's own request, shared with it.
  const overview = useAnalyticsReport(tableQuery(view, "source"));
  const report = overview.data;
  const period = shownPeriod(view, report);
  const labels = useMemo(() => (report ? seriesLabels(report, locale) : []), [report, locale]);
  const series = useMemo(
    () =>
      report
        ? [
            { label: t("analytics.report.views"), values: report.series.map((p) => p.views), color: "#64748b" },
            { label: t("analytics.report.visitors"), values: report.series.map((p) => p.visitors), color: "#0f766e" },
            { label: t("analytics.report.clicks"), values: report.series.map((p) => p.clicks), color: "#9a345f" },
          ]
        : [],
    [report, t],
  );

  return (
    <section aria-labelledby="report-title" className="space-y-4" data-testid="report-dashboard">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="report-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900">
            {t("analytics.report.title")}
          </h3>
          <p className="text-sm text-slate-600" data-testid="visitors-now">
            {/* The summary's count, which may arrive after the reports: the line keeps its place meanwhile. */}
            {visitorsNow === undefined ? "\u00a0" : t("analytics.report.visitorsNow", { count: visitorsNow })}
          </p>
        </div>
        <div className="flex flex-wrap gap-1" role="group" aria-label={t("analytics.report.range")}>
          {ranges.map((range) => (
            <button
              key={range}
              type="button"
              aria-pressed={view.range === range}
              className={`rounded-lg px-3 py-1.5 text-sm font-medium ${view.range === range ? "bg-wine-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100"}`}
              onClick={() => chooseRange(range)}
            >
              {t(`analytics.report.ranges.${range}`)}
            </button>
          ))}
        </div>
      </div>
      {view.range === "custom" && (
        // Made afresh for the days shown, so it follows them (another range, Back, a bookmark).
        <CustomRange
          key={`${view.from}/${view.to}`}
          shown={view}
          today={today}
          dayLabel={dayLabel}
          onApply={(days) => show({ ...view, ...days })}
        />
      )}
      {Object.keys(view.filters).length > 0 && (
        <ul ref={chips} className="flex flex-wrap gap-2" aria-label={t("analytics.report.filters")}>
          {(Object.entries(view.filters) as Array<[Breakdown, string]>).map(([breakdown, key]) => (
            <li key={breakdown}>
              {/* A thumb's 44 px on a phone or a touch screen. */}
              <button
                type="button"
                className="inline-flex items-center rounded-full bg-wine-50 px-3 py-1 text-sm text-wine-900 ring-1 ring-wine-200 hover:bg-wine-100 max-md:min-h-11 pointer-coarse:min-h-11"
                onClick={() => unfilter(breakdown)}
                data-testid="report-filter"
                data-breakdown={breakdown}
              >
                {t(`analytics.report.breakdowns.${breakdown}`)}: {filterLabel(breakdown, key)}{" "}
                <span aria-hidden="true">×</span>
                <span className="sr-only">{t("analytics.report.removeFilter")}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500" data-testid="report-period">
        {/* The period before is the report's to say: until the view's is in, its days alone. */}
        {period.previous
          ? t("analytics.report.period", {
              from: dayLabel(period.from),
              to: dayLabel(period.to),
              previousFrom: dayLabel(period.previous.from),
              previousTo: dayLabel(period.previous.to),
              timeZone,
            })
          : t("analytics.report.periodLoading", { from: dayLabel(period.from), to: dayLabel(period.to), timeZone })}
      </p>
      {overview.isError && <p className="text-sm text-red-600">{t("common.loadFailed")}</p>}
      <Incomplete report={report} dayLabel={dayLabel} />
      {report && (
        <>
          <Totals report={report} locale={locale} />
          <div className="rounded-xl border border-slate-200 p-4">
            <ReportChart labels={labels} series={series} label={t("analytics.report.chartLabel")} />
            <SeriesTable report={report} labels={labels} t={t} />
          </div>
        </>
      )}
      <div className="grid gap-4 2xl:grid-cols-2">
        {breakdowns.map((breakdown) => (
          <BreakdownTable
            key={breakdown}
            breakdown={breakdown}
            view={view}
            locale={locale}
            dayLabel={dayLabel}
            campaigns={campaigns}
            onFilter={filter}
          />
        ))}
      </div>
    </section>
  );
}

/**
 * The custom range's two days, checked with the dashboard's own words before the report is asked for
 * (the browser's own messages speak the browser's language, not the dashboard's).
 */
function CustomRange({
  shown,
  today,
  dayLabel,
  onApply,
}: {
  shown: { from: string; to: string };
  today: string;
  dayLabel: (day: string) => string;
  onApply: (days: { from: string; to: string }) => void;
}) {
  const { t } = useAdminCopy();
  const [days, setDays] = useState({ from: shown.from, to: shown.to });
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const found = rangeProblem(days.from, days.to, today);
        setProblem(found);
        if (!found) onApply(days);
      }}
    >
      {(["from", "to"] as const).map((end) => (
        <label key={end} className="text-sm text-slate-700">
          {t(`analytics.report.${end}`)}
          <input
            type="date"
            className="mt-1 block rounded-lg border border-slate-300 px-2 py-1"
            value={days[end]}
            min={FIRST_DAY}
            max={today}
            aria-invalid={problem !== null}
            aria-describedby={problem ? "report-range-problem" : undefined}
            onChange={(event) => setDays({ ...days, [end]: event.target.value })}
          />
        </label>
      ))}
      <button type="submit" className="btn-outline text-sm">
        {t("analytics.report.apply")}
      </button>
      {problem && (
        <p id="report-range-problem" role="alert" className="basis-full text-sm text-red-700">
          {t(`analytics.report.rangeProblems.${problem}`, { first: dayLabel(FIRST_DAY), today: dayLabel(today) })}
        </p>
      )}
    </form>
  );
}

function SeriesTable({ report, labels, t }: { report: AnalyticsReport; labels: string[]; t: AdminT }) {
  return (
    <div className="sr-only">
      <table>
        <caption>{t("analytics.report.chartLabel")}</caption>
        <thead>
          <tr>
            <th scope="col">{t(isHourly(report) ? "analytics.report.hour" : "analytics.report.day")}</th>
            <th scope="col">{t("analytics.report.views")}</th>
            <th scope="col">{t("analytics.report.visitors")}</th>
            <th scope="col">{t("analytics.report.clicks")}</th>
          </tr>
        </thead>
        <tbody>
          {report.series.map((point, index) => (
            <tr key={point.at}>
              <td>{labels[index]}</td>
              <td>{point.views}</td>
              <td>{point.visitors}</td>
              <td>{point.clicks}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
