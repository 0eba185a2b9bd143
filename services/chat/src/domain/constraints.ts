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
const MONEY_AFTER = String.raw`\s*(?:\$|€|usd|eur|dollars?|dolares?|euros?)`;
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

/** The bounds a question names, e.g. "the cheapest with at least 500 mg" or "menos de 30 € y hasta 1 g". */
export function parseConstraints(message: string): Constraints {
  const text = fold(message);
  const found: Constraints = {};
  const each = (pattern: string, use: (match: RegExpExecArray) => void) => {
    for (const match of text.matchAll(new RegExp(pattern, "g"))) use(match as RegExpExecArray);
  };
  each(`${AT_LEAST}\\s*${NUMBER}${MG}`, (m) => (found.minMg = milligrams(m[1]!, m[2]!)));
  each(`${NUMBER}${MG}${OR_MORE}`, (m) => (found.minMg = milligrams(m[1]!, m[2]!)));
  each(`${AT_MOST}\\s*${NUMBER}${MG}`, (m) => (found.maxMg = milligrams(m[1]!, m[2]!)));
  each(`${NUMBER}${MG}${OR_LESS}`, (m) => (found.maxMg = milligrams(m[1]!, m[2]!)));
  for (const money of [`${MONEY_BEFORE}${NUMBER}`, `${NUMBER}${MONEY_AFTER}`]) {
    each(`${AT_LEAST}\\s*${money}`, (m) => (found.minPrice = amount(m[1]!)));
    each(`${money}${OR_MORE}`, (m) => (found.minPrice = amount(m[1]!)));
    each(`${AT_MOST}\\s*${money}`, (m) => (found.maxPrice = amount(m[1]!)));
    each(`${money}${OR_LESS}`, (m) => (found.maxPrice = amount(m[1]!)));
  }
  return found;
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
