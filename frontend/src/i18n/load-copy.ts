import { use } from "react";
import { useTranslation } from "react-i18next";
import type { i18n } from "i18next";
import type { Lang } from "../routes.js";

// One chunk per language, so a page downloads its own language's copy only.
const pageCopy: Record<Lang, () => Promise<{ default: Record<string, object> }>> = {
  en: () => import("./copy-en.js"),
  es: () => import("./copy-es.js"),
};

/** Source files of the copy chunks, as Vite's manifest names them (the server preloads the page's one). */
export const pageCopySources: Record<Lang, string> = {
  en: "src/i18n/copy-en.ts",
  es: "src/i18n/copy-es.ts",
};

const loading = new Map<string, Promise<void>>();

function addBundles(instance: i18n, lang: string, bundles: Record<string, object>): void {
  for (const [ns, copy] of Object.entries(bundles)) {
    if (!instance.hasResourceBundle(lang, ns)) instance.addResourceBundle(lang, ns, copy);
  }
}

/** Adds a language's page copy to the instance; resolves at once when it is already there. */
export function loadPageCopy(instance: i18n, lang: Lang): Promise<void> {
  if (instance.hasResourceBundle(lang, "common")) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = pageCopy[lang]().then((module) => addBundles(instance, lang, module.default));
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}

/** For chunks that carry their own copy (overlays): adds it once. */
export function addCopy(instance: i18n, copy: Record<string, Record<string, object>>): void {
  for (const [lang, bundles] of Object.entries(copy)) addBundles(instance, lang, bundles);
}

/**
 * Suspends until the language's page copy is in the instance (a visitor switching language loads the
 * other language's chunk here); the first page's copy is loaded before hydration, so that never waits.
 */
export function usePageCopy(lang: Lang): void {
  const { i18n: instance } = useTranslation();
  if (!instance.hasResourceBundle(lang, "common")) use(loadPageCopy(instance, lang));
}
