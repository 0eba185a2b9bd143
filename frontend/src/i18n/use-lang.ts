import { useLocation } from "react-router-dom";
import { useContext, useMemo } from "react";
import { getI18n, I18nContext } from "react-i18next";
import { langFromPath, matchPage, type Lang, type PageMatch } from "../routes.js";
import type { Namespace } from "./resources.js";

export function useLang(): Lang {
  return langFromPath(useLocation().pathname);
}

export function usePageMatch(): PageMatch {
  return matchPage(useLocation().pathname);
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
  const t = useMemo(() => i18n.getFixedT<N>(lang, ns), [i18n, lang, ns]);
  return { t, lang };
}
