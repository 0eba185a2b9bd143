import { randomUUID } from "node:crypto";
import type { BlogPost } from "@rsv/api/client";
import { adminCookie, call, gatewayUrl, rawGet, type RawResponse } from "@rsv/kit/testing";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedSite, type EmbeddedSite } from "../../infra/local/topology.js";

/**
 * The RSS feeds, /rss.xml and /es/rss.xml, through the gateway: strict XML with the elements RSS 2.0
 * requires, each language's articles in its own words, a post published or deleted showing on the very
 * next read (no wait), and every page's head pointing at the feed of its language.
 */

const atom = "http://www.w3.org/2005/Atom";

interface Feed {
  document: Document;
  /** Text of the RSS (namespace-less) elements matching `selector`. */
  texts(selector: string): string[];
}

/** Parses as strict XML: a feed that is not well formed throws here. */
function parseFeed(response: RawResponse): Feed {
  const document = new JSDOM(response.body.toString("utf8"), { contentType: "application/xml" }).window.document;
  const texts = (selector: string) =>
    [...document.querySelectorAll(selector)]
      .filter((node) => node.namespaceURI === null)
      .map((node) => node.textContent ?? "");
  return { document, texts };
}

function feedChecks(base: () => string, login: () => Promise<string>) {
  const feedOf = { en: "/rss.xml", es: "/es/rss.xml" } as const;
  const read = async (lang: keyof typeof feedOf) => {
    const response = await rawGet(base(), feedOf[lang]);
    expect(response.status, feedOf[lang]).toBe(200);
    expect(response.headers["content-type"], feedOf[lang]).toBe("application/rss+xml; charset=utf-8");
    return parseFeed(response);
  };
  const titles = async (lang: keyof typeof feedOf) => (await read(lang)).texts("item > title");
  const write = async <T>(method: string, urlPath: string, cookie: string, json?: unknown) => {
    const response = await call<T>(method, urlPath, { json, headers: { cookie }, baseUrl: base() });
    expect(response.status, `${method} ${urlPath}: ${response.text}`).toBeGreaterThanOrEqual(200);
    expect(response.status, `${method} ${urlPath}: ${response.text}`).toBeLessThan(300);
    return response.body;
  };
  const article = (lang: "en" | "es", title: string, published: boolean) => ({
    title,
    excerpt: lang === "es" ? `Resumen de «${title}» & más` : `Summary of "${title}" & more`,
    content: "<p>Written by the feed test.</p>",
    category: lang === "es" ? "INVESTIGACIÓN" : "RESEARCH",
    imageUrl: "/api/images/demo-1.png",
    lang,
    published,
  });

  let cookie = "";
  const created: number[] = [];
  beforeAll(async () => {
    cookie = await login();
  });
  afterAll(async () => {
    for (const id of created.reverse())
      await call("DELETE", `/api/blog/${id}`, { headers: { cookie }, baseUrl: base() });
  });

  it("serves both feeds as strict RSS 2.0 with a self link, channel fields and complete items", async () => {
    for (const lang of ["en", "es"] as const) {
      const { document, texts } = await read(lang);
      expect(document.documentElement.tagName, lang).toBe("rss");
      expect(document.documentElement.getAttribute("version"), lang).toBe("2.0");
      for (const field of ["title", "link", "description", "language", "lastBuildDate"])
        expect(texts(`channel > ${field}`), `${lang} ${field}`).toHaveLength(1);
      expect(texts("channel > language")).toEqual([lang]);
      expect(new Date(texts("channel > lastBuildDate")[0]!).getTime(), lang).not.toBeNaN();
      const self = document.getElementsByTagNameNS(atom, "link")[0];
      expect(self?.getAttribute("rel"), lang).toBe("self");
      expect(new URL(self!.getAttribute("href")!).pathname, lang).toBe(feedOf[lang]);
      const items = [...document.querySelectorAll("item")];
      expect(items.length, lang).toBeGreaterThan(0);
      expect(items.length, lang).toBeLessThanOrEqual(20);
      for (const item of items) {
        const field = (name: string) => item.querySelector(name)?.textContent ?? "";
        expect(field("title"), lang).not.toBe("");
        expect(new URL(field("link")).pathname, lang).toMatch(lang === "es" ? /^\/es\/investigacion\// : /^\/blog\//);
        expect(field("guid"), lang).toBe(field("link"));
        expect(field("pubDate"), lang).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      }
    }
  });

  it("lists an article in English in the English feed and in Spanish in the Spanish feed, escaped", async () => {
    const marker = randomUUID().slice(0, 8);
    const englishTitle = `Resveratrol & <dose> ${marker}`;
    const spanishTitle = `Resveratrol y <dosis> ${marker}`;
    const english = await write<BlogPost>("POST", "/api/blog", cookie, article("en", englishTitle, true));
    created.push(english.id);
    const spanish = await write<BlogPost>("POST", "/api/blog", cookie, {
      ...article("es", spanishTitle, true),
      translationId: english.id,
    });
    created.push(spanish.id);

    const en = await read("en");
    expect(en.texts("item > title")).toContain(englishTitle);
    expect(en.texts("item > title")).not.toContain(spanishTitle);
    const es = await read("es");
    expect(es.texts("item > title")).toContain(spanishTitle);
    expect(es.texts("item > title")).not.toContain(englishTitle);
    const spanishItem = [...es.document.querySelectorAll("item")].find(
      (item) => item.querySelector("title")?.textContent === spanishTitle,
    )!;
    expect(new URL(spanishItem.querySelector("link")!.textContent!).pathname).toBe(`/es/investigacion/${spanish.slug}`);
    expect(spanishItem.querySelector("description")?.textContent).toBe(`Resumen de «${spanishTitle}» & más`);
    expect(spanishItem.querySelector("category")?.textContent).toBe("INVESTIGACIÓN");
  });

  it("never lists a draft, lists it on the read right after it is published, and drops it when deleted", async () => {
    const title = `Borrador del feed ${randomUUID().slice(0, 8)}`;
    // Read (and so kept by every cache) before the draft exists.
    expect(await titles("es")).not.toContain(title);
    const draft = await write<BlogPost>("POST", "/api/blog", cookie, article("es", title, false));
    created.push(draft.id);
    expect(await titles("es")).not.toContain(title);
    expect(await titles("en")).not.toContain(title);

    await write("PUT", `/api/blog/${draft.id}`, cookie, article("es", title, true));
    expect(await titles("es")).toContain(title);

    await write("DELETE", `/api/blog/${draft.id}`, cookie);
    expect(await titles("es")).not.toContain(title);
  });

  it("answers a reader who has the feed with 304", async () => {
    const first = await rawGet(base(), "/rss.xml");
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await rawGet(base(), "/rss.xml", { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("links the feed of the page's language from the head of its pages", async () => {
    for (const [page, feed] of [
      ["/", "/rss.xml"],
      ["/blog", "/rss.xml"],
      ["/es", "/es/rss.xml"],
      ["/es/investigacion", "/es/rss.xml"],
    ] as const) {
      const response = await rawGet(base(), page);
      expect(response.status, page).toBe(200);
      const { document } = new JSDOM(response.body.toString("utf8")).window;
      const links = [...document.head.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]')];
      expect(
        links.map((link) => link.getAttribute("href")),
        page,
      ).toEqual([feed]);
      expect(links[0]!.getAttribute("title"), page).toMatch(feed === "/rss.xml" ? /articles$/ : /artículos$/);
    }
  });
}

describe("the RSS feeds, through nginx", () => {
  feedChecks(gatewayUrl, adminCookie);
});

describe("the RSS feeds, from the embedded server (make start)", () => {
  const admin = { email: "feeds-admin@example.com", password: "feeds-admin-passphrase-42" };
  let site: EmbeddedSite | undefined;
  let base = "";

  beforeAll(async () => {
    site = await startEmbeddedSite("embedded-feeds", admin);
    base = site.base;
  }, 180_000);

  afterAll(() => site?.stop());

  const login = () => site!.adminCookie();
  feedChecks(() => base, login);
});
