import { queryOptions } from "@tanstack/react-query";
import { routeSlugs, type InfoPageKey, type Lang } from "../routes.js";
import type { ContentPage } from "./content-page.js";

// One chunk per file: a page downloads its own language's copy only, and only when it is visited
// after the first load (the server puts the first page's copy into the dehydrated query cache).
const files = import.meta.glob<ContentPage>("./pages/*/*.md", { import: "default" });

export function contentFilePath(key: InfoPageKey, lang: Lang): string {
  return `./pages/${lang}/${routeSlugs[key].en}.md`;
}

export function loadContentPage(key: InfoPageKey, lang: Lang): Promise<ContentPage> {
  const load = files[contentFilePath(key, lang)];
  if (!load) return Promise.reject(new Error(`No content file ${contentFilePath(key, lang)}`));
  return load();
}

/** First element of every content page's query key. */
export const contentPageQueryRoot = "content-page";

export function contentPageQuery(key: InfoPageKey, lang: Lang) {
  return queryOptions({
    queryKey: [contentPageQueryRoot, key, lang] as const,
    queryFn: () => loadContentPage(key, lang),
    staleTime: Infinity,
  });
}
