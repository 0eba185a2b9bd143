import type { Offer, Product, ProductInput } from "@rsv/api/client";
import { publishAtOf, scheduleField } from "../ui/schedule.js";
import { priceText } from "../ui/decimal.js";

export const expertGrades = ["A+", "A", "A-", "B+", "B", "B-", "C+", "C", "C-", "D", "F"] as const;

/** Plain text fields with a Spanish counterpart in the form. */
export const translatedText = [
  "description",
  "bestFor",
  "source",
  "badge",
  "couponDescription",
  "couponDiscount",
  "keywords",
  "ageRange",
  "metaTitle",
  "metaDescription",
] as const;
type TranslatedText = (typeof translatedText)[number];

/** The form as typed: every value a string (lists one item per line), booleans as they are. */
export interface ProductDraft {
  name: string;
  brand: string;
  potency: string;
  source: string;
  price: string;
  rating: string;
  reviewCount: string;
  placement: string;
  expertGrade: string;
  /** A retailer named on the product's offers, or empty for the cheapest offer. */
  preferredRetailer: string;
  /** When it goes public, as a datetime-local value in the admin's time zone; "" for when it is saved. */
  publishAt: string;
  imageUrl: string;
  description: string;
  bestFor: string;
  badge: string;
  features: string;
  benefits: string;
  htmlContent: string;
  keywords: string;
  metaTitle: string;
  metaDescription: string;
  couponCode: string;
  couponDiscount: string;
  couponDescription: string;
  category: string;
  ageRange: string;
  inStock: boolean;
  featured: boolean;
  isTopRanked: boolean;
  es: Record<TranslatedText | "features" | "benefits" | "htmlContent", string>;
}

const emptySpanish = (): ProductDraft["es"] => ({
  description: "",
  bestFor: "",
  source: "",
  badge: "",
  couponDescription: "",
  couponDiscount: "",
  keywords: "",
  ageRange: "",
  metaTitle: "",
  metaDescription: "",
  features: "",
  benefits: "",
  htmlContent: "",
});

export function emptyProductDraft(): ProductDraft {
  return {
    name: "",
    brand: "",
    potency: "",
    source: "",
    price: "",
    rating: "",
    reviewCount: "0",
    placement: "",
    expertGrade: "",
    preferredRetailer: "",
    publishAt: "",
    imageUrl: "",
    description: "",
    bestFor: "",
    badge: "",
    features: "",
    benefits: "",
    htmlContent: "",
    keywords: "",
    metaTitle: "",
    metaDescription: "",
    couponCode: "",
    couponDiscount: "",
    couponDescription: "",
    category: "",
    ageRange: "",
    inStock: true,
    featured: false,
    isTopRanked: false,
    es: emptySpanish(),
  };
}

export function draftFromProduct(product: Product): ProductDraft {
  const es = product.translations.es ?? {};
  return {
    name: product.name,
    brand: product.brand,
    potency: product.potency ?? "",
    source: product.source ?? "",
    price: product.price,
    rating: product.rating,
    reviewCount: String(product.reviewCount),
    placement: product.placement === null ? "" : String(product.placement),
    expertGrade: product.expertGrade,
    preferredRetailer: product.preferredRetailer ?? "",
    publishAt: scheduleField(product.publishAt),
    imageUrl: product.imageUrl,
    description: product.description,
    bestFor: product.bestFor,
    badge: product.badge ?? "",
    features: product.features.join("\n"),
    benefits: product.benefits.join("\n"),
    htmlContent: product.htmlContent ?? "",
    keywords: product.keywords ?? "",
    metaTitle: product.metaTitle ?? "",
    metaDescription: product.metaDescription ?? "",
    couponCode: product.couponCode ?? "",
    couponDiscount: product.couponDiscount ?? "",
    couponDescription: product.couponDescription ?? "",
    category: product.category ?? "",
    ageRange: product.ageRange ?? "",
    inStock: product.inStock,
    featured: product.featured,
    isTopRanked: product.isTopRanked,
    es: {
      ...emptySpanish(),
      ...Object.fromEntries(translatedText.map((key) => [key, es[key] ?? ""])),
      features: (es.features ?? []).join("\n"),
      benefits: (es.benefits ?? []).join("\n"),
      htmlContent: es.htmlContent ?? "",
    },
  };
}

/** Keys of the messages the server answers for the same mistakes (translated in the admin copy). */
export type ProductError =
  | "nameRequired"
  | "brandRequired"
  | "potencyRequired"
  | "sourceRequired"
  | "priceRequired"
  | "ratingRequired"
  | "imageUrlRequired"
  | "descriptionRequired"
  | "bestForRequired"
  | "priceInvalid"
  | "ratingRange"
  | "reviewCountInvalid"
  | "placementRange";

const required: Array<[keyof ProductDraft & string, ProductError]> = [
  ["name", "nameRequired"],
  ["brand", "brandRequired"],
  ["potency", "potencyRequired"],
  ["source", "sourceRequired"],
  ["price", "priceRequired"],
  ["rating", "ratingRequired"],
  ["imageUrl", "imageUrlRequired"],
  ["description", "descriptionRequired"],
  ["bestFor", "bestForRequired"],
];

/** The fields a product cannot be saved without (marked so in the form). */
export const requiredProductFields: ReadonlyArray<keyof ProductDraft & string> = required.map(([field]) => field);

/** The same rules the contract enforces, checked before sending so each field can say what is wrong. */
export function validateProduct(draft: ProductDraft): Partial<Record<keyof ProductDraft, ProductError>> {
  const errors: Partial<Record<keyof ProductDraft, ProductError>> = {};
  for (const [field, error] of required) if (!String(draft[field]).trim()) errors[field] = error;
  if (!errors.price && priceText(draft.price) === null) errors.price = "priceInvalid";
  if (!errors.rating && !/^([1-4](\.\d)?|5(\.0)?)$/.test(draft.rating.trim())) errors.rating = "ratingRange";
  if (!/^\d+$/.test(draft.reviewCount.trim() || "0")) errors.reviewCount = "reviewCountInvalid";
  const placement = draft.placement.trim();
  if (placement && !(/^\d+$/.test(placement) && Number(placement) >= 1 && Number(placement) <= 20))
    errors.placement = "placementRange";
  return errors;
}

/** One item per line; blank lines dropped. */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The body the contract takes; empty optional strings become absent (null). */
export function productInputFromDraft(draft: ProductDraft): ProductInput {
  const optional = (value: string) => value.trim() || null;
  const es = Object.fromEntries(
    Object.entries({
      ...Object.fromEntries(translatedText.map((key) => [key, draft.es[key].trim()])),
      htmlContent: draft.es.htmlContent.trim(),
      features: linesOf(draft.es.features),
      benefits: linesOf(draft.es.benefits),
    }).filter(([, value]) => value.length > 0),
  );
  return {
    name: draft.name.trim(),
    brand: draft.brand.trim(),
    potency: draft.potency.trim(),
    source: draft.source.trim(),
    price: priceText(draft.price) ?? draft.price.trim(),
    rating: draft.rating.trim(),
    reviewCount: Number(draft.reviewCount.trim() || "0"),
    placement: draft.placement.trim() ? Number(draft.placement) : null,
    ...(draft.expertGrade ? { expertGrade: draft.expertGrade as ProductInput["expertGrade"] } : {}),
    preferredRetailer: optional(draft.preferredRetailer),
    publishAt: publishAtOf(draft.publishAt),
    imageUrl: draft.imageUrl.trim(),
    description: draft.description.trim(),
    bestFor: draft.bestFor.trim(),
    badge: optional(draft.badge),
    features: linesOf(draft.features),
    benefits: linesOf(draft.benefits),
    htmlContent: optional(draft.htmlContent),
    keywords: optional(draft.keywords),
    metaTitle: optional(draft.metaTitle),
    metaDescription: optional(draft.metaDescription),
    couponCode: optional(draft.couponCode),
    couponDiscount: optional(draft.couponDiscount),
    couponDescription: optional(draft.couponDescription),
    category: optional(draft.category),
    ageRange: optional(draft.ageRange),
    inStock: draft.inStock,
    featured: draft.featured,
    isTopRanked: draft.isTopRanked,
    translations: { es },
  };
}

/** The retailers a product's offers name, once each (as first written), for the preferred-retailer choice. */
export function retailersOf(offers: ReadonlyArray<Pick<Offer, "retailer">>): string[] {
  const seen = new Map<string, string>();
  for (const { retailer } of offers) {
    const key = retailer.trim().toLowerCase();
    if (!seen.has(key)) seen.set(key, retailer.trim());
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}
