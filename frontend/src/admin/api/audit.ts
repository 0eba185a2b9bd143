import { unwrap } from "@rsv/api/client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { queryKeys } from "../../api/queries.js";
import { auditQuery, type AuditFilters } from "../audit/audit-view.js";
import { useSignOutOn401 } from "./hooks.js";

export const AUDIT_PAGE_SIZE = 50;

/** The activity log, newest first, a page at a time: each page asks for the events after the last one shown. */
export function useAuditEvents(filters: AuditFilters) {
  const api = useApi();
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.auditEvents(), filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET("/api/auth/audit-events", {
          params: { query: { ...auditQuery(filters), before: pageParam, limit: AUDIT_PAGE_SIZE } },
        }),
      ),
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    staleTime: 0,
  });
  useSignOutOn401(query.error);
  return query;
}
