import enBlog from "./locales/en/blog.json";
import enChat from "./locales/en/chat.json";
import enCommon from "./locales/en/common.json";
import enComparison from "./locales/en/comparison.json";
import enContent from "./locales/en/content.json";
import enFaq from "./locales/en/faq.json";
import enHome from "./locales/en/home.json";
import enOverlays from "./locales/en/overlays.json";
import enReview from "./locales/en/review.json";
import esBlog from "./locales/es/blog.json";
import esChat from "./locales/es/chat.json";
import esCommon from "./locales/es/common.json";
import esComparison from "./locales/es/comparison.json";
import esContent from "./locales/es/content.json";
import esFaq from "./locales/es/faq.json";
import esHome from "./locales/es/home.json";
import esOverlays from "./locales/es/overlays.json";
import esReview from "./locales/es/review.json";

export const resources = {
  en: {
    common: enCommon,
    home: enHome,
    comparison: enComparison,
    blog: enBlog,
    review: enReview,
    faq: enFaq,
    content: enContent,
    chat: enChat,
    overlays: enOverlays,
  },
  es: {
    common: esCommon,
    home: esHome,
    comparison: esComparison,
    blog: esBlog,
    review: esReview,
    faq: esFaq,
    content: esContent,
    chat: esChat,
    overlays: esOverlays,
  },
} as const;

export type Namespace = keyof (typeof resources)["en"];
export const namespaces = Object.keys(resources.en) as Namespace[];
