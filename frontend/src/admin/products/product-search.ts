import reviewEn from "../../i18n/locales/en/review.json";
import reviewEs from "../../i18n/locales/es/review.json";
import { formatDecimal } from "../../lib/product-figures.js";
import type { Lang } from "../../routes.js";
import type { ProductDraft } from "./product-form.js";

const templates = { en: reviewEn.meta, es: reviewEs.meta };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

/**
 * The title and description a review page gives search engines, in one language: the owner's own
 * when written, else the ones the page makes from the product (as the review page does).
 */
export function productSearchText(draft: ProductDraft, lang: Lang): { title: string; description: string } {
  const own = lang === "es" ? draft.es : draft;
  // Written as the review page writes it: "4.9" in English, "4,9" in Spanish.
  const rating = draft.rating.trim() ? formatDecimal(draft.rating, lang) : "";
  const values = { name: draft.name.trim(), brand: draft.brand.trim(), potency: draft.potency.trim(), rating };
  return {
    title: own.metaTitle.trim() || fill(templates[lang].title, values),
    description: own.metaDescription.trim() || fill(templates[lang].description, values),
  };
}
