import { unwrap, type AnalyticsReport, type AnalyticsTimeZone } from "@rsv/api/client";
import type { paths } from "@rsv/api/schema";
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { useApi, type ApiClient } from "../../api/api-context.js";
import { queryKeys } from "../../api/queries.js";
import { keep, readKept } from "../../lib/kept.js";
import { breakdowns, dayIn, tableQuery, viewFromSearch } from "../analytics/report-view.js";
import { createQuery, useSignOutOn401 } from "./hooks.js";

export const useAnalyticsSummary = createQuery({
  key: queryKeys.analyticsSummary,
  load: (api) => unwrap(api.GET("/api/analytics/summary")),
});

/** Where this browser keeps the reports' time zone it was last told, for the next visit. */
export const TIME_ZONE_STORAGE_KEY = "rsv-admin-analytics-time-zone";

/** The zone this browser was last told, if it is one the browser knows. */
export function rememberedTimeZone(): AnalyticsTimeZone | undefined {
  const zone = readKept(TIME_ZONE_STORAGE_KEY);
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return { timeZone: zone };
  } catch {
    return undefined;
  }
}

/** Signed out, this browser forgets the zone: a visit that cannot read the reports does not ask for them early. */
export function forgetTimeZone(): void {
  keep(TIME_ZONE_STORAGE_KEY, null);
}

/**
 * The reports' time zone. The dashboard's dates are days in it, so its reports wait for it: on a
 * later visit the zone this browser was last told stands in at once (a setting that rarely changes),
 * while the server is asked again; were it changed, the dashboard asks for the new zone's days.
 */
export const useAnalyticsTimeZone = createQuery({
  key: queryKeys.analyticsTimeZone,
  load: async (api) => {
    const answer = await unwrap(api.GET("/api/analytics/time-zone"));
    // Storage full or unavailable, the next visit asks first, as the first one did.
    keep(TIME_ZONE_STORAGE_KEY, answer.timeZone);
    return answer;
  },
  initial: rememberedTimeZone,
});

/** One breakdown of the owner's report, as the dashboard and its early start both ask for it. */
function reportOptions(api: ApiClient, query: string) {
  return queryOptions({
    queryKey: ["/api/analytics/report", query],
    // JSON: the CSV form of the same operation is a download link, never read here.
    queryFn: async () =>
      (await unwrap(
        api.GET("/api/analytics/report", {
          params: { query: Object.fromEntries(new URLSearchParams(query)) as unknown as ReportParams },
        }),
      )) as AnalyticsReport,
    staleTime: 30_000,
  });
}

/** One breakdown of the owner's report; refetched when the view changes, kept while the next loads. */
export function useAnalyticsReport(query: string, enabled = true) {
  const api = useApi();
  const report = useQuery({ ...reportOptions(api, query), enabled, placeholderData: keepPreviousData });
  useSignOutOn401(report.error);
  return report;
}

/**
 * Asks for the dashboard's reports of the address's view as the admin opens, beside the session call
 * rather than after it, when this browser remembers the reports' time zone (their days are days in
 * it). The tables then find their answers on the way. A signed-out answer makes the browser forget the
 * zone (so the next signed-out visit asks for nothing early), and signing in drops every cached read
 * (useLogin), so nothing the server refused is shown.
 */
export function startDashboardReports(queryClient: QueryClient, api: ApiClient, search: URLSearchParams): void {
  const zone = rememberedTimeZone();
  if (!zone) return;
  const view = viewFromSearch(search, dayIn(zone.timeZone, new Date()));
  for (const breakdown of breakdowns) void queryClient.prefetchQuery(reportOptions(api, tableQuery(view, breakdown)));
}

type ReportParams = NonNullable<paths["/api/analytics/report"]["get"]["parameters"]["query"]>;
