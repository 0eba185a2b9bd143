import type { Query, QueryClient } from "@tanstack/react-query";
import type { i18n } from "i18next";
import { contentFilePath, contentPageQuery, contentPageQueryRoot } from "./content/content-pages.js";
import { loadPageCopy, pageCopySources } from "./i18n/load-copy.js";
import { lazyPageFor } from "./pages/page-modules.js";
import { isContentPageKey, type PageMatch } from "./routes.js";

/** The client entry as Vite's manifest names it. */
export const clientEntry = "src/entry-client.tsx";

/**
 * The modules the first page needs besides the entry: its language's copy, its page chunk and, for a
 * content page, its content file. The server preloads exactly these (manifest keys); the browser loads
 * them before hydrating.
 */
export function firstLoadSources(match: PageMatch): string[] {
  const sources = [clientEntry, pageCopySources[match.lang]];
  const page = lazyPageFor(match);
  if (page) sources.push(page.source);
  if (match.page === "route" && isContentPageKey(match.key)) {
    sources.push(`src/content/${contentFilePath(match.key, match.lang).replace(/^\.\//, "")}`);
  }
  return sources;
}

/**
 * Content files are code the browser downloads anyway, so the server leaves them out of the HTML's
 * query state; every other settled query travels with the page.
 */
export function sentWithPage(query: Query): boolean {
  return query.state.status !== "pending" && query.queryKey[0] !== contentPageQueryRoot;
}

/** Everything the first page renders from, loaded before hydration so it renders at once (no flash, no refetch). */
export async function loadFirstPage(match: PageMatch, instance: i18n, queryClient: QueryClient): Promise<void> {
  await Promise.all([
    loadPageCopy(instance, match.lang),
    lazyPageFor(match)?.preload(),
    match.page === "route" && isContentPageKey(match.key)
      ? queryClient.prefetchQuery(contentPageQuery(match.key, match.lang))
      : undefined,
  ]);
}
