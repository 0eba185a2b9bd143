import { unwrap } from "@rsv/api/client";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../api/api-context.js";
import { routeSlugs, type InfoPageKey, type Lang } from "../routes.js";
import type { ContentPage } from "./content-page.js";

/** Route keys whose copy the owner edits as a stored page: the content pages and the FAQ. */
export type StoredPageKey = InfoPageKey | "faq";

/** The key the content service stores a page under: its English slug. */
export function contentPageKey(key: StoredPageKey): string {
  return routeSlugs[key].en;
}

/** First element of every content page's query key. */
export const contentPageQueryRoot = "content-page";

/**
 * A guide, landing or legal page or the FAQ as the content service compiles it from the owner's Markdown, read at
 * request time so a saved page shows on the next read. The server renders it into the HTML and sends
 * it with the page's query state; in-app navigation reads the next page's JSON.
 */
export function contentPageQuery(api: ApiClient, key: StoredPageKey, lang: Lang) {
  return queryOptions({
    queryKey: [contentPageQueryRoot, key, lang] as const,
    queryFn: async (): Promise<ContentPage> => {
      const page = await unwrap(
        api.GET("/api/pages/{key}/{lang}", { params: { path: { key: contentPageKey(key), lang } } }),
      );
      return page.content as ContentPage;
    },
  });
}
