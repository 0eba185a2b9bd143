import { describe, expect, it } from "vitest";
import { headTagsHtml, serializeJsonForScript, titleWithSiteName } from "./head-data.js";

const site = { origin: "https://reviews.example", siteName: "Vinetree Reviews", faviconUrl: "/assets/favicon.svg" };

describe("page head", () => {
  it("adds the site name to a title unless it is already there", () => {
    expect(titleWithSiteName("Resveratrol FAQ", "Vinetree Reviews")).toBe("Resveratrol FAQ | Vinetree Reviews");
    expect(titleWithSiteName("Welcome to vinetree reviews", "Vinetree Reviews")).toBe("Welcome to vinetree reviews");
    expect(titleWithSiteName("", "Vinetree Reviews")).toBe("Vinetree Reviews");
  });

  it("keeps titles within 70 characters: no site name when it would not fit, long titles cut at a word", () => {
    const long = "Resveratrol FAQ: Dosage, Safety, Benefits and How to Choose";
    expect(titleWithSiteName(long, "Vinetree Longevity Reviews")).toBe(long);
    const tooLong = "A very long review title that goes on and on about one resveratrol supplement";
    const title = titleWithSiteName(tooLong, "Vinetree Reviews");
    expect(title.length).toBeLessThanOrEqual(70);
    expect(title).toBe("A very long review title that goes on and on about one resveratrol…");
  });

  it("writes canonical, hreflang alternates with x-default, Open Graph locales and JSON-LD", () => {
    const html = headTagsHtml(
      {
        lang: "es",
        title: "Comparativa",
        description: 'Precios "reales" & más',
        path: "/es/comparacion",
        alternates: { en: "/comparison", es: "/es/comparacion" },
        jsonLd: [{ "@type": "ItemList", name: "</script><script>alert(1)</script>" }],
      },
      site,
    );
    expect(html).toContain('<link data-head="" rel="canonical" href="https://reviews.example/es/comparacion">');
    expect(html).toContain('hreflang="en" href="https://reviews.example/comparison"');
    expect(html).toContain('hreflang="x-default" href="https://reviews.example/comparison"');
    expect(html).toContain('content="Precios &quot;reales&quot; &amp; más"');
    expect(html).toContain('property="og:locale" content="es_ES"');
    expect(html).toContain('property="og:locale:alternate" content="en_US"');
    expect(html).not.toContain("</script><script>");
  });

  it("keeps JSON inside a script element from closing it", () => {
    expect(serializeJsonForScript({ a: "</script>" })).toBe('{"a":"\\u003c/script>"}');
  });

  it("links the RSS feed of the page's language, and none without a feed title", () => {
    const head = { title: "Blog", description: "", alternates: {} };
    const spanish = headTagsHtml(
      { ...head, lang: "es", path: "/es/investigacion" },
      { ...site, feedTitle: "A & B: artículos" },
    );
    expect(spanish).toContain(
      '<link data-head="" rel="alternate" type="application/rss+xml" title="A &amp; B: artículos" href="/es/rss.xml">',
    );
    const english = headTagsHtml({ ...head, lang: "en", path: "/blog" }, { ...site, feedTitle: "A: articles" });
    expect(english).toContain('type="application/rss+xml" title="A: articles" href="/rss.xml"');
    expect(headTagsHtml({ ...head, lang: "en", path: "/admin" }, site)).not.toContain("application/rss+xml");
  });
});
