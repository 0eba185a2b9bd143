import enAdmin from "./locales/en/admin.json";
import enBlog from "./locales/en/blog.json";
import enCommon from "./locales/en/common.json";
import enComparison from "./locales/en/comparison.json";
import enFaq from "./locales/en/faq.json";
import enHome from "./locales/en/home.json";
import enPages from "./locales/en/pages.json";
import enReview from "./locales/en/review.json";
import esAdmin from "./locales/es/admin.json";
import esBlog from "./locales/es/blog.json";
import esCommon from "./locales/es/common.json";
import esComparison from "./locales/es/comparison.json";
import esFaq from "./locales/es/faq.json";
import esHome from "./locales/es/home.json";
import esPages from "./locales/es/pages.json";
import esReview from "./locales/es/review.json";

export const resources = {
  en: {
    common: enCommon,
    home: enHome,
    comparison: enComparison,
    blog: enBlog,
    review: enReview,
    faq: enFaq,
    pages: enPages,
    admin: enAdmin,
  },
  es: {
    common: esCommon,
    home: esHome,
    comparison: esComparison,
    blog: esBlog,
    review: esReview,
    faq: esFaq,
    pages: esPages,
    admin: esAdmin,
  },
} as const;

export type Namespace = keyof (typeof resources)["en"];
export const namespaces = Object.keys(resources.en) as Namespace[];
