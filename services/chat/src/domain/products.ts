import type { ChatProduct, Product as CatalogueProduct } from "@rsv/api/client";
import { bestOffer, DEFAULT_MARKET, defaultCurrency } from "@rsv/api/offer-rules";
import { pricingBy, productOrder, type Pricing } from "@rsv/api/product-rules";

export type { ChatProduct };

/** A catalogue product, priced for the visitor's market once the route has (see inMarket). */
export type Product = CatalogueProduct & { currency?: string };

/** The currency of a product's price: the market offer's, else the catalogue's own (US dollars). */
export const currencyOf = (product: Product): string => product.currency ?? "USD";

/**
 * A product as a visitor from this country sees it on the site: the price of the offer its buy button
 * leads to, in that offer's currency (`@rsv/api/offer-rules`, the rules the pages and /go follow);
 * the catalogue's price in US dollars when no offer is usable.
 */
export function inMarket(product: Product, country: string | null): Product {
  const offer = bestOffer(product.offers, country, product.preferredRetailer);
  return offer ? { ...product, price: offer.price, currency: offer.currency } : { ...product, currency: "USD" };
}

const ASKED_CURRENCY: Array<[RegExp, string]> = [
  [/€|\beuros?\b|\beur\b/i, "EUR"],
  [/\$|\bd[oó]lar(es)?\b|\bdollars?\b|\busd\b/i, "USD"],
];

/**
 * The market to price a question in: the visitor's, unless the question asks for another currency
 * ("¿cuánto cuesta en euros?" from the US) that a market of the catalogue's offers uses: then that one,
 * or no country for the rest of the world's offers.
 */
export function pricingCountry(message: string, country: string | null, products: readonly Product[]): string | null {
  const asked = ASKED_CURRENCY.find(([pattern]) => pattern.test(message))?.[1];
  if (!asked || defaultCurrency(country ?? DEFAULT_MARKET) === asked) return country;
  const market = products.flatMap((product) => product.offers).find((offer) => offer.currency === asked)?.market;
  // The rest of the world's offers are those of a visitor of no known country.
  if (market === undefined) return country;
  return market === DEFAULT_MARKET ? null : market;
}

/**
 * Price sorts over products as inMarket priced them: each at the price the chat quotes, amounts in
 * another currency than most are quoted in after those in it, never compared with them.
 */
export function quotedPricing(products: readonly Product[], country: string | null): Pricing<Product> {
  return pricingBy(products, (product) => ({ amount: Number(product.price), currency: currencyOf(product) }), country);
}

/** The ranking every list of the site shows (the shared placement order). */
export const byRanking = productOrder("placement");

/** The site's top recommendation first (isTopRanked), then the ranking. */
export function byRecommendation(a: Product, b: Product): number {
  if (a.isTopRanked !== b.isTopRanked) return a.isTopRanked ? -1 : 1;
  return byRanking(a, b);
}

export function toCard(product: Product): ChatProduct {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    brand: product.brand,
    imageUrl: product.imageUrl,
    rating: product.rating,
    reviewCount: product.reviewCount,
    price: product.price,
    currency: currencyOf(product),
    potency: product.potency,
    bestFor: product.bestFor,
  };
}
