import { useLocation } from "react-router-dom";
import { createContext, useContext, useMemo } from "react";
import type { i18n as I18n } from "i18next";
import { getI18n, I18nContext } from "react-i18next";
import { langFromPath, matchPage, type Lang, type PageMatch } from "../routes.js";
import type { Namespace } from "./resources.js";

/**
 * The language a part of a page renders in when it is not the path's: the admin's preview of a Spanish
 * page, shown at /admin. Unset everywhere else.
 */
export const PreviewLangContext = createContext<Lang | null>(null);

export function useLang(): Lang {
  const preview = useContext(PreviewLangContext);
  const fromPath = langFromPath(useLocation().pathname);
  return preview ?? fromPath;
}

export function usePageMatch(): PageMatch {
  return matchPage(useLocation().pathname);
}

/** Remembered strings per instance; copy added later (a lazily loaded chunk's) empties them. */
interface Remembered {
  byT: Map<string, unknown>;
  results: Map<string, string>;
}
const rememberedByInstance = new WeakMap<I18n, Remembered>();
/** Bound on remembered strings with variables (counts, ratings), so a long-lived server never grows. */
const maxRemembered = 5000;

function rememberedFor(i18n: I18n): Remembered {
  let remembered = rememberedByInstance.get(i18n);
  if (!remembered) {
    const fresh: Remembered = { byT: new Map(), results: new Map() };
    rememberedByInstance.set(i18n, fresh);
    i18n.store?.on("added", () => fresh.results.clear());
    remembered = fresh;
  }
  return remembered;
}

function isPlain(options: unknown): options is Record<string, string | number | boolean | undefined> {
  if (options === undefined) return true;
  if (typeof options !== "object" || options === null) return false;
  for (const value of Object.values(options))
    if (value !== undefined && typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean")
      return false;
  return true;
}

/**
 * The instance's fixed `t` for a language and namespace, remembering each string it returns: the same
 * copy is asked for again and again (a hundred "Buy Now"s on the comparison page), and i18next's lookup
 * and interpolation were a sixth of that page's render time on the server.
 */
function rememberingT<N extends Namespace>(i18n: I18n, lang: Lang, ns: N) {
  const remembered = rememberedFor(i18n);
  const id = `${lang}|${ns}`;
  const known = remembered.byT.get(id);
  if (known) return known as ReturnType<typeof i18n.getFixedT<N>>;
  const fixed = i18n.getFixedT<N>(lang, ns);
  const { results } = remembered;
  const call = fixed as unknown as (...args: unknown[]) => unknown;
  const t = ((...args: unknown[]) => {
    const [key, options] = args;
    if (args.length > 2 || typeof key !== "string" || !isPlain(options)) return call(...args);
    const cacheKey = options === undefined ? `${id}|${key}` : `${id}|${key}|${JSON.stringify(options)}`;
    let result = results.get(cacheKey);
    if (result === undefined) {
      const fresh = call(...args);
      if (typeof fresh !== "string") return fresh;
      if (results.size >= maxRemembered) results.clear();
      results.set(cacheKey, (result = fresh));
    }
    return result;
  }) as unknown as typeof fixed;
  remembered.byT.set(id, t);
  return t;
}

/**
 * Copy in the language of the current path, whatever the shared i18n instance last switched to.
 * The instance's fixed `t` for the language and namespace, kept per instance: react-i18next's
 * useTranslation copies the whole instance for every component that calls it, which was an
 * eighth of a page's render time on the server.
 */
export function useCopy<N extends Namespace = "common">(ns: N = "common" as N) {
  const lang = useLang();
  // Outside an I18nextProvider, the instance initReactI18next registered (as useTranslation does).
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const t = useMemo(() => rememberingT(i18n, lang, ns), [i18n, lang, ns]);
  return { t, lang };
}
