import type { Offer, OfferInput } from "@rsv/api/client";
import { defaultCurrency, isKnownCurrency, isKnownMarket } from "@rsv/api/offer-rules";
import type { ErrorDetail } from "../api/hooks.js";
import { priceText } from "../ui/decimal.js";

/** The offer form as typed: every value a string. */
export interface OfferDraft {
  productId: string;
  retailer: string;
  market: string;
  url: string;
  price: string;
  currency: string;
  packSize: string;
}

export type OfferField = keyof OfferDraft;

export const offerFields: readonly OfferField[] = [
  "productId",
  "retailer",
  "market",
  "url",
  "price",
  "currency",
  "packSize",
];

/** Markets the form suggests; any two-letter country code is accepted. */
export const suggestedMarkets = ["default", "ES", "DE", "NL", "PL", "FR", "IT", "PT", "GB", "US"] as const;

export function emptyOfferDraft(productId?: number): OfferDraft {
  return {
    productId: productId === undefined ? "" : String(productId),
    retailer: "",
    market: "default",
    url: "",
    price: "",
    currency: defaultCurrency("default"),
    packSize: "",
  };
}

export function draftFromOffer(offer: Offer): OfferDraft {
  return {
    productId: String(offer.productId),
    retailer: offer.retailer,
    market: offer.market,
    url: offer.url,
    price: offer.price,
    currency: offer.currency,
    packSize: offer.packSize === null ? "" : String(offer.packSize),
  };
}

/** A market as the contract stores it: `default`, or a country code in capitals. */
export function normalMarket(market: string): string {
  const trimmed = market.trim();
  return trimmed.toLowerCase() === "default" ? "default" : trimmed.toUpperCase();
}

/**
 * The draft after the owner changes the market: the currency follows the market's own while it is
 * still the previous market's default (or empty); a currency the owner chose stays.
 */
export function withMarket(draft: OfferDraft, market: string): OfferDraft {
  const previousDefault = defaultCurrency(normalMarket(draft.market));
  const currency = draft.currency.trim().toUpperCase();
  const follows = currency === "" || currency === previousDefault;
  return { ...draft, market, currency: follows ? defaultCurrency(normalMarket(market)) : draft.currency };
}

/** Keys of the admin copy's messages for what the form can tell before sending. */
export type OfferError =
  | "productRequired"
  | "retailerRequired"
  | "marketInvalid"
  | "urlInvalid"
  | "priceInvalid"
  | "currencyInvalid"
  | "packSizeInvalid";

function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/\S+$/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** The contract's rules for an offer, checked before sending so each field can say what is wrong. */
export function validateOffer(draft: OfferDraft): Partial<Record<OfferField, OfferError>> {
  const errors: Partial<Record<OfferField, OfferError>> = {};
  if (!/^\d+$/.test(draft.productId) || Number(draft.productId) < 1) errors.productId = "productRequired";
  if (!draft.retailer.trim() || draft.retailer.trim().length > 100) errors.retailer = "retailerRequired";
  if (!isKnownMarket(normalMarket(draft.market))) errors.market = "marketInvalid";
  if (!isWebAddress(draft.url.trim()) || draft.url.trim().length > 2048) errors.url = "urlInvalid";
  if (priceText(draft.price) === null) errors.price = "priceInvalid";
  if (draft.currency.trim() && !isKnownCurrency(draft.currency.trim().toUpperCase()))
    errors.currency = "currencyInvalid";
  const pack = draft.packSize.trim();
  if (pack && !(/^\d+$/.test(pack) && Number(pack) >= 1 && Number(pack) <= 100_000))
    errors.packSize = "packSizeInvalid";
  return errors;
}

/** The body the contract takes; an empty currency is left to the market's default, an empty pack size is none. */
export function offerInputFromDraft(draft: OfferDraft): OfferInput {
  const currency = draft.currency.trim().toUpperCase();
  const pack = draft.packSize.trim();
  return {
    productId: Number(draft.productId),
    retailer: draft.retailer.trim(),
    market: normalMarket(draft.market),
    url: draft.url.trim(),
    price: priceText(draft.price) ?? draft.price.trim(),
    ...(currency ? { currency } : {}),
    packSize: pack ? Number(pack) : null,
  };
}

/**
 * The server's refusals, field by field: a detail's path names the field (`body.url`, or `url`), and its
 * message is shown beside it; the first message for a field wins.
 */
export function serverFieldErrors(details: readonly ErrorDetail[]): Partial<Record<OfferField, string>> {
  const errors: Partial<Record<OfferField, string>> = {};
  for (const detail of details) {
    const field = detail.path.replace(/^body\./, "").split(".")[0] as OfferField;
    if (offerFields.includes(field) && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}
