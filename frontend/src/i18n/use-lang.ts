import { useLocation } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { langFromPath, matchPage, type Lang, type PageMatch } from "../routes.js";
import type { Namespace } from "./resources.js";

export function useLang(): Lang {
  return langFromPath(useLocation().pathname);
}

export function usePageMatch(): PageMatch {
  return matchPage(useLocation().pathname);
}

/** Copy in the language of the current path, whatever the shared i18n instance last switched to. */
export function useCopy(ns: Namespace = "common") {
  const lang = useLang();
  const { t } = useTranslation(ns, { lng: lang });
  return { t, lang };
}
