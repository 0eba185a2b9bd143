import { unwrap, type AnalyticsReport, type AnalyticsTimeZone } from "@rsv/api/client";
import type { paths } from "@rsv/api/schema";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { queryKeys } from "../../api/queries.js";
import { createQuery, useSignOutOn401 } from "./hooks.js";

export const useAnalyticsSummary = createQuery({
  key: queryKeys.analyticsSummary,
  load: (api) => unwrap(api.GET("/api/analytics/summary")),
});

/** Where this browser keeps the reports' time zone it was last told, for the next visit. */
export const TIME_ZONE_STORAGE_KEY = "rsv-admin-analytics-time-zone";

/** The zone this browser was last told, if it is one the browser knows. */
export function rememberedTimeZone(): AnalyticsTimeZone | undefined {
  try {
    const zone = localStorage.getItem(TIME_ZONE_STORAGE_KEY);
    if (!zone) return undefined;
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return { timeZone: zone };
  } catch {
    return undefined;
  }
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
    try {
      localStorage.setItem(TIME_ZONE_STORAGE_KEY, answer.timeZone);
    } catch {
      // storage full or unavailable: the next visit asks first, as the first one did
    }
    return answer;
  },
  initial: rememberedTimeZone,
});

/** One breakdown of the owner's report; refetched when the view changes, kept while the next loads. */
export function useAnalyticsReport(query: string) {
  const api = useApi();
  const report = useQuery({
    queryKey: ["/api/analytics/report", query],
    // JSON: the CSV form of the same operation is a download link, never read here.
    queryFn: async () =>
      (await unwrap(
        api.GET("/api/analytics/report", {
          params: { query: Object.fromEntries(new URLSearchParams(query)) as unknown as ReportParams },
        }),
      )) as AnalyticsReport,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  useSignOutOn401(report.error);
  return report;
}

type ReportParams = NonNullable<paths["/api/analytics/report"]["get"]["parameters"]["query"]>;
