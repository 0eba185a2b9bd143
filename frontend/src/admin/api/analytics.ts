import { unwrap } from "@rsv/api/client";
import { queryKeys } from "../../api/queries.js";
import { createQuery } from "./hooks.js";

export const useAnalyticsSummary = createQuery({
  key: queryKeys.analyticsSummary,
  load: (api) => unwrap(api.GET("/api/analytics/summary")),
});
