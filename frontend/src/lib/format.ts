import type { Lang } from "../routes.js";

/** The locale each page language formats numbers in. */
export const numberLocale: Record<Lang, string> = { en: "en-US", es: "es-ES" };

// Building an Intl formatter costs far more than formatting with one: one per language and currency, made
// once. Currencies come from offers (a handful of ISO codes), so the map stays small.
const priceFormats = new Map<string, (amount: number) => string>();

function priceFormat(currency: string, lang: Lang, cents: boolean): (amount: number) => string {
  const key = `${lang}:${currency}:${cents}`;
  let format = priceFormats.get(key);
  if (!format) {
    const digits = cents ? {} : { minimumFractionDigits: 0, maximumFractionDigits: 0 };
    try {
      const intl = new Intl.NumberFormat(numberLocale[lang], { style: "currency", currency, ...digits });
      format = (amount) => intl.format(amount);
    } catch {
      // Not a well-formed code (the contract allows none, but a page must still render): the amount and the code.
      const intl = new Intl.NumberFormat(numberLocale[lang], {
        minimumFractionDigits: cents ? 2 : 0,
        maximumFractionDigits: cents ? 2 : 0,
      });
      format = (amount) => `${intl.format(amount)} ${currency}`;
    }
    priceFormats.set(key, format);
  }
  return format;
}

/**
 * A price as the page's readers write it, in the currency it is asked in: `€59.90` on English pages,
 * `59,90 €` on Spanish ones. Prices travel as decimal strings (`"59.90"`); anything unreadable is 0.
 */
export function formatPrice(amount: string | number, currency: string, lang: Lang): string {
  return priceFormat(currency.trim().toUpperCase(), lang, true)(Number(amount) || 0);
}

/** A round amount without cents, for bounds such as "Under $25" and "Menos de 25 €". */
export function formatWholePrice(amount: number, currency: string, lang: Lang): string {
  return priceFormat(currency.trim().toUpperCase(), lang, false)(amount);
}

const regionNames = new Map<Lang, Intl.DisplayNames>();

/** A country's name in the language given ("United States", "Estados Unidos"); the code itself when it names none. */
export function countryName(code: string, lang: Lang): string {
  let names = regionNames.get(lang);
  if (!names) regionNames.set(lang, (names = new Intl.DisplayNames([numberLocale[lang]], { type: "region" })));
  try {
    return names.of(code) ?? code;
  } catch {
    // Not a region code at all (DisplayNames throws on a malformed one).
    return code;
  }
}
