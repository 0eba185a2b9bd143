import { unwrap, type AnalyticsReport } from "@rsv/api/client";
import type { paths } from "@rsv/api/schema";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { queryKeys } from "../../api/queries.js";
import { createQuery, useSignOutOn401 } from "./hooks.js";

export const useAnalyticsSummary = createQuery({
  key: queryKeys.analyticsSummary,
  load: (api) => unwrap(api.GET("/api/analytics/summary")),
});

/** The reports' time zone: a quick answer, so the dashboard need not wait for the summary. */
export const useAnalyticsTimeZone = createQuery({
  key: queryKeys.analyticsTimeZone,
  load: (api) => unwrap(api.GET("/api/analytics/time-zone")),
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
