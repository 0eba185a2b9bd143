import { badRequest, type ErrorDetail } from "@rsv/kit";
import type { Offer, OfferInput, OfferStatus, PublicOffer } from "@rsv/api/client";
import { DEFAULT_MARKET, defaultCurrency, isKnownCurrency, isKnownMarket } from "@rsv/api/offer-rules";
import { facetText } from "./text.js";

export type { Offer, OfferInput, OfferStatus, PublicOffer };

/** An offer as stored, before its check history is added for the admin. */
export type OfferRecord = Omit<Offer, "recentChecks">;

/** The fields the repository writes for an offer. */
export interface OfferValues {
  productId: number;
  retailer: string;
  market: string;
  url: string;
  price: string;
  currency: string;
  packSize: number | null;
}

export const PRICE_PROBLEM = "Price must be a number of at least 0 with at most 2 decimals";

/**
 * The price as an exact two-place decimal string, or null when it has more than two places. A
 * string is never read through a float, so `0.10` stays `0.10` and large prices keep every digit.
 */
export function exactPrice(price: string | number): string | null {
  if (typeof price === "number") {
    if (!Number.isFinite(price) || price < 0 || Math.round(price * 100) / 100 !== price) return null;
    return price.toFixed(2);
  }
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) return null;
  const whole = String(Number(match[1]));
  return `${whole}.${(match[2] ?? "").padEnd(2, "0")}`;
}

/**
 * Validated input as stored values: the market and currency upper-cased and known, the currency
 * the market's own when left out, the price exact. Throws 400 naming every bad field.
 */
export function normalizeOffer(input: OfferInput): OfferValues {
  const details: ErrorDetail[] = [];
  const market = input.market === DEFAULT_MARKET ? DEFAULT_MARKET : input.market.toUpperCase();
  if (!isKnownMarket(market)) details.push({ path: "body.market", message: `Unknown market ${input.market}` });
  const currency = (input.currency ?? defaultCurrency(market)).toUpperCase();
  if (!isKnownCurrency(currency))
    details.push({ path: "body.currency", message: `Unknown currency ${input.currency}` });
  const retailer = facetText(input.retailer);
  if (!retailer) details.push({ path: "body.retailer", message: "Retailer is required" });
  const price = exactPrice(input.price);
  if (price === null) details.push({ path: "body.price", message: PRICE_PROBLEM });
  if (details.length > 0) throw badRequest("Invalid offer", details);
  return {
    productId: input.productId,
    retailer,
    market,
    url: input.url.trim(),
    price: price as string,
    currency,
    packSize: input.packSize ?? null,
  };
}

/** What visitors see of an offer: no address (they follow `/go/{slug}/{id}`), no check details. */
export function toPublicOffer(offer: OfferRecord): PublicOffer {
  return {
    id: offer.id,
    retailer: offer.retailer,
    market: offer.market,
    price: offer.price,
    currency: offer.currency,
    packSize: offer.packSize,
    status: offer.health.status,
  };
}
