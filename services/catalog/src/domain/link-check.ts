import type { LinkCheckSettings, OfferCheck, OfferStatus } from "@rsv/api/client";
import { readPage, stockVerdict } from "./link-check-page.js";
import { checkDetail } from "@rsv/api/check-details";

/**
 * What a check of an offer's link found, and what that does to the offer's health. Pure: the
 * requests are made in jobs/link-checker-fetch.ts, which hands over what it saw (FetchedLink).
 */

export type CheckOutcome = OfferCheck["outcome"];
export type PhraseLanguage = keyof LinkCheckSettings["outOfStockPhrases"];

/** Redirects followed before a chain is called a loop. */
export const MAX_REDIRECTS = 10;

/** The owner's settings until they change them. */
export const DEFAULT_LINK_CHECK_SETTINGS: LinkCheckSettings = {
  intervalHours: 24,
  outOfStockPhrases: {
    en: ["out of stock", "sold out"],
    es: ["agotado", "sin stock"],
    de: ["nicht verfügbar", "ausverkauft"],
    nl: ["niet op voorraad", "uitverkocht"],
    pl: ["niedostępny", "brak w magazynie"],
  },
};

/** What one check saw, as the fetcher reports it. */
export interface FetchedLink {
  /** Every address asked, in order: the offer's, then each redirect's. */
  urls: string[];
  /** The last answer's status; null when none came. */
  status: number | null;
  /** Why no usable answer came (time-out, refused address, TLS, loop...), in plain words. */
  error: string | null;
  /** The final page's text as read (at most the body cap), for a 2xx answer that is a page. */
  body: string | null;
  durationMs: number;
}

/** One check, as stored and shown (OfferCheck without its time). */
export interface CheckResult {
  outcome: CheckOutcome;
  httpStatus: number | null;
  finalUrl: string | null;
  detail: string | null;
  durationMs: number;
}

/** A host as two addresses are compared by: lower case, without a leading `www.`, with a port other than the scheme's. */
export function siteOf(url: string): string {
  return new URL(url).host.toLowerCase().replace(/^www\./, "");
}

export function sameSite(a: string, b: string): boolean {
  return siteOf(a) === siteOf(b);
}

// Nothing, or one segment naming a language or a locale (/es, /en-gb, /pt_BR, /zh-hans), then an index file at most.
const LOCALE_PATH = /^\/(?:[a-z]{2}(?:[-_](?:[a-z]{2}|[a-z]{4}))?(?:\/|$))?(?:index\.(?:html?|php))?$/i;
// Query parameters a shop adds to any page, its home page included.
const NEUTRAL_PARAMETER = /^(?:utm_\w+|ref|tag|lang|language|locale|country|currency|gclid|fbclid|msclkid|srsltid)$/i;

/**
 * A retailer's home page: the path `/` or a single locale segment (`/es`, `/en-gb`), optionally
 * `index.html`, with no query but tracking and language parameters. Where a dead product page
 * sends visitors.
 */
export function isHomePage(url: string): boolean {
  const parsed = new URL(url);
  if (!LOCALE_PATH.test(parsed.pathname)) return false;
  return [...parsed.searchParams.keys()].every((key) => NEUTRAL_PARAMETER.test(key));
}

const isSuccess = (status: number | null): status is number => status !== null && status >= 200 && status < 300;

/** The outcome of one check from what the fetcher saw and the owner's sold-out phrases. */
export function judgeCheck(fetched: FetchedLink, phrases: readonly string[]): CheckResult {
  const first = fetched.urls[0] ?? null;
  const finalUrl = fetched.urls.at(-1) ?? null;
  const result = (outcome: CheckOutcome, detail: string | null): CheckResult => ({
    outcome,
    httpStatus: fetched.status,
    finalUrl,
    detail,
    durationMs: Math.max(0, Math.round(fetched.durationMs)),
  });
  if (fetched.error !== null) return result("failed", fetched.error);
  if (!isSuccess(fetched.status) || first === null || finalUrl === null) {
    const status = fetched.status;
    if (status !== null && status >= 300 && status < 400)
      return result("failed", checkDetail("no_location", { status }));
    return result("failed", status === null ? checkDetail("no_answer") : checkDetail("http", { status }));
  }
  const redirects = fetched.urls.length - 1;
  if (redirects > 0) {
    if (!sameSite(first, finalUrl)) return result("failed", checkDetail("other_site", { host: siteOf(finalUrl) }));
    if (isHomePage(finalUrl) && !isHomePage(first)) return result("failed", checkDetail("home_page"));
  }
  if (fetched.body !== null) {
    const stock = stockVerdict(readPage(fetched.body), phrases);
    if (stock.outOfStock) return result("out_of_stock", stock.detail);
  }
  if (redirects > 0) {
    const values = { status: fetched.status, count: redirects };
    return result("redirected", checkDetail(redirects === 1 ? "redirected_one" : "redirected_other", values));
  }
  return result("ok", checkDetail("http", { status: fetched.status }));
}

export interface OfferHealthState {
  status: OfferStatus;
  /** Failed checks in a row. */
  failures: number;
}

/** Failed checks in a row that make an offer broken: one failure may be the retailer's bad minute. */
export const FAILURES_TO_BREAK = 2;

/**
 * The offer's health after a check: a usable answer sets it at once and forgets earlier failures; a
 * failure counts, and only the second in a row calls the link broken (the first keeps the status).
 */
export function nextHealth(current: OfferHealthState, outcome: CheckOutcome): OfferHealthState {
  if (outcome !== "failed") return { status: outcome, failures: 0 };
  const failures = current.failures + 1;
  return { status: failures >= FAILURES_TO_BREAK ? "broken" : current.status, failures };
}

/** Statuses that count as a problem in a run's figures. */
export function isProblem(status: OfferStatus): boolean {
  return status === "broken" || status === "out_of_stock";
}

/**
 * The owner's phrases as stored: trimmed, inner spaces collapsed, shorter than two characters
 * dropped, and each phrase once per language (compared without regard to case, as they are matched).
 */
export function normalizeSettings(input: LinkCheckSettings): LinkCheckSettings {
  const clean = (phrases: readonly string[]) => {
    const seen = new Set<string>();
    const kept: string[] = [];
    for (const raw of phrases) {
      const phrase = raw.normalize("NFC").trim().replace(/\s+/g, " ");
      const key = phrase.toLowerCase();
      if (phrase.length < 2 || seen.has(key)) continue;
      seen.add(key);
      kept.push(phrase);
    }
    return kept;
  };
  const phrases = input.outOfStockPhrases;
  return {
    intervalHours: input.intervalHours,
    outOfStockPhrases: {
      en: clean(phrases.en),
      es: clean(phrases.es),
      de: clean(phrases.de),
      nl: clean(phrases.nl),
      pl: clean(phrases.pl),
    },
  };
}

/**
 * Every language's phrases, for one page: retailers' pages often declare no language or the wrong
 * one, and a Dutch phrase is no false alarm on a Spanish page.
 */
export function allPhrases(settings: LinkCheckSettings): string[] {
  return Object.values(settings.outOfStockPhrases).flat();
}

const MARKET_LANGUAGE: Record<string, string> = {
  DE: "de-DE,de;q=0.9,en;q=0.5",
  AT: "de-AT,de;q=0.9,en;q=0.5",
  ES: "es-ES,es;q=0.9,en;q=0.5",
  NL: "nl-NL,nl;q=0.9,en;q=0.5",
  PL: "pl-PL,pl;q=0.9,en;q=0.5",
};

/** The Accept-Language a visitor of the offer's market would send, so the shop answers as it would answer them. */
export function acceptLanguageFor(market: string): string {
  return MARKET_LANGUAGE[market] ?? "en-US,en;q=0.9";
}

/**
 * When the next scheduled run of every offer is due: an interval after the last run ended, or after
 * `now` (the first start) when none ever did. Never at start on a fresh site: its demo offers point
 * at example domains, and checking them at once would call every one of them failed.
 */
export function nextScheduledRun(lastRunEnd: Date | null, now: Date, intervalHours: number): Date {
  return new Date((lastRunEnd ?? now).getTime() + intervalHours * 3_600_000);
}

/** A duration as the admin reads it: `10 s`, `1.5 s`, `250 ms`. */
export function seconds(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const value = ms / 1000;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} s`;
}
