import type { Product } from "./products.js";
import { CONCEPTS, fold, healthTopics, STOP_WORDS, terms, words } from "./text.js";

// Words too common in this catalogue to identify a product, or to say what one is for, by themselves.
const GENERIC = new Set([
  "resveratrol",
  "trans",
  "pure",
  "supplement",
  "capsules",
  "support",
  "apoyo",
  "health",
  "salud",
  "users",
  "usuarios",
  "people",
  "personas",
  "quienes",
  "and",
  "y",
  "plus",
]);

const wordSet = (text: string) => new Set(words(fold(text)));

function distinctive(text: string): string[] {
  return words(fold(text)).filter((w) => !GENERIC.has(w) && !STOP_WORDS.has(w) && (w.length >= 3 || /\d/.test(w)));
}

/** Whether the message has the word or a close inflection of it (athlete ~ athletes), for words of 4+ letters. */
function mentions(messageWords: Set<string>, word: string): boolean {
  if (messageWords.has(word)) return true;
  if (word.length < 4) return false;
  for (const candidate of messageWords) {
    if (candidate.length < 4 || Math.abs(candidate.length - word.length) > 2) continue;
    if (candidate.startsWith(word) || word.startsWith(candidate)) return true;
  }
  return false;
}

/** Whether the message names the product: its whole name, or two of its distinctive words (one if it has one). */
export function namesProduct(message: string, product: Pick<Product, "name">): boolean {
  const messageWords = wordSet(message);
  const nameWords = distinctive(product.name);
  const nameHits = nameWords.filter((w) => messageWords.has(w)).length;
  return (
    fold(message).includes(fold(product.name)) || (nameWords.length > 0 && nameHits >= Math.min(2, nameWords.length))
  );
}

/** Whether the message names the product's brand: in whole, or its first distinctive word. */
export function namesBrand(message: string, product: Pick<Product, "brand">): boolean {
  const brandWords = distinctive(product.brand);
  return (
    fold(message).includes(fold(product.brand)) || (brandWords[0] !== undefined && wordSet(message).has(brandWords[0]))
  );
}

/** The concepts of a text (text.ts, CONCEPTS) that say what a product is for: "Eye and vision support" → eye. */
function conceptsOf(text: string): Set<string> {
  return new Set(terms(text).filter((term) => Object.hasOwn(CONCEPTS, term)));
}

/** Whether what the product is best for is one of these health topics ("Heart health support" is heart). */
export function madeFor(product: Pick<Product, "bestFor">, topics: ReadonlySet<string>): boolean {
  return [...healthTopics(product.bestFor)].some((topic) => topics.has(topic));
}

/**
 * The product score of a message: name +10, brand +8, bestFor +6 (the message says it, one of its
 * words, or one of its concepts: "ojos" is the "vision" of "Eye and vision support"), each concept in
 * both the message and bestFor +3, "mg" in the message with a potency +2.
 */
export function keywordScore(message: string, product: Product): number {
  const text = fold(message);
  const messageTerms = new Set(terms(message));
  let score = 0;

  if (namesProduct(message, product)) score += 10;
  if (namesBrand(message, product)) score += 8;

  const bestFor = fold(product.bestFor);
  const bestForTerms = terms(product.bestFor).filter((w) => !GENERIC.has(w) && (w.length >= 3 || /\d/.test(w)));
  if (text.includes(bestFor) || bestForTerms.some((w) => mentions(messageTerms, w))) score += 6;

  for (const shared of conceptsOf(product.bestFor)) if (messageTerms.has(shared)) score += 3;

  if (messageTerms.has("mg") && product.potency) score += 2;
  return score;
}
