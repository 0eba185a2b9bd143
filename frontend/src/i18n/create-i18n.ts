import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Lang } from "../routes.js";
import { namespaces, resources } from "./resources.js";

/** A fresh instance per server request (and one for the browser), so concurrent renders never share a language. */
export function createI18n(lang: Lang): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: "en",
    supportedLngs: ["en", "es"],
    ns: namespaces,
    defaultNS: "common",
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}
