import type { PublicOffer } from "@rsv/api/client";
import { bestOffer, isUsable, offersForVisitor } from "@rsv/api/offer-rules";

/** What a page needs of a product to list its offers and pick the one its buy button leads to. */
export interface OfferedProduct {
  offers: PublicOffer[];
  preferredRetailer: string | null;
}

export interface VisitorOffers {
  /** The visitor's market's offers, usable ones first, each group cheapest first. */
  offers: PublicOffer[];
  /** Where `/go/{slug}` sends this visitor; undefined when no retailer has it available. */
  best: PublicOffer | undefined;
}

/**
 * The offers a visitor from this country sees and the one the buy button stands for, by the same rules
 * as the redirect (`@rsv/api/offer-rules`), so the price shown is the price of the page the visitor reaches.
 */
export function visitorOffers(product: OfferedProduct, country: string | null): VisitorOffers {
  return {
    offers: offersForVisitor(product.offers, country),
    best: bestOffer(product.offers, country, product.preferredRetailer),
  };
}

export type OfferAvailability = "https://schema.org/InStock" | "https://schema.org/OutOfStock";

/** schema.org's word for an offer: in stock while a visitor may be sent to it, out of stock otherwise. */
export function offerAvailability(offer: Pick<PublicOffer, "status">): OfferAvailability {
  return isUsable(offer) ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
}

/**
 * The offers a lowest and highest price are told from: those in the currency of the cheapest usable offer
 * (or of the cheapest one, when none is usable), since prices in different currencies do not compare. The
 * offers come in `visitorOffers` order (usable first, cheapest first).
 */
export function offersInLeadCurrency<T extends Pick<PublicOffer, "status" | "currency">>(offers: readonly T[]): T[] {
  const lead = offers.find(isUsable) ?? offers[0];
  return lead ? offers.filter((offer) => offer.currency === lead.currency) : [];
}
