import type { Language, Page } from "@rsv/api/client";

/** A stored page with its versions, as a row of the Pages tab. */
export interface PageRow {
  key: string;
  versions: Partial<Record<Language, Page>>;
  /** The version whose title the row shows: the dashboard's language, else whichever exists. */
  shown: Page;
}

/**
 * The Pages tab's rows: one per page, its two languages together, in the alphabetical order of the
 * titles the owner reads (a Spanish dashboard lists "¿Qué es el resveratrol?" under Q, not by the
 * English address the pages are stored under).
 */
export function pageRows(pages: readonly Page[], lang: Language): PageRow[] {
  const byKey = new Map<string, Partial<Record<Language, Page>>>();
  for (const page of pages) byKey.set(page.key, { ...byKey.get(page.key), [page.lang]: page });
  const collator = new Intl.Collator(lang, { sensitivity: "base", ignorePunctuation: true });
  return [...byKey.entries()]
    .map(([key, versions]) => ({ key, versions, shown: (versions[lang] ?? versions.en ?? versions.es)! }))
    .sort((a, b) => collator.compare(a.shown.title, b.shown.title) || a.key.localeCompare(b.key));
}
