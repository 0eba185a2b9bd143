import i18next, { type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Lang } from "../routes.js";

/**
 * A fresh instance per server request (and one for the browser), so concurrent renders never share a
 * language. The server passes every language's copy; the browser starts empty and adds its page's
 * language (load-copy.ts) before it hydrates.
 */
export function createI18n(lang: Lang, resources: Resource = {}): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: "en",
    supportedLngs: ["en", "es"],
    ns: ["common"],
    defaultNS: "common",
    resources,
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return instance;
}
