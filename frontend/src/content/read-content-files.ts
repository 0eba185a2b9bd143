import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compileContentPage } from "@rsv/api/content-page";
import { routeSlugs, type Lang } from "../routes.js";
import type { StoredPageKey } from "./content-pages.js";
import type { ContentPage } from "./content-page.js";

/**
 * For tests in Node: a page's seed file (what a fresh install stores; the content service owns the
 * files, in services/content/pages) and its compiled page, read from disk.
 */
const seedPagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../services/content/pages");
export const seedPagesUrl = pathToFileURL(`${seedPagesDir}/`);

function contentFilePath(key: StoredPageKey, lang: Lang): string {
  return path.join(seedPagesDir, lang, `${routeSlugs[key].en}.md`);
}

export function contentFileUrl(key: StoredPageKey, lang: Lang): URL {
  return pathToFileURL(contentFilePath(key, lang));
}

export function readContentSource(key: StoredPageKey, lang: Lang): string {
  return readFileSync(contentFilePath(key, lang), "utf8");
}

export function readContentPage(key: StoredPageKey, lang: Lang): ContentPage {
  return compileContentPage(readContentSource(key, lang), contentFilePath(key, lang));
}

/** The h1 a content page (or the FAQ) shows as installed. */
export function contentHeading(key: StoredPageKey, lang: Lang): string {
  const { meta } = readContentPage(key, lang);
  return meta.heading ?? meta.title;
}
