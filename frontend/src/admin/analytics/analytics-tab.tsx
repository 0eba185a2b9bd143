import { useMemo } from "react";
import { numberLocale } from "../../lib/format.js";
import { useAdminCopy } from "../admin-copy.js";
import { useAnalyticsSummary, useAnalyticsTimeZone } from "../api/analytics.js";
import { useAdminRole } from "../api/session.js";
import { ClicksChart } from "./clicks-chart.js";
import { EarningsPanel } from "./earnings-panel.js";
import { ReportDashboard } from "./report-dashboard.js";

/** How often the summary (the last 30 minutes' visitors among it) is asked again while the tab is open. */
const SUMMARY_EVERY_MS = 60_000;

/**
 * The reports first, asked as soon as their time zone is known (a quick answer of its own); the
 * summary of the last seven days' clicks below them loads beside them.
 */
export function AnalyticsTab() {
  const { t } = useAdminCopy();
  const zone = useAnalyticsTimeZone();
  const summary = useAnalyticsSummary({ refetchInterval: SUMMARY_EVERY_MS });
  const role = useAdminRole();
  return (
    <div className="space-y-8">
      <h2 className="text-xl font-semibold text-slate-900">{t("analytics.title")}</h2>
      {zone.isError ? (
        <p className="text-red-600">{t("common.loadFailed")}</p>
      ) : zone.isPending ? (
        <p className="text-slate-500">{t("common.loading")}</p>
      ) : (
        <ReportDashboard timeZone={zone.data.timeZone} visitorsNow={summary.data?.visitorsLast30Minutes} />
      )}
      <SummaryPanels summary={summary} timeZone={zone.data?.timeZone} />
      {/* Commissions are money: importing and reading them is the owner's (x-role: owner). */}
      {role === "owner" && <EarningsPanel />}
    </div>
  );
}

/**
 * The last seven days' clicks across the whole site, in all and per day, the products clicked most in
 * them and the latest clicks: the reports' range and filters do not apply, which its heading says.
 */
function SummaryPanels({
  summary,
  timeZone,
}: {
  summary: ReturnType<typeof useAnalyticsSummary>;
  timeZone: string | undefined;
}) {
  const { t, lang } = useAdminCopy();
  const locale = numberLocale[lang];
  const clicksByDate = summary.data?.clicksByDate;
  const days = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", timeZone: "UTC" });
    return (clicksByDate ?? []).map((day) => ({
      label: format.format(new Date(`${day.date}T00:00:00Z`)),
      clicks: day.clicks,
    }));
  }, [clicksByDate, locale]);

  if (summary.isPending) return <p className="text-slate-500">{t("common.loading")}</p>;
  if (summary.isError) return <p className="text-red-600">{t("common.loadFailed")}</p>;
  const { totalClicks, topProducts, recentEvents } = summary.data;
  // On the site's clock, as the reports count days.
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  const busiest = days.reduce<(typeof days)[number] | null>(
    (best, day) => (day.clicks > 0 && (!best || day.clicks > best.clicks) ? day : best),
    null,
  );

  return (
    <section aria-labelledby="whole-site" className="space-y-8">
      <div>
        <h3 id="whole-site" className="text-lg font-semibold text-slate-900">
          {t("analytics.wholeSite")}
        </h3>
        <p className="text-sm text-slate-600">{t("analytics.wholeSiteHint")}</p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-slate-200 p-5">
          <dt className="text-sm text-slate-600">{t("analytics.totalClicks")}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900" data-testid="total-clicks">
            {totalClicks}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 p-5">
          <dt className="text-sm text-slate-600">{t("analytics.busiestDay")}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">
            {busiest ? t("analytics.busiestDayValue", { day: busiest.label, count: busiest.clicks }) : "—"}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="clicks-by-day">
        <h4 id="clicks-by-day" className="font-semibold text-slate-900">
          {t("analytics.clicksByDay")}
        </h4>
        <div className="mt-3 rounded-xl border border-slate-200 p-4">
          <ClicksChart days={days} label={t("analytics.chartLabel")} seriesLabel={t("analytics.clicks")} />
        </div>
        <table className="sr-only">
          <caption>{t("analytics.clicksByDay")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("analytics.day")}</th>
              <th scope="col">{t("analytics.clicks")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.label}>
                <td>{day.label}</td>
                <td>{day.clicks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="top-products" className="min-w-0">
          <h4 id="top-products" className="font-semibold text-slate-900">
            {t("analytics.topProducts")}
          </h4>
          {topProducts.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{t("analytics.noClicks")}</p>
          ) : (
            <ol className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
              {topProducts.map((product, index) => (
                <li key={product.productId} className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
                  {/* The whole name, wrapped: cut short, a phone's narrow list left products that begin alike
                      looking the same, and a phone shows no tooltip. */}
                  <span className="min-w-0 break-words">
                    <span className="mr-2 font-semibold text-slate-500">{index + 1}.</span>
                    {product.productName}
                  </span>
                  <span className="shrink-0 font-semibold">{t("analytics.clickCount", { count: product.clicks })}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="recent-events" className="min-w-0">
          <h4 id="recent-events" className="font-semibold text-slate-900">
            {t("analytics.recentEvents")}
          </h4>
          {recentEvents.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{t("analytics.noEvents")}</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
              {recentEvents.map((event) => (
                <li key={event.id} className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm">
                  <span className="min-w-0 break-words">
                    <span className="font-medium">
                      {t(`analytics.eventTypes.${event.event_type}`, { defaultValue: event.event_type })}
                    </span>
                    {event.product_name && <span className="text-slate-600"> · {event.product_name}</span>}
                  </span>
                  <time dateTime={event.timestamp} className="text-slate-500">
                    {time.format(new Date(event.timestamp))}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}
