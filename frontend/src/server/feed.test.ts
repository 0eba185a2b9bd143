import type { BlogPost } from "@rsv/api/client";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { buildFeed, feedItemLimit, rfc822 } from "./feed.js";

const site = { origin: "https://reviews.example", siteName: "Vinetree & Co <Reviews>" };

let nextId = 1;
function buildPost(fields: Partial<BlogPost> = {}): BlogPost {
  const id = nextId++;
  return {
    id,
    slug: `post-${id}`,
    title: `Post ${id}`,
    excerpt: `Excerpt ${id}`,
    content: "<p>Body</p>",
    category: "RESEARCH STUDY",
    imageUrl: "",
    published: true,
    publishedAt: "2026-03-01T09:30:00.000Z",
    metaTitle: null,
    metaDescription: null,
    keywords: [],
    lang: "en",
    translationId: null,
    translationSlug: null,
    createdAt: "2026-02-01T00:00:00.000Z",
    updatedAt: "2026-03-01T09:30:00.000Z",
    ...fields,
  };
}

/** Parses as strict XML: a document that is not well formed throws. */
function parse(xml: string): Document {
  return new JSDOM(xml, { contentType: "application/xml" }).window.document;
}

/** RSS's own elements (no namespace: `link` is not `atom:link`) matching `selector`, as text. */
const texts = (document: Document, selector: string) =>
  [...document.querySelectorAll(selector)].filter((node) => node.namespaceURI === null).map((node) => node.textContent);

describe("RSS feed", () => {
  it("is well-formed RSS 2.0 with a self link, channel fields and items of absolute links", () => {
    const post = buildPost({ slug: "dose-guide", title: "Dose guide", category: "GUIDE" });
    const document = parse(buildFeed([post], "en", site));
    const rss = document.documentElement;
    expect(rss.tagName).toBe("rss");
    expect(rss.getAttribute("version")).toBe("2.0");
    const self = document.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "link")[0];
    expect(self?.getAttribute("rel")).toBe("self");
    expect(self?.getAttribute("href")).toBe("https://reviews.example/rss.xml");
    expect(texts(document, "channel > link")).toEqual(["https://reviews.example/"]);
    expect(texts(document, "channel > language")).toEqual(["en"]);
    expect(texts(document, "channel > title")).toEqual(["Vinetree & Co <Reviews>: articles"]);
    expect(texts(document, "channel > description")[0]).toContain("Vinetree & Co <Reviews>");
    expect(texts(document, "item > link")).toEqual(["https://reviews.example/blog/dose-guide"]);
    expect(texts(document, "item > guid")).toEqual(["https://reviews.example/blog/dose-guide"]);
    expect(document.querySelector("item > guid")?.getAttribute("isPermaLink")).toBe("true");
    expect(texts(document, "item > category")).toEqual(["GUIDE"]);
  });

  it("escapes titles, excerpts and categories, and drops characters XML forbids", () => {
    const post = buildPost({
      title: 'Tom & Jerry <script>alert("x")</script>',
      excerpt: "Dose < 500 mg & > 100 mg ]]> \u0001done",
      category: "R&D",
    });
    const xml = buildFeed([post], "en", site);
    expect(xml).not.toContain("<script>");
    const document = parse(xml);
    expect(texts(document, "item > title")).toEqual(['Tom & Jerry <script>alert("x")</script>']);
    expect(texts(document, "item > description")).toEqual(["Dose < 500 mg & > 100 mg ]]> done"]);
    expect(texts(document, "item > category")).toEqual(["R&D"]);
  });

  it("dates items in RFC 822 and the channel by its newest change", () => {
    const older = buildPost({ publishedAt: "2026-01-05T08:00:00.000Z", updatedAt: "2026-04-02T10:15:00.000Z" });
    const newer = buildPost({ publishedAt: "2026-03-10T18:45:30.000Z", updatedAt: "2026-03-10T18:45:30.000Z" });
    const document = parse(buildFeed([older, newer], "en", site));
    expect(texts(document, "item > pubDate")).toEqual([
      "Tue, 10 Mar 2026 18:45:30 GMT",
      "Mon, 05 Jan 2026 08:00:00 GMT",
    ]);
    expect(texts(document, "channel > lastBuildDate")).toEqual(["Thu, 02 Apr 2026 10:15:00 GMT"]);
    expect(rfc822("2026-11-25T00:00:00Z")).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  });

  it("lists only published posts written in the feed's language, with links in that language", () => {
    const english = buildPost({ title: "Heart health", slug: "heart-health", lang: "en" });
    const spanish = buildPost({ title: "Salud del corazón", slug: "salud-del-corazon", lang: "es" });
    const draft = buildPost({ title: "Borrador", lang: "es", published: false, publishedAt: null });
    const posts = [english, spanish, draft];
    const es = parse(buildFeed(posts, "es", site));
    expect(texts(es, "channel > language")).toEqual(["es"]);
    expect(texts(es, "channel > title")).toEqual(["Vinetree & Co <Reviews>: artículos"]);
    expect(texts(es, "item > title")).toEqual(["Salud del corazón"]);
    expect(texts(es, "item > link")).toEqual(["https://reviews.example/es/investigacion/salud-del-corazon"]);
    expect(
      es.documentElement.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "link")[0]?.getAttribute("href"),
    ).toBe("https://reviews.example/es/rss.xml");
    const en = parse(buildFeed(posts, "en", site));
    expect(texts(en, "item > title")).toEqual(["Heart health"]);
  });

  it(`keeps the ${feedItemLimit} newest posts, newest first`, () => {
    const posts = Array.from({ length: feedItemLimit + 5 }, (_, day) =>
      buildPost({ title: `Day ${day + 1}`, publishedAt: new Date(Date.UTC(2026, 0, day + 1)).toISOString() }),
    );
    const titles = texts(parse(buildFeed(posts, "en", site)), "item > title");
    expect(titles).toHaveLength(feedItemLimit);
    expect(titles[0]).toBe(`Day ${feedItemLimit + 5}`);
    expect(titles.at(-1)).toBe("Day 6");
  });

  it("has no items and no build date when nothing is published", () => {
    const document = parse(buildFeed([buildPost({ published: false, publishedAt: null })], "en", site));
    expect(document.querySelectorAll("item")).toHaveLength(0);
    expect(document.querySelector("lastBuildDate")).toBeNull();
  });
});
