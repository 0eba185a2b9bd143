import type { Product } from "@rsv/api/client";
import { costPerMg } from "@rsv/api/product-rules";
import { formatPrice } from "./format.js";

export interface StarParts {
  full: number;
  half: boolean;
  empty: number;
}

/** Whole stars for the integer part, a half star when the fraction is at least .5, out of five. */
export function starParts(rating: string | number): StarParts {
  const value = Math.min(5, Math.max(0, Number(rating) || 0));
  const full = Math.floor(value);
  const half = full < 5 && value - full >= 0.5 - 1e-9;
  return { full, half, empty: 5 - full - (half ? 1 : 0) };
}

/** What one mg costs by the shared rule, to 2 decimals in the language's notation; null without a potency. */
export function costPerMgText(product: Pick<Product, "price" | "potency">, lang: "en" | "es"): string | null {
  const cost = costPerMg(product);
  return cost === null ? null : formatDecimal(cost, lang, 2);
}

/** The same cost as a price: in the currency the price is in, written as the page's language writes prices. */
export function costPerMgPrice(
  product: Pick<Product, "price" | "potency">,
  currency: string,
  lang: "en" | "es",
): string | null {
  const cost = costPerMg(product);
  return cost === null ? null : formatPrice(cost, currency, lang);
}

/** Features arrive as a list or as one newline-separated string. */
export function listOf(value: string[] | string | null | undefined): string[] {
  const items = Array.isArray(value) ? value : (value ?? "").split("\n");
  return items.map((item) => item.trim()).filter(Boolean);
}

/** A number with a fixed count of decimals, with the decimal separator of the language. */
const decimalFormats = new Map<string, Intl.NumberFormat>();

/** A figure as the page's language writes it (`4.7`, `4,7`), through Intl like every number on the site. */
export function formatDecimal(value: string | number, lang: "en" | "es", decimals = 1): string {
  const key = `${lang}:${decimals}`;
  let format = decimalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang === "es" ? "es-ES" : "en-US", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    });
    decimalFormats.set(key, format);
  }
  return format.format(Number(value) || 0);
}

// Building an Intl formatter costs far more than formatting with one: one per language, made once.
const dateFormats = {
  en: new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }),
  es: new Intl.DateTimeFormat("es-ES", { dateStyle: "long", timeZone: "UTC" }),
};

export function formatDate(iso: string | null | undefined, lang: "en" | "es"): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return dateFormats[lang].format(date);
}

// In UTC, named: the server renders it and the reader's browser hydrates it, wherever each one is.
const dateTimeFormats = {
  en: new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }),
  es: new Intl.DateTimeFormat("es-ES", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }),
};

/** A moment to the minute, as the language writes it, in UTC ("November 27, 2026 at 1:06 PM UTC"). */
export function formatDateTime(iso: string, lang: "en" | "es"): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : `${dateTimeFormats[lang].format(date)} UTC`;
}
