import type { i18n } from "i18next";
import { useTranslation } from "react-i18next";
import en from "../i18n/locales/en/admin.json";
import es from "../i18n/locales/es/admin.json";
import { useAdminUiStore } from "./admin.store.js";

/** The admin's copy travels in the admin chunk, so public pages never download it. */
export const adminCopy = { en, es } as const;

export function registerAdminCopy(instance: i18n): void {
  for (const lang of ["en", "es"] as const) {
    if (!instance.hasResourceBundle(lang, "admin")) instance.addResourceBundle(lang, "admin", adminCopy[lang]);
  }
}

/** The admin's copy in the language chosen on the dashboard. */
export function useAdminCopy() {
  const lang = useAdminUiStore((state) => state.lang);
  const { t } = useTranslation("admin", { lng: lang });
  return { t, lang };
}

export type AdminT = ReturnType<typeof useAdminCopy>["t"];
