import { feedPath, type Lang } from "../routes.js";

export type JsonLd = Record<string, unknown>;

export interface HeadData {
  lang: Lang;
  /** Page title before the site-name suffix. */
  title: string;
  description: string;
  keywords?: string[];
  /** Path of this page (no query), used for canonical and og:url. */
  path: string;
  /** Paths of this page per language; omitted languages have no translation. */
  alternates: Partial<Record<Lang, string>>;
  ogType?: "website" | "article" | "product";
  image?: string | null;
  jsonLd?: JsonLd[];
  noindex?: boolean;
  /** The page's largest image above the fold, preloaded so it starts downloading with the HTML. */
  preloadImage?: PreloadImage;
}

export interface PreloadImage {
  href: string;
  srcSet?: string;
  sizes?: string;
}

export interface SiteHead {
  origin: string;
  siteName: string;
  faviconUrl: string;
  /** Title of the page language's RSS feed; without it (the admin) the feed is not linked. */
  feedTitle?: string;
}

/** Search results show about this many characters of a title. */
export const maxTitleLength = 70;

function shortened(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const atWord = cut.replace(/\s+\S*$/, "");
  return `${atWord.length > length / 2 ? atWord : cut}…`;
}

/**
 * The site name is appended unless the title already contains it or the whole would be longer than
 * search results show; a title that is itself too long is cut at a word.
 */
export function titleWithSiteName(title: string, siteName: string): string {
  if (!title) return shortened(siteName, maxTitleLength);
  const withSuffix = `${title} | ${siteName}`;
  if (title.toLowerCase().includes(siteName.toLowerCase()) || withSuffix.length > maxTitleLength)
    return shortened(title, maxTitleLength);
  return withSuffix;
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, origin).href;
  } catch {
    return origin;
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** JSON inside a script element: "<" is escaped so no string can close the element. */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const ogLocale: Record<Lang, string> = { en: "en_US", es: "es_ES" };

/** The managed head tags; the same markup is written by the server and re-applied by the browser after navigation. */
function preloadImageTag({ href, srcSet, sizes }: PreloadImage): string {
  const responsive = srcSet
    ? ` imagesrcset="${escapeAttribute(srcSet)}"${sizes ? ` imagesizes="${escapeAttribute(sizes)}"` : ""}`
    : "";
  return `<link rel="preload" as="image" href="${escapeAttribute(href)}"${responsive} fetchpriority="high">`;
}

export function headTagsHtml(head: HeadData, site: SiteHead): string {
  const title = titleWithSiteName(head.title, site.siteName);
  const canonical = absoluteUrl(site.origin, head.path);
  const tags: string[] = [
    `<title>${escapeText(title)}</title>`,
    `<meta name="description" content="${escapeAttribute(head.description)}">`,
    ...(head.keywords?.length ? [`<meta name="keywords" content="${escapeAttribute(head.keywords.join(", "))}">`] : []),
    `<link rel="canonical" href="${escapeAttribute(canonical)}">`,
  ];
  if (head.noindex) tags.push(`<meta name="robots" content="noindex, nofollow">`);
  if (head.preloadImage) tags.push(preloadImageTag(head.preloadImage));
  for (const lang of ["en", "es"] as const) {
    const path = head.alternates[lang];
    if (path)
      tags.push(`<link rel="alternate" hreflang="${lang}" href="${escapeAttribute(absoluteUrl(site.origin, path))}">`);
  }
  const defaultPath = head.alternates.en ?? head.alternates.es;
  if (defaultPath)
    tags.push(
      `<link rel="alternate" hreflang="x-default" href="${escapeAttribute(absoluteUrl(site.origin, defaultPath))}">`,
    );
  if (site.feedTitle)
    tags.push(
      `<link rel="alternate" type="application/rss+xml" title="${escapeAttribute(site.feedTitle)}" href="${escapeAttribute(feedPath(head.lang))}">`,
    );
  const other: Lang = head.lang === "en" ? "es" : "en";
  const meta: [string, string][] = [
    ["og:type", head.ogType ?? "website"],
    ["og:site_name", site.siteName],
    ["og:title", title],
    ["og:description", head.description],
    ["og:url", canonical],
    ["og:locale", ogLocale[head.lang]],
    ["og:locale:alternate", ogLocale[other]],
  ];
  if (head.image) meta.push(["og:image", absoluteUrl(site.origin, head.image)]);
  for (const [property, content] of meta)
    tags.push(`<meta property="${property}" content="${escapeAttribute(content)}">`);
  tags.push(`<meta name="twitter:card" content="${head.image ? "summary_large_image" : "summary"}">`);
  tags.push(`<link rel="icon" href="${escapeAttribute(site.faviconUrl)}">`);
  for (const data of head.jsonLd ?? [])
    tags.push(`<script type="application/ld+json">${serializeJsonForScript(data)}</script>`);
  return tags.map((tag) => tag.replace(/^<(\w+)/, '<$1 data-head=""')).join("\n");
}
