import { badRequest, slugify, type ErrorDetail } from "@rsv/kit";
import type { Language, Product, ProductInput, ProductTranslation } from "@rsv/api/client";
import { exactPrice, PRICE_PROBLEM } from "./offer.js";
import { facetText } from "./text.js";

export type { Product, ProductInput, ProductTranslation };
export type Lang = Language;

/** A product as stored, before it is put into a visitor's language. */
export type ProductRecord = Omit<Product, "translations"> & { translations: { es?: ProductTranslation } };

/** The fields the repository writes, in the API's names. */
export type ProductValues = Omit<ProductRecord, "id" | "slug" | "createdAt" | "updatedAt" | "offers">;

export type ExpertGrade = Product["expertGrade"];

/** The editors' grade a rating earns when the owner has not set one. */
export function gradeFromRating(rating: number): ExpertGrade {
  const steps: Array<[number, ExpertGrade]> = [
    [4.8, "A+"],
    [4.5, "A"],
    [4.2, "A-"],
    [4.0, "B+"],
    [3.7, "B"],
    [3.4, "B-"],
    [3.0, "C+"],
    [2.5, "C"],
  ];
  return steps.find(([minimum]) => rating >= minimum)?.[1] ?? "D";
}

const OPTIONAL_TEXT = [
  "badge",
  "htmlContent",
  "keywords",
  "couponCode",
  "couponDiscount",
  "couponDescription",
  "preferredRetailer",
  "metaTitle",
  "metaDescription",
  "category",
  "ageRange",
] as const;

/** Lists arrive as arrays or as one string with an item per line; blank lines are dropped. */
export function toList(value: string[] | string | undefined | null): string[] {
  const items = Array.isArray(value) ? value : (value ?? "").split(/\r?\n/);
  return items.map((item) => item.trim()).filter((item) => item.length > 0);
}

function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Plain text fields a translation may override, beside the description, lists and HTML. */
const TRANSLATED_TEXT = [
  "badge",
  "source",
  "couponDescription",
  "couponDiscount",
  "keywords",
  "ageRange",
  "metaTitle",
  "metaDescription",
] as const;

function cleanTranslation(input: ProductTranslation | undefined, sanitize: (html: string) => string) {
  if (!input) return undefined;
  const out: ProductTranslation = {};
  const description = optionalText(input.description);
  const bestFor = optionalText(input.bestFor);
  const htmlContent = optionalText(input.htmlContent);
  const features = toList(input.features);
  const benefits = toList(input.benefits);
  if (description) out.description = description;
  if (bestFor) out.bestFor = bestFor;
  for (const key of TRANSLATED_TEXT) {
    const value = optionalText(input[key]);
    if (value) out[key] = key === "source" ? facetText(value) : value;
  }
  if (htmlContent) out.htmlContent = sanitize(htmlContent);
  if (features.length) out.features = features;
  if (benefits.length) out.benefits = benefits;
  return Object.keys(out).length ? out : undefined;
}

/** A rating of 1 to 5 with at most one decimal, as stored ("4.5"), or null; a number is not rounded into one. */
function exactRating(rating: string | number): string | null {
  const value = Number(rating);
  if (typeof rating === "number" && Math.round(rating * 10) / 10 !== rating) return null;
  return Number.isFinite(value) && value >= 1 && value <= 5 ? value.toFixed(1) : null;
}

/** The checks the contract's schema cannot make: amounts kept exact, and names that are more than invisible characters. */
function inputProblems(input: ProductInput): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const [key, label] of [
    ["brand", "Brand"],
    ["potency", "Potency"],
    ["source", "Source"],
  ] as const) {
    if (!facetText(input[key])) details.push({ path: `body.${key}`, message: `${label} is required` });
  }
  if (exactPrice(input.price) === null) details.push({ path: "body.price", message: PRICE_PROBLEM });
  if (exactRating(input.rating) === null)
    details.push({ path: "body.rating", message: "Rating must be 1 to 5 with at most one decimal" });
  return details;
}

/**
 * Turns validated form input into stored values: trimmed, lists split, empty optionals absent, HTML
 * sanitised. A price or rating with more decimals than it may have is refused, not rounded (400).
 */
export function normalizeInput(input: ProductInput, sanitize: (html: string) => string): ProductValues {
  const problems = inputProblems(input);
  if (problems.length > 0) throw badRequest("Invalid product", problems);
  const optional = Object.fromEntries(OPTIONAL_TEXT.map((key) => [key, optionalText(input[key])])) as {
    [K in (typeof OPTIONAL_TEXT)[number]]: string | null;
  };
  const es = cleanTranslation(input.translations?.es, sanitize);
  return {
    ...optional,
    htmlContent: optional.htmlContent ? sanitize(optional.htmlContent) : null,
    // Compared with offers' retailers as they are written; a value of invisible characters is none.
    preferredRetailer: optional.preferredRetailer && (facetText(optional.preferredRetailer) || null),
    category: optional.category && (facetText(optional.category) || null),
    name: input.name.trim(),
    // The comparison's filters group products by these three.
    brand: facetText(input.brand),
    potency: facetText(input.potency),
    source: facetText(input.source),
    description: input.description.trim(),
    imageUrl: input.imageUrl.trim(),
    bestFor: input.bestFor.trim(),
    rating: exactRating(input.rating)!,
    expertGrade: input.expertGrade ?? gradeFromRating(Number(input.rating)),
    price: exactPrice(input.price)!,
    reviewCount: input.reviewCount ?? 0,
    placement: input.placement ?? null,
    featured: input.featured ?? false,
    inStock: input.inStock ?? true,
    isTopRanked: input.isTopRanked ?? false,
    features: toList(input.features),
    benefits: toList(input.benefits),
    publishAt: input.publishAt ? new Date(input.publishAt).toISOString() : null,
    translations: es ? { es } : {},
  };
}

/** Spanish text where the owner wrote it, English for every field where not. */
export function localize(record: ProductRecord, lang: Lang): Product {
  const es = lang === "es" ? record.translations.es : undefined;
  if (!es) return record;
  return {
    ...record,
    description: es.description ?? record.description,
    bestFor: es.bestFor ?? record.bestFor,
    ...Object.fromEntries(TRANSLATED_TEXT.map((key) => [key, es[key] ?? record[key]])),
    htmlContent: es.htmlContent ?? record.htmlContent,
    features: es.features?.length ? es.features : record.features,
    benefits: es.benefits?.length ? es.benefits : record.benefits,
  };
}

/** What a revision keeps of a product: the fields the owner edits, as saved (offers have their own history). */
export function productSnapshot(record: ProductRecord): ProductValues {
  const { id: _id, slug: _slug, createdAt: _created, updatedAt: _updated, offers: _offers, ...values } = record;
  return values;
}

/** A product's slug from its name and brand; names without a letter or digit still get one. */
export function productSlug(name: string, brand: string): string {
  return slugify(name, brand) || "product";
}
