import {
  adminLanguageChoice,
  languageCookie,
  languageCookieMaxAgeSeconds,
  languageStorageKey,
} from "../i18n/language-choice.js";
import { exitBannerStorageKey } from "../stores/exit-banner.store.js";

/**
 * What the site really stores, written into the privacy policy through `{{name}}` placeholders so the
 * policy changes when the code does. Values that live in the services are checked against them in tests.
 */
export const siteFacts = {
  languageStorageKey,
  languageCookie,
  languageCookieDays: String(languageCookieMaxAgeSeconds / 86_400),
  exitBannerStorageKey,
  // The chat widget's history key; it lives with the widget's store.
  chatHistoryStorageKey: "rsv-chat-history",
  // As a browser sees it on the public site (plain `rsv_session` only on localhost over HTTP).
  sessionCookie: "__Host-rsv_session",
  sessionDays: "7",
  sessionIdleMinutes: "30",
  // The dashboard's language, which the server renders /admin in: sent to /admin only.
  adminLanguageCookie: adminLanguageChoice.cookie,
  saltKeepDays: "2",
  analyticsRetentionDays: "395",
} as const;

export type SiteFact = keyof typeof siteFacts;

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Replaces `{{name}}` in plain text; unknown names are left visible so tests catch them. */
export function fillText(
  text: string,
  values: Record<string, string>,
  escape: (value: string) => string = String,
): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? escape(values[name] ?? "") : whole,
  );
}

/** The same for compiled HTML, with the values escaped. */
export function fillPlaceholders(html: string, values: Record<string, string>): string {
  return fillText(html, values, escapeHtml);
}
