import type { i18n } from "i18next";
import { useTranslation } from "react-i18next";
import en from "../i18n/locales/en/admin.json";
import es from "../i18n/locales/es/admin.json";
import { defaultAdminLang, useRenderedAdminLang } from "../i18n/admin-language.js";
import { useInBrowser } from "../lib/in-browser.js";
import { useAdminUiStore } from "./admin.store.js";

/** The admin's copy travels in the admin chunk, so public pages never download it. */
export const adminCopy = { en, es } as const;

export function registerAdminCopy(instance: i18n): void {
  for (const lang of ["en", "es"] as const) {
    if (!instance.hasResourceBundle(lang, "admin")) instance.addResourceBundle(lang, "admin", adminCopy[lang]);
  }
}

/**
 * The admin's copy in the language chosen on the dashboard. The server renders (the sign-in form) in
 * the choice its request's cookie carried, else the default, and so does the browser while it hydrates
 * that render; then the choice this browser keeps, which is the same one unless the cookie was lost.
 */
export function useAdminCopy() {
  const chosen = useAdminUiStore((state) => state.lang);
  const rendered = useRenderedAdminLang() ?? defaultAdminLang;
  const lang = useInBrowser() ? chosen : rendered;
  const { t } = useTranslation("admin", { lng: lang });
  return { t, lang };
}

export type AdminT = ReturnType<typeof useAdminCopy>["t"];
