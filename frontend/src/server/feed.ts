import { unwrap, type ApiClient, type BlogPost } from "@rsv/api/client";
import { resources } from "../i18n/resources.js";
import { articlePath, feedPath, homePath, languages, type Lang } from "../routes.js";
import { escapeXml } from "./xml.js";

/** Items a feed lists: the newest published articles, as most readers fetch no further back. */
export const feedItemLimit = 20;

export function feedLangForPath(pathname: string): Lang | undefined {
  return languages.find((lang) => feedPath(lang) === pathname);
}

export interface FeedSite {
  /** Absolute links are made from it, without a trailing slash. */
  origin: string;
  siteName: string;
}

/** The feed's title and description in its language, with the owner's site name. */
export function feedCopy(lang: Lang, siteName: string): { title: string; description: string } {
  const { title, description } = resources[lang].common.feed;
  const withName = (text: string) => text.replaceAll("{{siteName}}", siteName);
  return { title: withName(title), description: withName(description) };
}

/** RFC 822 date, as RSS 2.0 wants it (`Wed, 25 Nov 2026 11:45:53 GMT`). */
export function rfc822(date: string | Date): string {
  return new Date(date).toUTCString();
}

const published = (post: BlogPost) => post.publishedAt ?? post.createdAt;

/**
 * An RSS 2.0 feed of one language. It lists the published articles written in that language only:
 * the public list in `lang` also carries the other language's articles that have no translation (so the
 * blog is never empty), but a reader subscribed to the Spanish feed expects to read Spanish.
 */
export function buildFeed(posts: BlogPost[], lang: Lang, site: FeedSite): string {
  const url = (path: string) => escapeXml(new URL(path, site.origin).href);
  const items = posts
    .filter((post) => post.published && post.lang === lang)
    .sort((a, b) => Date.parse(published(b)) - Date.parse(published(a)))
    .slice(0, feedItemLimit);
  const copy = feedCopy(lang, site.siteName);
  // The newest change among the items, not the time of the request: an unchanged feed keeps its ETag.
  const lastChange = items.reduce<number | undefined>((latest, post) => {
    const changed = Math.max(Date.parse(post.updatedAt), Date.parse(published(post)));
    return latest === undefined || changed > latest ? changed : latest;
  }, undefined);
  const blocks = items.map((post) => {
    const link = url(articlePath(post.slug, lang));
    const description = post.excerpt || post.metaDescription || "";
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${rfc822(published(post))}</pubDate>`,
      ...(description ? [`      <description>${escapeXml(description)}</description>`] : []),
      ...(post.category ? [`      <category>${escapeXml(post.category)}</category>`] : []),
      "    </item>",
    ].join("\n");
  });
  const channel = [
    `    <title>${escapeXml(copy.title)}</title>`,
    `    <link>${url(homePath(lang))}</link>`,
    `    <description>${escapeXml(copy.description)}</description>`,
    `    <language>${lang}</language>`,
    ...(lastChange === undefined ? [] : [`    <lastBuildDate>${rfc822(new Date(lastChange))}</lastBuildDate>`]),
    `    <atom:link href="${url(feedPath(lang))}" rel="self" type="application/rss+xml"/>`,
    ...blocks,
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
${channel.join("\n")}
  </channel>
</rss>
`;
}

/** The feed of `lang` from the public list of published articles and the owner's site name. */
export async function fetchFeed(api: ApiClient, lang: Lang, origin: string): Promise<string> {
  const [posts, settings] = await Promise.all([
    unwrap(api.GET("/api/blog", { params: { query: { published: true, lang } } })),
    unwrap(api.GET("/api/site-settings")),
  ]);
  const siteName = settings.siteName.trim() || resources[lang].common.siteNameDefault;
  return buildFeed(posts, lang, { origin, siteName });
}
