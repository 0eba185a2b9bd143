import { potencyMg } from "@rsv/api/product-rules";
import type { Product } from "./products.js";
import { fold } from "./text.js";

/** Bounds a question sets on potency (mg) and price, in English or Spanish. */
export interface Constraints {
  minMg?: number;
  maxMg?: number;
  minPrice?: number;
  maxPrice?: number;
}

const NUMBER = String.raw`(\d+(?:[.,]\d+)*)`;
const MG = String.raw`\s*(mg|miligramos?|milligrams?|g|gramos?|grams?)\b`;
const MONEY_BEFORE = String.raw`(?:\$|€|us\$|usd\s*|eur\s*)\s*`;
// The longer word first: "euros" whole, not "eur" and a stray "os".
const MONEY_AFTER = String.raw`\s*(?:\$|€|usd|euros?|eur|dollars?|dolares?)`;
// Words before an amount that bound it from below or above.
// "no more than" bounds from above, so "more than" after "no" is not a lower bound.
const AT_LEAST = String.raw`(?<!\bno )(?:at least|minimum(?: of)?|min\.?|over|more than|above|greater than|no less than|al menos|por lo menos|como minimo|minimo(?: de)?|mas de|superior a|desde|>=?|≥)`;
const AT_MOST = String.raw`(?<!\bno )(?:at most|maximum(?: of)?|max\.?|up to|under|below|less than|no more than|cheaper than|como maximo|maximo(?: de)?|hasta|menos de|por debajo de|inferior a|no mas de|<=?|≤)`;
// Words after an amount: "500 mg or more", "30 € o menos".
const OR_MORE = String.raw`\s*(?:or more|or higher|or above|o mas|como minimo|\+)`;
const OR_LESS = String.raw`\s*(?:or less|or under|or lower|o menos|como maximo)`;

/** A number as written in either language: "1,000" and "1.000" are a thousand, "2,5" and "2.5" two and a half. */
function amount(text: string): number {
  if (/^\d{1,3}([.,]\d{3})+$/.test(text)) return Number(text.replace(/[.,]/g, ""));
  return Number(text.replace(",", "."));
}

const milligrams = (value: string, unit: string) => amount(value) * (/^(g|gramos?|grams?)$/.test(unit) ? 1000 : 1);

type Bound = [pattern: string, set: (found: Constraints, match: RegExpExecArray) => void];

const BOUNDS: Bound[] = [
  [`${AT_LEAST}\\s*${NUMBER}${MG}`, (found, m) => (found.minMg = milligrams(m[1]!, m[2]!))],
  [`${NUMBER}${MG}${OR_MORE}`, (found, m) => (found.minMg = milligrams(m[1]!, m[2]!))],
  [`${AT_MOST}\\s*${NUMBER}${MG}`, (found, m) => (found.maxMg = milligrams(m[1]!, m[2]!))],
  [`${NUMBER}${MG}${OR_LESS}`, (found, m) => (found.maxMg = milligrams(m[1]!, m[2]!))],
  ...[`${MONEY_BEFORE}${NUMBER}`, `${NUMBER}${MONEY_AFTER}`].flatMap((money): Bound[] => [
    [`${AT_LEAST}\\s*${money}`, (found, m) => (found.minPrice = amount(m[1]!))],
    [`${money}${OR_MORE}`, (found, m) => (found.minPrice = amount(m[1]!))],
    [`${AT_MOST}\\s*${money}`, (found, m) => (found.maxPrice = amount(m[1]!))],
    [`${money}${OR_LESS}`, (found, m) => (found.maxPrice = amount(m[1]!))],
  ]),
];

/** The bounds a question names, e.g. "the cheapest with at least 500 mg" or "menos de 30 € y hasta 1 g". */
export function parseConstraints(message: string): Constraints {
  const text = fold(message);
  const found: Constraints = {};
  for (const [pattern, set] of BOUNDS) {
    for (const match of text.matchAll(new RegExp(pattern, "g"))) set(found, match as RegExpExecArray);
  }
  return found;
}

/**
 * The question without its bounds, folded: what it asks about. "best resveratrol under $30" asks for the
 * best; searched whole, "under" and "30" found a sentence about "well under" and one about "30 days".
 */
export function withoutConstraints(message: string): string {
  return BOUNDS.reduce((text, [pattern]) => text.replace(new RegExp(pattern, "g"), " "), fold(message));
}

export function hasConstraints(constraints: Constraints): boolean {
  return Object.keys(constraints).length > 0;
}

/** The products within every bound; a product whose potency cannot be read fails a potency bound. */
export function withinConstraints(products: readonly Product[], constraints: Constraints): Product[] {
  return products.filter((product) => {
    const mg = potencyMg(product.potency);
    const price = Number(product.price);
    if (constraints.minMg !== undefined && (mg === null || mg < constraints.minMg)) return false;
    if (constraints.maxMg !== undefined && (mg === null || mg > constraints.maxMg)) return false;
    if (constraints.minPrice !== undefined && price < constraints.minPrice) return false;
    if (constraints.maxPrice !== undefined && price > constraints.maxPrice) return false;
    return true;
  });
}
