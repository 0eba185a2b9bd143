import { describe, expect, it } from "vitest";
import { sanitizeRichHtml } from "@rsv/kit/html";
import {
  forLanguage,
  newestFirst,
  normalizePostInput,
  parseKeywords,
  slugFromTitle,
  toBlogPost,
  type PostRecord,
} from "./post.js";

const record = (overrides: Partial<PostRecord>): PostRecord => ({
  id: 1,
  slug: "a",
  title: "A",
  excerpt: "e",
  content: "<p>c</p>",
  category: "longevity",
  imageUrl: "/api/images/demo-post-1.png",
  published: true,
  firstPublishedAt: "2026-01-01T00:00:00.000Z",
  metaTitle: null,
  metaDescription: null,
  keywords: [],
  lang: "en",
  translationId: null,
  translationSlug: null,
  translationPublished: false,
  live: true,
  createdAt: "2025-12-01T00:00:00.000Z",
  updatedAt: "2025-12-01T00:00:00.000Z",
  ...overrides,
});

const input = { title: "T", excerpt: "E", content: "<p>C</p>", category: "longevity", imageUrl: "/api/images/x.png" };

describe("keywords", () => {
  it("splits a comma string, trims and drops blanks", () => {
    expect(parseKeywords(" resveratrol, NAD+ ,, sirtuins ,")).toEqual(["resveratrol", "NAD+", "sirtuins"]);
  });
  it("trims a list and drops blank items", () => {
    expect(parseKeywords(["a ", " ", "b"])).toEqual(["a", "b"]);
    expect(parseKeywords(undefined)).toEqual([]);
  });
});

describe("slugFromTitle", () => {
  it("follows the slug rule", () => {
    expect(slugFromTitle("  Resveratrol & Sirtuins: What's New?  ")).toBe("resveratrol-sirtuins-what-s-new");
    expect(slugFromTitle("Biodisponibilidad del resveratrol: qué dice la ciencia")).toBe(
      "biodisponibilidad-del-resveratrol-que-dice-la-ciencia",
    );
  });
  it("is never empty and stays short", () => {
    expect(slugFromTitle("!!!")).toBe("post");
    const long = slugFromTitle("word ".repeat(80));
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe("normalizePostInput", () => {
  it("sanitises content and fills defaults", () => {
    const { values, slug, translationId } = normalizePostInput(
      {
        ...input,
        content: '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">l</a></p>',
        keywords: "a, b",
      },
      sanitizeRichHtml,
    );
    expect(values.content).toBe("<p>Hi<a>l</a></p>");
    expect(values).toMatchObject({ published: false, lang: "en", metaDescription: null, keywords: ["a", "b"] });
    expect(slug).toBeUndefined();
    expect(translationId).toBeUndefined();
  });
  it("refuses blank required fields and content that sanitises to nothing", () => {
    expect(() => normalizePostInput({ ...input, title: "  " }, sanitizeRichHtml)).toThrow("Title is required");
    expect(() => normalizePostInput({ ...input, content: "<script>x</script>" }, sanitizeRichHtml)).toThrow(
      "Content is required",
    );
  });
  it("refuses image URLs that are not a site path or http(s)", () => {
    for (const imageUrl of ["javascript:alert(1)", "//evil.example/x.png", "data:image/png;base64,AA"]) {
      expect(() => normalizePostInput({ ...input, imageUrl }, sanitizeRichHtml)).toThrow(/Image URL/);
    }
    expect(
      normalizePostInput({ ...input, imageUrl: "https://cdn.example.com/a.png" }, sanitizeRichHtml).values.imageUrl,
    ).toBe("https://cdn.example.com/a.png");
  });
});

describe("toBlogPost", () => {
  it("has no publishedAt while a draft, even after a first publication", () => {
    expect(toBlogPost(record({ published: false }), { admin: true }).publishedAt).toBeNull();
    expect(toBlogPost(record({}), { admin: false }).publishedAt).toBe("2026-01-01T00:00:00.000Z");
  });
  it("hides an unpublished translation from visitors only", () => {
    const linked = record({ translationId: 2, translationSlug: "b", translationPublished: false });
    expect(toBlogPost(linked, { admin: false })).toMatchObject({ translationId: null, translationSlug: null });
    expect(toBlogPost(linked, { admin: true })).toMatchObject({ translationId: 2, translationSlug: "b" });
  });
});

describe("forLanguage", () => {
  const en = record({ id: 1, lang: "en", translationId: 2, translationPublished: true });
  const es = record({ id: 2, lang: "es", translationId: 1, translationPublished: true });
  const enOnly = record({ id: 3, lang: "en" });
  const esOnly = record({ id: 4, lang: "es" });
  const enWithDraftEs = record({ id: 5, lang: "en", translationId: 6, translationPublished: false });
  const all = [en, es, enOnly, esOnly, enWithDraftEs];

  it("gives Spanish where it exists and English otherwise", () => {
    expect(forLanguage(all, "es").map((p) => p.id)).toEqual([2, 3, 4, 5]);
  });
  it("gives English plus Spanish-only articles", () => {
    expect(forLanguage(all, "en").map((p) => p.id)).toEqual([1, 3, 4, 5]);
  });
});

describe("newestFirst", () => {
  it("orders by publication date, drafts by creation date", () => {
    const posts = [
      record({ id: 1, firstPublishedAt: "2026-01-01T00:00:00.000Z" }),
      record({ id: 2, firstPublishedAt: "2026-03-01T00:00:00.000Z" }),
      record({ id: 3, published: false, firstPublishedAt: null, createdAt: "2026-02-01T00:00:00.000Z" }),
    ];
    expect(newestFirst(posts).map((p) => p.id)).toEqual([2, 3, 1]);
  });
});
