import { keep, readKept } from "../lib/kept.js";
import type { Lang } from "../routes.js";

export const languageCookie = "rsv_lang";
export const languageStorageKey = "rsv-lang";
export const languageCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** Remembers the visitor's explicit choice: localStorage for the app, a cookie so the server can honour it at "/". */
export function saveLanguageChoice(lang: Lang): void {
  // Storage unavailable, the cookie still carries the choice.
  keep(languageStorageKey, lang);
  document.cookie = `${languageCookie}=${lang}; Path=/; Max-Age=${languageCookieMaxAgeSeconds}; SameSite=Lax`;
}

export function savedLanguageFromCookie(cookieHeader: string | undefined): Lang | null {
  const match = cookieHeader?.match(/(?:^|;\s*)rsv_lang=(en|es)(?:;|$)/);
  return match ? (match[1] as Lang) : null;
}

/** The choice the visitor made in this browser, if any. */
export function savedLanguageChoice(): Lang | null {
  const stored = readKept(languageStorageKey);
  if (stored === "en" || stored === "es") return stored;
  return savedLanguageFromCookie(document.cookie);
}

/** The first of our languages among the browser's preferred ones. */
export function preferredBrowserLanguage(preferences: readonly string[]): Lang | null {
  for (const tag of preferences) {
    const primary = tag.toLowerCase().split("-")[0];
    if (primary === "en" || primary === "es") return primary;
  }
  return null;
}
