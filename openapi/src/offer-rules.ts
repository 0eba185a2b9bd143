import type { OfferStatus } from "./client.js";

/**
 * Which retailer's offer a visitor is sent to, and in which market: the one copy, used by the catalog
 * service's redirect and by the pages that list offers, so the button a page shows and the place
 * `/go/{slug}` sends the visitor to can never disagree.
 */

/** The least an offer needs to be chosen. */
export interface OfferChoice {
  id: number;
  retailer: string;
  market: string;
  price: string;
  status: OfferStatus;
}

/** The market of visitors from every country without offers of its own. */
export const DEFAULT_MARKET = "default";

/** Statuses a visitor may be sent to: checked and fine, moved within the retailer's site, or not checked yet. */
const USABLE: ReadonlySet<OfferStatus> = new Set(["ok", "redirected", "unchecked"]);

export function isUsable(offer: Pick<OfferChoice, "status">): boolean {
  return USABLE.has(offer.status);
}

const EURO_COUNTRIES = new Set([
  "AT",
  "BE",
  "CY",
  "DE",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PT",
  "SI",
  "SK",
]);
const NATIONAL_CURRENCY: Record<string, string> = {
  PL: "PLN",
  GB: "GBP",
  CH: "CHF",
  SE: "SEK",
  DK: "DKK",
  CZ: "CZK",
  HU: "HUF",
  NO: "NOK",
  CA: "CAD",
  AU: "AUD",
  MX: "MXN",
  US: "USD",
};

// Codes ISO 3166 leaves to private use: never a market.
const PRIVATE_USE = /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/;
// Made on first use: the public pages load these rules too and never check a market.
let regionNames: Intl.DisplayNames | undefined;
let currencies: ReadonlySet<string> | undefined;

/**
 * A market the site can target: `default`, or a country ISO 3166-1 assigns (as the runtime's ICU knows
 * them). The one check of the catalog service and the admin's offer form.
 */
export function isKnownMarket(market: string): boolean {
  if (market === DEFAULT_MARKET) return true;
  if (!/^[A-Z]{2}$/.test(market) || PRIVATE_USE.test(market)) return false;
  regionNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  return regionNames.of(market) !== market;
}

/** A currency ISO 4217 lists (as the runtime's ICU knows them). */
export function isKnownCurrency(currency: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf("currency"));
  return currencies.has(currency);
}

/** The currency an offer in this market is priced in unless the owner says otherwise. */
export function defaultCurrency(market: string): string {
  if (EURO_COUNTRIES.has(market)) return "EUR";
  return NATIONAL_CURRENCY[market] ?? "USD";
}

const LANGUAGE_COUNTRY: Record<string, string> = { de: "DE", es: "ES", nl: "NL", pl: "PL" };

/**
 * The visitor's country: a two-letter code the edge passes on (X-Country), else the region of their
 * first Accept-Language entry, else the country of a language spoken mostly in one market.
 */
export function visitorCountry(countryHeader: string | undefined, acceptLanguage: string | undefined): string | null {
  const direct = countryHeader?.trim().toUpperCase();
  if (direct && /^[A-Z]{2}$/.test(direct)) return direct;
  const first = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim();
  if (!first || first === "*") return null;
  const [language, region] = first.split("-");
  if (region && /^[a-z]{2}$/i.test(region)) return region.toUpperCase();
  return language ? (LANGUAGE_COUNTRY[language.toLowerCase()] ?? null) : null;
}

const byPrice = <T extends OfferChoice>(a: T, b: T) => Number(a.price) - Number(b.price) || a.id - b.id;

/**
 * The market whose offers a visitor from this country sees: their own when it has a usable offer,
 * else `default` when that has one; with none usable anywhere, their own market if it has offers at
 * all (to show them as unavailable), else `default`.
 */
export function visitorMarket(offers: readonly OfferChoice[], country: string | null): string {
  const own = country ? offers.filter((o) => o.market === country) : [];
  if (own.some(isUsable)) return country as string;
  if (offers.some((o) => o.market === DEFAULT_MARKET && isUsable(o))) return DEFAULT_MARKET;
  return own.length > 0 ? (country as string) : DEFAULT_MARKET;
}

/** The visitor's market's offers, usable ones first, each group cheapest first. */
export function offersForVisitor<T extends OfferChoice>(offers: readonly T[], country: string | null): T[] {
  const market = visitorMarket(offers, country);
  return offers
    .filter((o) => o.market === market)
    .sort((a, b) => Number(isUsable(b)) - Number(isUsable(a)) || byPrice(a, b));
}

/**
 * The offer `/go/{slug}` sends a visitor to: in the visitor's market, the preferred retailer's while
 * usable, else the cheapest `ok` offer, else the cheapest usable one; undefined when none is usable.
 */
export function bestOffer<T extends OfferChoice>(
  offers: readonly T[],
  country: string | null,
  preferredRetailer?: string | null,
): T | undefined {
  const usable = offersForVisitor(offers, country).filter(isUsable);
  const preferred = preferredRetailer?.trim().toLowerCase();
  const pinned = preferred ? usable.filter((o) => o.retailer.trim().toLowerCase() === preferred) : [];
  const pool = pinned.length > 0 ? pinned : usable;
  return pool.find((o) => o.status === "ok") ?? pool[0];
}
