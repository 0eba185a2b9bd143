import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { routeSlugs, type InfoPageKey, type Lang } from "../routes.js";
import { compileContentPage } from "./compile-page.js";
import type { ContentPage } from "./content-page.js";

/** For tests in Node: a content file's source and its compiled page, read from disk. */
export function contentFileUrl(key: InfoPageKey, lang: Lang): URL {
  return new URL(`./pages/${lang}/${routeSlugs[key].en}.md`, import.meta.url);
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
