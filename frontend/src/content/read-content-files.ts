import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { compileContentPage } from "@rsv/api/content-page";
import { routeSlugs, type InfoPageKey, type Lang } from "../routes.js";
import type { ContentPage } from "./content-page.js";

/**
 * For tests in Node: a page's seed file (what a fresh install stores; the content service owns the
 * files, in services/content/pages) and its compiled page, read from disk.
 */
export const seedPagesUrl = new URL("../../../services/content/pages/", import.meta.url);

export function contentFileUrl(key: InfoPageKey, lang: Lang): URL {
  return new URL(`./${lang}/${routeSlugs[key].en}.md`, seedPagesUrl);
}

export function readContentSource(key: InfoPageKey, lang: Lang): string {
  return readFileSync(contentFileUrl(key, lang), "utf8");
}

export function readContentPage(key: InfoPageKey, lang: Lang): ContentPage {
  return compileContentPage(readContentSource(key, lang), fileURLToPath(contentFileUrl(key, lang)));
}

/** The h1 a content page shows. */
export function contentHeading(key: InfoPageKey, lang: Lang): string {
  const { meta } = readContentPage(key, lang);
  return meta.heading ?? meta.title;
}
