import { pageRegistry, sitePagePath, type PageEntry } from "@rsv/api/site-pages";

export const languages = ["en", "es"] as const;
export type Lang = (typeof languages)[number];

export { pageRegistry, type PageKind } from "@rsv/api/site-pages";

/** English and Spanish slug per route key. */
export const routeSlugs: { readonly [K in keyof typeof pageRegistry]: Readonly<Record<Lang, string>> } = pageRegistry;

export type RouteKey = keyof typeof pageRegistry;
export const routeKeys = Object.keys(pageRegistry) as RouteKey[];

type KeysWhere<Condition> = {
  [K in RouteKey]: (typeof pageRegistry)[K] extends Condition ? K : never;
}[RouteKey];

function keysWhere<Condition>(test: (entry: PageEntry) => boolean): KeysWhere<Condition>[] {
  return routeKeys.filter((key) => test(pageRegistry[key])) as KeysWhere<Condition>[];
}

/** Route keys whose page is a content page (guides, landing and legal pages). */
export const infoPageKeys = keysWhere<{ kind: "content" }>((entry) => entry.kind === "content");
export type InfoPageKey = KeysWhere<{ kind: "content" }>;

export const healthGuideKeys = keysWhere<{ healthGuide: true }>((entry) => entry.healthGuide === true);

export const legalPageKeys = keysWhere<{ legal: true }>((entry) => entry.legal === true);

export function isContentPageKey(key: RouteKey): key is InfoPageKey {
  return pageRegistry[key].kind === "content";
}

export type PageMatch =
  | { page: "home"; lang: Lang }
  | { page: "route"; key: RouteKey; lang: Lang }
  | { page: "article"; slug: string; lang: Lang }
  | { page: "productReview"; slug: string; lang: Lang }
  | { page: "productById"; id: number; lang: Lang }
  | { page: "admin"; lang: Lang }
  | { page: "preview"; entity: PreviewEntity; token: string; lang: Lang }
  | { page: "notFound"; lang: Lang };

/** What a preview link can show: a draft or scheduled post, or a product's review. */
export type PreviewEntity = "post" | "product";

const PREVIEW_TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export function langFromPath(pathname: string): Lang {
  return pathname === "/es" || pathname.startsWith("/es/") ? "es" : "en";
}

export function homePath(lang: Lang): string {
  return lang === "es" ? "/es" : "/";
}

/** A page's path: `/{slug}` in English, `/es/{slug}` in Spanish. */
export const routePath: (key: RouteKey, lang: Lang) => string = sitePagePath;

/** The RSS feed of a language's articles (served by the web process, linked from every page's head). */
export function feedPath(lang: Lang): string {
  return lang === "es" ? "/es/rss.xml" : "/rss.xml";
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

export function affiliatePath(slug: string, placement?: string): string {
  return `/go/${encodeURIComponent(slug)}${placement ? `?from=${placement}` : ""}`;
}

/** One retailer's offer: the catalog redirects there while it is usable, else as `/go/{slug}` would. */
export function offerPath(slug: string, offerId: number, placement?: string): string {
  return `${affiliatePath(slug)}/${offerId}${placement ? `?from=${placement}` : ""}`;
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

  const [first = "", second = "", third = ""] = segments;
  if (segments.length === 3 && first === "preview" && (second === "post" || second === "product")) {
    if (PREVIEW_TOKEN.test(third) && third.length <= 400)
      return { page: "preview", entity: second, token: third, lang };
  }
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
    case "preview":
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
