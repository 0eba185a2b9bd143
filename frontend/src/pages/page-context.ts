import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../api/api-context.js";
import type { PageMatch } from "../routes.js";

export interface PrefetchContext {
  api: ApiClient;
  match: PageMatch;
  search: URLSearchParams;
  /** The visitor's country, whose market's offers the page shows (see VisitorProvider). */
  country: string | null;
  /** Whether the request shows that nobody is signed in (knownSignedOut); otherwise the admin asks. */
  signedOut: boolean;
}

export interface PrefetchOutcome {
  status?: number;
  redirect?: string;
}

/** Each page module exports one: the server awaits it before rendering, so the HTML is complete. */
export type Prefetch = (queryClient: QueryClient, context: PrefetchContext) => Promise<PrefetchOutcome | void>;

/** The status a page should answer with once its main query has settled. */
export function statusOf(queryClient: QueryClient, queryKey: readonly unknown[]): number {
  const state = queryClient.getQueryState(queryKey);
  if (!state || state.status === "error") return 503;
  return state.data === null ? 404 : 200;
}
