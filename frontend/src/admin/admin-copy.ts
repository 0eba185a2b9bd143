import type { i18n } from "i18next";
import { useTranslation } from "react-i18next";
import en from "../i18n/locales/en/admin.json";
import es from "../i18n/locales/es/admin.json";
import { useInBrowser } from "../lib/in-browser.js";
import { defaultAdminLang, useAdminUiStore } from "./admin.store.js";

/** The admin's copy travels in the admin chunk, so public pages never download it. */
export const adminCopy = { en, es } as const;

export function registerAdminCopy(instance: i18n): void {
  for (const lang of ["en", "es"] as const) {
    if (!instance.hasResourceBundle(lang, "admin")) instance.addResourceBundle(lang, "admin", adminCopy[lang]);
  }
}

/**
 * The admin's copy in the language chosen on the dashboard. The choice is kept in the browser: the
 * server renders (the sign-in form) in the default language, and so does the browser while it hydrates
 * that render, then the chosen one.
 */
export function useAdminCopy() {
  const chosen = useAdminUiStore((state) => state.lang);
  const lang = useInBrowser() ? chosen : defaultAdminLang;
  const { t } = useTranslation("admin", { lng: lang });
  return { t, lang };
}

export type AdminT = ReturnType<typeof useAdminCopy>["t"];
