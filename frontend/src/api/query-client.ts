import { QueryClient } from "@tanstack/react-query";

/**
 * The site's cache rules: data never goes stale, no retry, no refetch on focus, no polling.
 * A failed query is not retried on mount either, so a server-rendered error state hydrates as is.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        retryOnMount: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
