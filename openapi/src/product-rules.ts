import type { PriceRange, Product, ProductSort } from "./client.js";
import { bestOffer, defaultCurrency, DEFAULT_MARKET } from "./offer-rules.js";

/**
 * Rules about products that the catalog service, the chat service and the front end all apply, so a
 * list sorted on the server, one sorted in the browser and the chat's answers can never disagree.
 */

/** Every sort the contract accepts, in the order the comparison selector offers them. */
export const productSorts = [
  "placement",
  "rating",
  "price-asc",
  "price-desc",
  "popularity",
  "potency",
] as const satisfies readonly ProductSort[];

/** Every price range of the contract, cheapest first. */
export const priceRanges = ["under-25", "25-35", "over-35"] as const satisfies readonly PriceRange[];

// A sort or range added to the contract and missing above fails to compile here.
const everySort: Record<ProductSort, true> = Object.fromEntries(productSorts.map((s) => [s, true])) as Record<
  ProductSort,
  true
>;
const everyRange: Record<PriceRange, true> = Object.fromEntries(priceRanges.map((r) => [r, true])) as Record<
  PriceRange,
  true
>;

export function isProductSort(value: unknown): value is ProductSort {
  return typeof value === "string" && Object.hasOwn(everySort, value);
}

export function isPriceRange(value: unknown): value is PriceRange {
  return typeof value === "string" && Object.hasOwn(everyRange, value);
}

const NUMBER = String.raw`\d+(?:[.,]\d+)*`;
// Each unit's names, English and Spanish, and the power of ten that turns it into milligrams.
const UNITS = [
  { names: ["mg", "milligram", "milligrams", "miligramo", "miligramos"], exponent: 0 },
  { names: ["mcg", "µg", "μg", "ug", "microgram", "micrograms", "microgramo", "microgramos"], exponent: -3 },
  { names: ["g", "gr", "gram", "grams", "gramo", "gramos"], exponent: 3 },
];
const UNIT_NAMES = UNITS.flatMap((unit) => unit.names).sort((a, b) => b.length - a.length);
// An optional count ("2 x"), the number, an optional upper end ("-500") and a unit that ends the word.
const QUANTITY = new RegExp(
  String.raw`(?:(\d+)\s*[x×]\s*)?(${NUMBER})(?:\s*[-–]\s*${NUMBER})?\s*(${UNIT_NAMES.join("|")})(?!\p{L})`,
  "iu",
);
const BARE_NUMBER = new RegExp(String.raw`^\s*(${NUMBER})\s*$`);

/**
 * A number as an owner types it in English or Spanish, as a plain decimal string ("1000.5"), or null.
 * With both marks the last one is the decimal mark ("1,000.5", "1.000,5"); a mark repeated is a
 * thousands separator ("1,000,000"); a single mark followed by exactly three digits after a whole part
 * of one to three digits other than 0 is a thousands separator ("1,000", "1.000"), any other single
 * mark a decimal one ("2,5", "2.5", "0.250", "1000.5").
 */
function readNumber(text: string): string | null {
  const marks = text.replace(/\d/g, "");
  if (marks === "") return text;
  const decimal = marks.includes(",") && marks.includes(".") ? marks.at(-1)! : null;
  if (decimal !== null && marks.indexOf(decimal) !== marks.length - 1) return null;
  const [whole, fraction] = decimal === null ? [text, undefined] : splitLast(text, decimal);
  const groups = whole.split(/[.,]/);
  const thousands =
    groups.length > 2 || decimal !== null || (/^[1-9]\d{0,2}$/.test(groups[0]!) && groups[1]?.length === 3);
  if (!thousands) return groups.join(".");
  if (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => g.length !== 3)) return null;
  return fraction === undefined ? groups.join("") : `${groups.join("")}.${fraction}`;
}

function splitLast(text: string, mark: string): [string, string] {
  const at = text.lastIndexOf(mark);
  return [text.slice(0, at), text.slice(at + 1)];
}

/**
 * The milligrams a potency label stands for, or null when it names none. The one reading of a potency
 * for sorting, facets, filters, cost per mg and the chat's answers:
 * - the first quantity with a mass unit counts, whatever surrounds it ("Trans-resveratrol 98% 500 mg",
 *   "250 mg per capsule", "500 mg por cápsula"); a label that is only a number is in mg ("500");
 * - mg, g (×1000) and mcg/µg (÷1000), in English or Spanish words too ("1 g", "2 gramos");
 * - numbers as owners type them in either language (see readNumber): "1,000 mg" and "1.000 mg" are
 *   1000, "2,5 mg" and "2.5 mg" are 2.5, "1,000.5 mg" and "1.000,5 mg" are 1000.5, "0,125 g" is 125;
 *   so "1.250 mg" is 1250 (write 1.25 mg);
 * - a count multiplies ("2 x 250 mg" is 500); a range reads as its lower end ("250-500 mg" is 250);
 * - zero, and labels without a number ("capsules"), are null.
 */
export function potencyMg(potency: string | null | undefined): number | null {
  if (!potency) return null;
  const quantity = QUANTITY.exec(potency);
  const [count, number, unit] = quantity
    ? [quantity[1], quantity[2]!, quantity[3]!]
    : [undefined, BARE_NUMBER.exec(potency)?.[1], "mg"];
  if (number === undefined) return null;
  const decimal = readNumber(number);
  const exponent = UNITS.find((u) => u.names.includes(unit.toLowerCase()))?.exponent;
  if (decimal === null || exponent === undefined) return null;
  const mg = Number(`${decimal}e${exponent}`) * (count === undefined ? 1 : Number(count));
  return Number.isFinite(mg) && mg > 0 ? mg : null;
}

/** Price over the milligrams of the potency: what one mg costs, or null without a potency. */
export function costPerMg(product: Pick<Product, "price" | "potency">): number | null {
  const mg = potencyMg(product.potency);
  const price = Number(product.price);
  return mg === null || !Number.isFinite(price) ? null : price / mg;
}

/** Where the price ranges meet: under the first, from the first to the second inclusive, over the second. */
export const PRICE_BOUNDS = { low: 25, high: 35 } as const;

/** Under 25, 25 to 35 inclusive, over 35, in whatever currency the price is in. */
export function priceRange(price: string | number): PriceRange {
  const value = Number(price);
  if (value < PRICE_BOUNDS.low) return "under-25";
  if (value <= PRICE_BOUNDS.high) return "25-35";
  return "over-35";
}

/** A price as a page shows it: an amount in a currency. */
export interface ShownPrice {
  amount: number;
  currency: string;
}

/**
 * How price sorts and price ranges read products: the price each one is shown at, and the currency the
 * ranges are in and whose prices sort first. Amounts in different currencies are never compared.
 */
export interface Pricing<T> {
  shown(product: T): ShownPrice | null;
  currency: string;
}

/** The least a product needs to be priced for a visitor (see offer-rules). */
export type Offered = Pick<Product, "offers" | "preferredRetailer">;

/**
 * Pricing as a visitor from this country sees the products: each at the offer its buy button leads to
 * (none without a usable offer), the ranges in the currency most of them are shown in (see pricingBy).
 */
export function visitorPricing<T extends Offered>(products: readonly T[], country: string | null): Pricing<T> {
  const prices = new Map<T, ShownPrice | null>();
  const shown = (product: T): ShownPrice | null => {
    if (!prices.has(product)) {
      const offer = bestOffer(product.offers, country, product.preferredRetailer);
      prices.set(product, offer ? { amount: Number(offer.price), currency: offer.currency } : null);
    }
    return prices.get(product)!;
  };
  return pricingBy(products, shown, country);
}

/**
 * Pricing that reads each product's price with `shown`. Its ranges are in the usual currency of the
 * visitor's market when any product is shown in it (a visitor from Spain thinks in euros even where
 * more products are only sold elsewhere), else in the currency most products are shown in (the first
 * alphabetically on a tie).
 */
export function pricingBy<T>(
  products: readonly T[],
  shown: (product: T) => ShownPrice | null,
  country: string | null,
): Pricing<T> {
  const counts = new Map<string, number>();
  for (const product of products) {
    const price = shown(product);
    if (price) counts.set(price.currency, (counts.get(price.currency) ?? 0) + 1);
  }
  const usual = defaultCurrency(country ?? DEFAULT_MARKET);
  if (counts.has(usual) || counts.size === 0) return { shown, currency: usual };
  const [[currency]] = [...counts].sort(([a, m], [b, n]) => n - m || a.localeCompare(b)) as [[string, number]];
  return { shown, currency };
}

/** Pricing by the catalogue's own price, in US dollars: for lists priced before they are sorted. */
export const cataloguePricing: Pricing<Pick<Product, "price">> = {
  shown: (product) => ({ amount: Number(product.price), currency: "USD" }),
  currency: "USD",
};

/** The range of a product's price in the pricing's currency; null when it is shown in another or not at all. */
export function productPriceRange<T>(product: T, pricing: Pricing<T>): PriceRange | null {
  const price = pricing.shown(product);
  return price && price.currency === pricing.currency ? priceRange(price.amount) : null;
}

type Sortable = Pick<Product, "id" | "placement" | "rating" | "price" | "potency" | "reviewCount">;

// Prices in the pricing's currency first, then those in other currencies (grouped by currency), then
// products with no price; within a currency cheapest first, or dearest first when descending.
function byPrice<T>(pricing: Pricing<T>, direction: 1 | -1): (a: T, b: T) => number {
  const group = (price: ShownPrice | null) => (price === null ? 2 : price.currency === pricing.currency ? 0 : 1);
  return (a, b) => {
    const [x, y] = [pricing.shown(a), pricing.shown(b)];
    if (x === null || y === null || group(x) !== group(y)) return group(x) - group(y);
    return x.currency.localeCompare(y.currency) || direction * (x.amount - y.amount);
  };
}

function comparators<T extends Sortable>(pricing: Pricing<T>): Record<ProductSort, (a: T, b: T) => number> {
  return {
    // Ranked products first by rank; the unranked after them, best rated first.
    placement: (a, b) => {
      if (a.placement != null && b.placement != null) return a.placement - b.placement;
      if (a.placement != null) return -1;
      if (b.placement != null) return 1;
      return Number(b.rating) - Number(a.rating);
    },
    rating: (a, b) => Number(b.rating) - Number(a.rating),
    "price-asc": byPrice(pricing, 1),
    "price-desc": byPrice(pricing, -1),
    potency: (a, b) => (potencyMg(b.potency) ?? 0) - (potencyMg(a.potency) ?? 0),
    popularity: (a, b) => b.reviewCount - a.reviewCount,
  };
}

/**
 * The order of a sort; ties follow the ranking (placement), then id, so every list agrees. Price sorts
 * read prices by the pricing given, the catalogue's own price without one.
 */
export function productOrder<T extends Sortable>(
  sort: ProductSort = "placement",
  pricing?: Pricing<T>,
): (a: T, b: T) => number {
  const compare = comparators<T>(pricing ?? cataloguePricing);
  return (a, b) => compare[sort](a, b) || compare.placement(a, b) || a.id - b.id;
}

/** A sorted copy. */
export function sortProducts<T extends Sortable>(
  products: readonly T[],
  sort: ProductSort = "placement",
  pricing?: Pricing<T>,
): T[] {
  return [...products].sort(productOrder(sort, pricing));
}
