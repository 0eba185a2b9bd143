export const languages = ["en", "es"] as const;
export type Lang = (typeof languages)[number];

/** The spec's route keys with their English and Spanish slugs: one table for router, switcher, hreflang and sitemap. */
export const routeSlugs = {
  whatIsResveratrol: { en: "what-is-resveratrol", es: "que-es-resveratrol" },
  davidSinclairProtocol: { en: "david-sinclair-protocol", es: "protocolo-david-sinclair" },
  longevityGuide: { en: "longevity-guide", es: "guia-longevidad" },
  nadBoostGuide: { en: "nad-boost-guide", es: "guia-nad-boost" },
  resveratrolVsSupplements: { en: "resveratrol-vs-supplements", es: "resveratrol-vs-suplementos" },
  comparison: { en: "comparison", es: "comparacion" },
  blog: { en: "blog", es: "investigacion" },
  faq: { en: "faq", es: "preguntas-frecuentes" },
  review: { en: "review", es: "resena" },
  bestForAthletes: { en: "best-for-athletes", es: "mejor-para-atletas" },
  bestForEyeHealth: { en: "best-for-eye-health", es: "mejor-para-ojos" },
  eyeHealthGuide: { en: "eye-health-guide", es: "guia-salud-ocular" },
  skinHealthGuide: { en: "skin-health-guide", es: "guia-salud-piel" },
  athleticPerformanceGuide: { en: "athletic-performance-guide", es: "guia-rendimiento-atletico" },
  antioxidantComparison: { en: "antioxidant-comparison", es: "comparacion-antioxidantes" },
  beginnersGuide: { en: "beginners-guide", es: "guia-principiantes" },
  privacyPolicy: { en: "privacy-policy", es: "politica-privacidad" },
  termsOfService: { en: "terms-of-service", es: "terminos-servicio" },
  affiliateDisclosure: { en: "affiliate-disclosure", es: "divulgacion-afiliados" },
} as const satisfies Record<string, Record<Lang, string>>;

export type RouteKey = keyof typeof routeSlugs;
export const routeKeys = Object.keys(routeSlugs) as RouteKey[];

/** Route keys whose page is a static information page (guides, landing and legal pages). */
export const infoPageKeys = [
  "whatIsResveratrol",
  "davidSinclairProtocol",
  "longevityGuide",
  "nadBoostGuide",
  "resveratrolVsSupplements",
  "bestForAthletes",
  "bestForEyeHealth",
  "eyeHealthGuide",
  "skinHealthGuide",
  "athleticPerformanceGuide",
  "antioxidantComparison",
  "beginnersGuide",
  "privacyPolicy",
  "termsOfService",
  "affiliateDisclosure",
] as const satisfies readonly RouteKey[];
export type InfoPageKey = (typeof infoPageKeys)[number];

export const healthGuideKeys = [
  "davidSinclairProtocol",
  "longevityGuide",
  "nadBoostGuide",
  "resveratrolVsSupplements",
  "beginnersGuide",
] as const satisfies readonly InfoPageKey[];

export const legalPageKeys = [
  "privacyPolicy",
  "termsOfService",
  "affiliateDisclosure",
] as const satisfies readonly InfoPageKey[];

export type PageMatch =
  | { page: "home"; lang: Lang }
  | { page: "route"; key: RouteKey; lang: Lang }
  | { page: "article"; slug: string; lang: Lang }
  | { page: "productReview"; slug: string; lang: Lang }
  | { page: "productById"; id: number; lang: Lang }
  | { page: "admin"; lang: Lang }
  | { page: "notFound"; lang: Lang };

export function langFromPath(pathname: string): Lang {
  return pathname === "/es" || pathname.startsWith("/es/") ? "es" : "en";
}

export function homePath(lang: Lang): string {
  return lang === "es" ? "/es" : "/";
}

export function routePath(key: RouteKey, lang: Lang): string {
  const slug = routeSlugs[key][lang];
  return lang === "es" ? `/es/${slug}` : `/${slug}`;
}

export function articlePath(slug: string, lang: Lang): string {
  return `${routePath("blog", lang)}/${encodeURIComponent(slug)}`;
}

export function reviewPath(slug: string, lang: Lang): string {
  return `${routePath("review", lang)}/${encodeURIComponent(slug)}`;
}

export function productDetailsPath(id: number): string {
  return `/product/${id}`;
}

export function affiliatePath(slug: string): string {
  return `/go/${encodeURIComponent(slug)}`;
}

function keyForSlug(slug: string, lang: Lang): RouteKey | undefined {
  return routeKeys.find((key) => routeSlugs[key][lang] === slug);
}

function decodeSegment(segment: string): string | undefined {
  try {
    const decoded = decodeURIComponent(segment);
    return decoded.length > 0 && !decoded.includes("/") ? decoded : undefined;
  } catch {
    return undefined;
  }
}

export function matchPage(rawPathname: string): PageMatch {
  const pathname = rawPathname.length > 1 ? rawPathname.replace(/\/+$/, "") : rawPathname;
  const lang = langFromPath(pathname);
  const rest = lang === "es" ? pathname.slice(3) : pathname;
  const segments = rest.split("/").filter(Boolean);

  if (segments.length === 0) return { page: "home", lang };
  if (segments.length === 1 && segments[0] === "admin" && lang === "en") return { page: "admin", lang };

  const [first = "", second = ""] = segments;
  const key = keyForSlug(first, lang);
  if (segments.length === 1 && key) return { page: "route", key, lang };

  if (segments.length === 2) {
    const param = decodeSegment(second);
    if (param && key === "blog") return { page: "article", slug: param, lang };
    if (param && key === "review") return { page: "productReview", slug: param, lang };
    if (lang === "en" && first === "product" && /^[1-9]\d{0,9}$/.test(second)) {
      return { page: "productById", id: Number(second), lang };
    }
  }
  return { page: "notFound", lang };
}

/**
 * The same page in the other language. Articles have a different slug per language, so the caller
 * passes the translated slug when it knows one; without it the article falls back to the blog list.
 */
export function translatedPath(match: PageMatch, target: Lang, articleTranslationSlug?: string | null): string {
  switch (match.page) {
    case "home":
    case "notFound":
    case "admin":
      return homePath(target);
    case "route":
      return routePath(match.key, target);
    case "article":
      if (match.lang === target) return articlePath(match.slug, target);
      return articleTranslationSlug ? articlePath(articleTranslationSlug, target) : routePath("blog", target);
    case "productReview":
      return reviewPath(match.slug, target);
    case "productById":
      return homePath(target);
  }
}

export function pathOf(match: PageMatch): string {
  return translatedPath(match, match.lang);
}
