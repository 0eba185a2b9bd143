import type { Product } from "./product.js";

const MARKET_LINK = {
  DE: "affiliateLinkDe",
  ES: "affiliateLinkEs",
  NL: "affiliateLinkNl",
  PL: "affiliateLinkPl",
} as const satisfies Record<string, keyof Product>;

type Market = keyof typeof MARKET_LINK;
const LANGUAGE_MARKET: Record<string, Market> = { de: "DE", es: "ES", nl: "NL", pl: "PL" };

function isMarket(code: string): code is Market {
  return code in MARKET_LINK;
}

/**
 * The visitor's country: a two-letter code the edge passes on (X-Country), else the region or
 * language of their first Accept-Language entry.
 */
export function visitorCountry(countryHeader: string | undefined, acceptLanguage: string | undefined): string | null {
  const direct = countryHeader?.trim().toUpperCase();
  if (direct && /^[A-Z]{2}$/.test(direct)) return direct;
  const first = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim();
  if (!first || first === "*") return null;
  const [language, region] = first.split("-");
  if (region && /^[a-z]{2}$/i.test(region)) return region.toUpperCase();
  return language ? (LANGUAGE_MARKET[language.toLowerCase()] ?? null) : null;
}

/** Only links stored on the product are ever chosen, so the redirect cannot be pointed elsewhere. */
export function affiliateTarget(product: Product, country: string | null): string {
  if (country && isMarket(country)) {
    const link = product[MARKET_LINK[country]];
    if (link) return link;
  }
  return product.affiliateLink;
}
