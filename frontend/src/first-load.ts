import type { Query } from "@tanstack/react-query";
import type { i18n } from "i18next";
import { loadPageCopy, pageCopySources } from "./i18n/load-copy.js";
import { firstChunkFor } from "./pages/page-modules.js";
import type { PageMatch } from "./routes.js";

/** The client entry as Vite's manifest names it. */
export const clientEntry = "src/entry-client.tsx";

/**
 * The modules the first page needs besides the entry: its language's copy and its page chunk (the
 * admin's on /admin). The server preloads exactly these (manifest keys); the browser loads them before hydrating.
 */
export function firstLoadSources(match: PageMatch): string[] {
  const sources = [clientEntry, pageCopySources[match.lang]];
  const page = firstChunkFor(match);
  if (page) sources.push(page.source);
  return sources;
}

/** Every settled query travels with the page (a content page's compiled copy too). */
export function sentWithPage(query: Query): boolean {
  return query.state.status !== "pending";
}

/** Everything the first page renders from, loaded before hydration so it renders at once (no flash, no refetch). */
export async function loadFirstPage(match: PageMatch, instance: i18n): Promise<void> {
  await Promise.all([loadPageCopy(instance, match.lang), firstChunkFor(match)?.preload()]);
}
