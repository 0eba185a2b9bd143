import type { PublicOffer } from "@rsv/api/client";
import { bestOffer, offersForVisitor } from "@rsv/api/offer-rules";

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
