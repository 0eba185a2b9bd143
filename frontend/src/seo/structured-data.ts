import type { PublicOffer } from "@rsv/api/client";
import { isUsable, offersForVisitor } from "@rsv/api/offer-rules";
import type { BlogPost, ListedProduct, Product } from "../api/queries.js";
import { homePath, offerPath, reviewPath, type Lang } from "../routes.js";
import { absoluteUrl, type JsonLd } from "./head-data.js";

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbList(origin: string, crumbs: Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

export type OfferAvailability = "https://schema.org/InStock" | "https://schema.org/OutOfStock";

/** schema.org's word for an offer: in stock while a visitor may be sent to it, out of stock otherwise. */
export function offerAvailability(offer: Pick<PublicOffer, "status">): OfferAvailability {
  return isUsable(offer) ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
}

/**
 * The offers a lowest and highest price are told from: the usable ones in the currency of the cheapest
 * usable offer, since prices in different currencies do not compare and a price no one can pay is no
 * price; when none is usable, every offer in the cheapest one's currency. The offers come in
 * `visitorOffers` order (usable first, cheapest first).
 */
export function priceRangeOffers<T extends Pick<PublicOffer, "status" | "currency">>(offers: readonly T[]): T[] {
  const usable = offers.filter(isUsable);
  const pool = usable.length > 0 ? usable : offers;
  const lead = pool[0];
  return lead ? pool.filter((offer) => offer.currency === lead.currency) : [];
}

function offerJsonLd(origin: string, slug: string, offer: PublicOffer): JsonLd {
  return {
    "@type": "Offer",
    price: offer.price,
    priceCurrency: offer.currency,
    availability: offerAvailability(offer),
    url: absoluteUrl(origin, offerPath(slug, offer.id)),
    seller: { "@type": "Organization", name: offer.retailer },
  };
}

/**
 * The offers of the visitor's market, as the page lists them: one is an Offer; several an AggregateOffer
 * whose lowest and highest prices are those of the usable offers in the cheapest usable offer's currency
 * (see priceRangeOffers). Without offers there is nothing to say.
 */
export function offersJsonLd(
  origin: string,
  product: Pick<ListedProduct, "slug" | "offers">,
  country: string | null,
): JsonLd | undefined {
  // Imported from the rules, not lib/offers.ts: every page loads this module, and the lists' functions stay
  // in the chunk of the pages that list products.
  const offers = offersForVisitor(product.offers, country);
  const [only] = offers;
  if (!only) return undefined;
  if (offers.length === 1) return offerJsonLd(origin, product.slug, only);
  const lead = priceRangeOffers(offers);
  const prices = lead.map((offer) => Number(offer.price));
  return {
    "@type": "AggregateOffer",
    lowPrice: Math.min(...prices).toFixed(2),
    highPrice: Math.max(...prices).toFixed(2),
    priceCurrency: lead[0]?.currency ?? only.currency,
    offerCount: offers.length,
    offers: offers.map((offer) => offerJsonLd(origin, product.slug, offer)),
  };
}

export function productJsonLd(origin: string, product: ListedProduct, lang: Lang, country: string | null): JsonLd {
  const data: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: product.imageUrl ? absoluteUrl(origin, product.imageUrl) : undefined,
    brand: { "@type": "Brand", name: product.brand },
    url: absoluteUrl(origin, reviewPath(product.slug, lang)),
    category: "Resveratrol supplement",
    offers: offersJsonLd(origin, product, country),
  };
  if (product.reviewCount > 0) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: product.rating,
      bestRating: "5",
      worstRating: "1",
      reviewCount: product.reviewCount,
    };
  }
  return data;
}

/** The page as what it is: the site's review of the product, with the site's own rating. */
export function reviewJsonLd(origin: string, product: Product, lang: Lang, siteName: string): JsonLd {
  const url = absoluteUrl(origin, reviewPath(product.slug, lang));
  return {
    "@context": "https://schema.org",
    "@type": "Review",
    name: product.name,
    url,
    inLanguage: lang,
    author: { "@type": "Organization", name: siteName, url: absoluteUrl(origin, homePath(lang)) },
    publisher: { "@type": "Organization", name: siteName },
    reviewRating: { "@type": "Rating", ratingValue: product.rating, bestRating: "5", worstRating: "1" },
    itemReviewed: {
      "@type": "Product",
      name: product.name,
      brand: { "@type": "Brand", name: product.brand },
      image: product.imageUrl ? absoluteUrl(origin, product.imageUrl) : undefined,
      url,
    },
    reviewBody: product.description,
  };
}

export function productListJsonLd(
  origin: string,
  products: Array<Pick<Product, "slug" | "name">>,
  lang: Lang,
  name: string,
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    itemListOrder: "https://schema.org/ItemListOrderAscending",
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => ({
      "@type": "ListItem",
      position: index + 1,
      url: absoluteUrl(origin, reviewPath(product.slug, lang)),
      name: product.name,
    })),
  };
}

export function articleJsonLd(
  origin: string,
  post: BlogPost,
  path: string,
  publisher: string,
  publisherLogo?: string,
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.metaDescription ?? post.excerpt,
    image: post.imageUrl ? [absoluteUrl(origin, post.imageUrl)] : undefined,
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt,
    inLanguage: post.lang,
    keywords: post.keywords?.join(", ") || undefined,
    mainEntityOfPage: absoluteUrl(origin, path),
    author: { "@type": "Organization", name: publisher },
    publisher: {
      "@type": "Organization",
      name: publisher,
      logo: publisherLogo ? { "@type": "ImageObject", url: absoluteUrl(origin, publisherLogo) } : undefined,
    },
    about: { "@type": "Thing", name: "Resveratrol" },
  };
}

export function faqPageJsonLd(questions: { question: string; answer: string }[], lang: Lang): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: lang,
    mainEntity: questions.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}

export function websiteJsonLd(origin: string, siteName: string, description: string, lang: Lang): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: siteName,
    url: absoluteUrl(origin, lang === "es" ? "/es" : "/"),
    description,
    inLanguage: lang,
  };
}
