import { unwrap, type ApiClient, type BlogPost, type Product } from "@rsv/api/client";
import { articleAlternates } from "../pages/blog/article-alternates.js";
import { articlePath, homePath, languages, reviewPath, routeKeys, routePath, type Lang } from "../routes.js";
import { escapeXml } from "./xml.js";

interface SitemapEntry {
  /** Path per language; an entry is listed once per language it exists in. */
  paths: Partial<Record<Lang, string>>;
  lastModified?: string;
}

function articleEntries(english: BlogPost[], spanish: BlogPost[]): SitemapEntry[] {
  const listed = { en: new Set(english.map((post) => post.slug)), es: new Set(spanish.map((post) => post.slug)) };
  const entries = new Map<string, SitemapEntry>();
  for (const [lang, posts] of [
    ["en", english],
    ["es", spanish],
  ] as const) {
    for (const post of posts) {
      const alternates = articleAlternates(post);
      const paths: Partial<Record<Lang, string>> = { [lang]: articlePath(post.slug, lang) };
      for (const other of languages) {
        const path = alternates[other];
        const slug = path?.split("/").pop();
        if (path && slug && listed[other].has(decodeURIComponent(slug))) paths[other] = path;
      }
      const key = paths.en ?? paths.es ?? post.slug;
      if (!entries.has(key)) entries.set(key, { paths, lastModified: post.updatedAt ?? post.publishedAt ?? undefined });
    }
  }
  return [...entries.values()];
}

function productEntries(products: Product[]): SitemapEntry[] {
  return products.map((product) => ({
    paths: { en: reviewPath(product.slug, "en"), es: reviewPath(product.slug, "es") },
    lastModified: product.updatedAt,
  }));
}

export async function buildSitemap(api: ApiClient, origin: string): Promise<string> {
  const [products, englishPosts, spanishPosts] = await Promise.all([
    unwrap(api.GET("/api/products", { params: { query: { lang: "en" } } })),
    unwrap(api.GET("/api/blog", { params: { query: { published: true, lang: "en" } } })),
    unwrap(api.GET("/api/blog", { params: { query: { published: true, lang: "es" } } })),
  ]);
  const entries: SitemapEntry[] = [
    { paths: { en: homePath("en"), es: homePath("es") } },
    ...routeKeys.map((key) => ({ paths: { en: routePath(key, "en"), es: routePath(key, "es") } })),
    ...productEntries(products),
    ...articleEntries(englishPosts, spanishPosts),
  ];
  const url = (path: string) => escapeXml(new URL(path, origin).href);
  const blocks: string[] = [];
  for (const entry of entries) {
    const alternates = languages
      .filter((lang) => entry.paths[lang])
      .map((lang) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${url(entry.paths[lang] ?? "")}"/>`);
    const fallback = entry.paths.en ?? entry.paths.es;
    if (fallback) alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${url(fallback)}"/>`);
    for (const lang of languages) {
      const path = entry.paths[lang];
      if (!path) continue;
      const lastmod = entry.lastModified ? `\n    <lastmod>${escapeXml(entry.lastModified)}</lastmod>` : "";
      blocks.push(`  <url>\n    <loc>${url(path)}</loc>${lastmod}\n${alternates.join("\n")}\n  </url>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${blocks.join("\n")}
</urlset>
`;
}

export function buildRobotsTxt(origin: string): string {
  return `User-agent: *
Allow: /
Disallow: /admin
Disallow: /go/
Disallow: /api/

Sitemap: ${new URL("/sitemap.xml", origin).href}
`;
}
