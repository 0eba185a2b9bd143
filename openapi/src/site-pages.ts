/**
 * The site's pages and their addresses in each language, shared by the web app and the services that
 * link to its pages.
 */

/**
 * Which page a route key shows. `content` pages are guides, landing and legal pages whose copy is seeded from
 * `services/content/pages/{en,es}/{english-slug}.md`; the others are pages with their own component.
 */
export type PageKind = "content" | "comparison" | "blogList" | "faq" | "reviewIndex";

export interface PageEntry {
  en: string;
  es: string;
  kind: PageKind;
  /** Health guides are listed in the navigation's guide menu. */
  healthGuide?: boolean;
  legal?: boolean;
}

/**
 * The page registry: every route key with its English and Spanish slug and the kind of page it shows.
 * The web app's router, language switcher, hreflang, prefetch and sitemap all read it, and the chat links
 * to guides by it, so adding a page is one entry here (plus its content files for a content page).
 */
export const pageRegistry = {
  whatIsResveratrol: { en: "what-is-resveratrol", es: "que-es-resveratrol", kind: "content" },
  davidSinclairProtocol: {
    en: "david-sinclair-protocol",
    es: "protocolo-david-sinclair",
    kind: "content",
    healthGuide: true,
  },
  longevityGuide: { en: "longevity-guide", es: "guia-longevidad", kind: "content", healthGuide: true },
  nadBoostGuide: { en: "nad-boost-guide", es: "guia-nad-boost", kind: "content", healthGuide: true },
  resveratrolVsSupplements: {
    en: "resveratrol-vs-supplements",
    es: "resveratrol-vs-suplementos",
    kind: "content",
    healthGuide: true,
  },
  comparison: { en: "comparison", es: "comparacion", kind: "comparison" },
  blog: { en: "blog", es: "investigacion", kind: "blogList" },
  faq: { en: "faq", es: "preguntas-frecuentes", kind: "faq" },
  review: { en: "review", es: "resena", kind: "reviewIndex" },
  bestForAthletes: { en: "best-for-athletes", es: "mejor-para-atletas", kind: "content" },
  bestForEyeHealth: { en: "best-for-eye-health", es: "mejor-para-ojos", kind: "content" },
  eyeHealthGuide: { en: "eye-health-guide", es: "guia-salud-ocular", kind: "content" },
  skinHealthGuide: { en: "skin-health-guide", es: "guia-salud-piel", kind: "content" },
  athleticPerformanceGuide: { en: "athletic-performance-guide", es: "guia-rendimiento-atletico", kind: "content" },
  antioxidantComparison: { en: "antioxidant-comparison", es: "comparacion-antioxidantes", kind: "content" },
  beginnersGuide: { en: "beginners-guide", es: "guia-principiantes", kind: "content", healthGuide: true },
  privacyPolicy: { en: "privacy-policy", es: "politica-privacidad", kind: "content", legal: true },
  termsOfService: { en: "terms-of-service", es: "terminos-servicio", kind: "content", legal: true },
  affiliateDisclosure: { en: "affiliate-disclosure", es: "divulgacion-afiliados", kind: "content", legal: true },
} as const satisfies Record<string, PageEntry>;

/** A page's path in a language: `/{slug}` in English, `/es/{slug}` in Spanish. */
export function sitePagePath(key: keyof typeof pageRegistry, lang: "en" | "es"): string {
  const slug = pageRegistry[key][lang];
  return lang === "es" ? `/es/${slug}` : `/${slug}`;
}
