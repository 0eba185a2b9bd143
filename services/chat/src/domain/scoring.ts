import type { Product } from "./products.js";
import { fold, STOP_WORDS, words } from "./text.js";

/** The listed keywords (+3 each when in both the message and bestFor), English and Spanish. */
export const LISTED_KEYWORDS = [
  "longevity",
  "aging",
  "heart",
  "cardio",
  "brain",
  "memory",
  "energy",
  "athlete",
  "athletes",
  "active",
  "performance",
  "endurance",
  "exercise",
  "eye",
  "eyes",
  "vision",
  "skin",
  "nad",
  "beginner",
  "beginners",
  "budget",
  "absorption",
  "premium",
  "daily",
  "experienced",
  "dose",
  "longevidad",
  "envejecimiento",
  "corazon",
  "cerebro",
  "memoria",
  "energia",
  "deportistas",
  "activas",
  "rendimiento",
  "resistencia",
  "ocular",
  "vision",
  "piel",
  "principiantes",
  "presupuesto",
  "absorcion",
  "diaria",
  "experiencia",
  "dosis",
];

// Words too common in this catalogue to identify a product by themselves.
const GENERIC = new Set([
  "resveratrol",
  "trans",
  "pure",
  "supplement",
  "capsules",
  "support",
  "apoyo",
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

/**
 * The product score of a message: name +10, brand +8, bestFor +6, each listed keyword in
 * both the message and bestFor +3, "mg" in the message with a potency +2.
 */
export function keywordScore(message: string, product: Product): number {
  const text = fold(message);
  const messageWords = wordSet(message);
  let score = 0;

  if (namesProduct(message, product)) score += 10;
  if (namesBrand(message, product)) score += 8;

  const bestFor = fold(product.bestFor);
  const bestForWords = distinctive(product.bestFor).filter((w) => w.length >= 4);
  if (text.includes(bestFor) || bestForWords.some((w) => mentions(messageWords, w))) score += 6;

  const bestForSet = wordSet(product.bestFor);
  for (const keyword of LISTED_KEYWORDS) {
    if (messageWords.has(keyword) && bestForSet.has(keyword)) score += 3;
  }

  if (messageWords.has("mg") && product.potency) score += 2;
  return score;
}
