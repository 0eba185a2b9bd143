import { keep, readKept } from "../lib/kept.js";
import type { Lang } from "../routes.js";

/**
 * A language the person chose, kept in their browser twice: in localStorage for the app, and in a
 * cookie the server reads, so it renders in that language from the first byte.
 */
export interface LanguageChoice {
  storageKey: string;
  cookie: string;
  /** Where the cookie goes: the pages whose render depends on it, and no others. */
  path: string;
}

/** The visitor's choice on the public site: the server honours it at "/" (the Spanish home page). */
export const siteLanguageChoice: LanguageChoice = { storageKey: "rsv-lang", cookie: "rsv_lang", path: "/" };

/** The dashboard's own (/admin has one address for both languages): the server renders the admin in it. */
export const adminLanguageChoice: LanguageChoice = {
  storageKey: "rsv-admin-lang",
  cookie: "rsv_admin_lang",
  path: "/admin",
};

export const languageCookie = siteLanguageChoice.cookie;
export const languageStorageKey = siteLanguageChoice.storageKey;
export const languageCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

const isLang = (value: string | null | undefined): value is Lang => value === "en" || value === "es";

function keepCookie(lang: Lang, choice: LanguageChoice): void {
  document.cookie = `${choice.cookie}=${lang}; Path=${choice.path}; Max-Age=${languageCookieMaxAgeSeconds}; SameSite=Lax`;
}

/** Remembers an explicit choice: localStorage for the app, a cookie so the server can honour it. */
export function saveLanguageChoice(lang: Lang, choice: LanguageChoice = siteLanguageChoice): void {
  // Storage unavailable, the cookie still carries the choice.
  keep(choice.storageKey, lang);
  keepCookie(lang, choice);
}

/** The language a Cookie header (or document.cookie) keeps under the cookie's name, if any. */
export function languageFromCookie(cookieHeader: string | undefined, cookie: string): Lang | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0 || pair.slice(0, at).trim() !== cookie) continue;
    const value = pair.slice(at + 1).trim();
    if (isLang(value)) return value;
  }
  return null;
}

/** The visitor's choice for the public site, from a request's Cookie header. */
export function savedLanguageFromCookie(cookieHeader: string | undefined): Lang | null {
  return languageFromCookie(cookieHeader, siteLanguageChoice.cookie);
}

/** The dashboard's language the owner chose, from a request's Cookie header (sent to /admin only). */
export function savedAdminLanguageFromCookie(cookieHeader: string | undefined): Lang | null {
  return languageFromCookie(cookieHeader, adminLanguageChoice.cookie);
}

/** The choice made in this browser, if any: the stored one, else the cookie's. */
export function savedLanguageChoice(choice: LanguageChoice = siteLanguageChoice): Lang | null {
  const stored = readKept(choice.storageKey);
  if (isLang(stored)) return stored;
  return typeof document === "undefined" ? null : languageFromCookie(document.cookie, choice.cookie);
}

/**
 * Copies a stored choice into the cookie where the cookie says otherwise or nothing (a choice kept
 * before the server could read it, or its cookie cleared): the next page the server renders uses it.
 */
export function keepStoredChoiceInCookie(choice: LanguageChoice): void {
  const stored = readKept(choice.storageKey);
  if (isLang(stored) && languageFromCookie(document.cookie, choice.cookie) !== stored) keepCookie(stored, choice);
}

/** The first of our languages among the browser's preferred ones. */
export function preferredBrowserLanguage(preferences: readonly string[]): Lang | null {
  for (const tag of preferences) {
    const primary = tag.toLowerCase().split("-")[0];
    if (primary === "en" || primary === "es") return primary;
  }
  return null;
}
