import type { BlogPost, ErrorBody, SiteSettings } from "@rsv/api/client";
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminCookie, assertMatchesSpec, call, holdSiteSettings, type ApiResponse } from "@rsv/kit/testing";

const unique = () => randomUUID().slice(0, 8);

function postInput(overrides: Record<string, unknown> = {}) {
  return {
    title: `Test article ${unique()}`,
    excerpt: "An article written by the test suite.",
    content: "<p>Body of the test article.</p>",
    category: "RESEARCH STUDY",
    imageUrl: "/api/images/demo-post-1.png",
    ...overrides,
  };
}

describe("blog posts and site settings through the gateway", () => {
  let cookie = "";

  const send = async <T>(
    operationId: string,
    method: string,
    path: string,
    options: { json?: unknown; admin?: boolean; body?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> => {
    // The service's own answer: the gateway keeps anonymous reads for a moment, and these tests
    // read right after writing (how soon visitors see a change is compression-caching's test).
    const headers = { "cache-control": "no-cache", ...options.headers, ...(options.admin ? { cookie } : {}) };
    const response = await call<T>(method, path, { json: options.json, body: options.body, headers });
    assertMatchesSpec(operationId, response);
    return response;
  };
  const createPost = async (overrides: Record<string, unknown> = {}) => {
    const response = await send<BlogPost>("createBlogPost", "POST", "/api/blog", {
      json: postInput(overrides),
      admin: true,
    });
    expect(response.status, response.text).toBe(201);
    return response.body;
  };
  const publicList = async (lang?: "en" | "es") =>
    (await send<BlogPost[]>("listBlogPosts", "GET", `/api/blog?published=true${lang ? `&lang=${lang}` : ""}`)).body;
  const adminList = async () => (await send<BlogPost[]>("listBlogPosts", "GET", "/api/blog", { admin: true })).body;

  beforeAll(async () => {
    cookie = await adminCookie();
  });

  describe("public reads", () => {
    it("lists only published posts, newest first", async () => {
      const posts = await publicList();
      expect(posts.length).toBeGreaterThan(0);
      expect(posts.every((post) => post.published && post.publishedAt !== null)).toBe(true);
      const dates = posts.map((post) => Date.parse(post.publishedAt!));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    });

    it("never shows a draft to visitors, but does to the admin", async () => {
      const draft = await createPost({ title: `Draft only ${unique()}` });
      expect(draft.published).toBe(false);
      expect(draft.publishedAt).toBeNull();
      for (const lang of ["en", "es"] as const) {
        expect((await publicList(lang)).map((post) => post.id)).not.toContain(draft.id);
      }
      const bySlug = await send<ErrorBody>("getBlogPostBySlug", "GET", `/api/blog/slug/${draft.slug}`);
      expect(bySlug.status).toBe(404);
      expect(bySlug.body.error.code).toBe("not_found");
      expect((await adminList()).map((post) => post.id)).toContain(draft.id);
      const asAdmin = await send<BlogPost>("getBlogPostBySlug", "GET", `/api/blog/slug/${draft.slug}`, { admin: true });
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body.id).toBe(draft.id);
    });

    it("answers 401 for the list with drafts without a session", async () => {
      for (const path of ["/api/blog", "/api/blog?published=false", "/api/blog?lang=es"]) {
        const response = await send<ErrorBody>("listBlogPosts", "GET", path);
        expect(response.status, path).toBe(401);
        expect(response.body.error.code).toBe("unauthorized");
      }
    });

    it("answers 404 for an unknown slug", async () => {
      const response = await send<ErrorBody>("getBlogPostBySlug", "GET", `/api/blog/slug/no-such-post-${unique()}`);
      expect(response.status).toBe(404);
    });
  });

  describe("writing posts", () => {
    it("sets publishedAt when a post is first published and keeps that date", async () => {
      const draft = await createPost();
      const input = postInput({ title: draft.title });
      const published = await send<BlogPost>("updateBlogPost", "PUT", `/api/blog/${draft.id}`, {
        json: { ...input, published: true },
        admin: true,
      });
      expect(published.status).toBe(200);
      const firstDate = published.body.publishedAt;
      expect(firstDate).not.toBeNull();
      expect(published.body.slug).toBe(draft.slug);

      const unpublished = await send<BlogPost>("updateBlogPost", "PUT", `/api/blog/${draft.id}`, {
        json: { ...input, published: false },
        admin: true,
      });
      expect(unpublished.body.publishedAt).toBeNull();
      const republished = await send<BlogPost>("updateBlogPost", "PUT", `/api/blog/${draft.id}`, {
        json: { ...input, published: true },
        admin: true,
      });
      expect(republished.body.publishedAt).toBe(firstDate);

      const visible = await send<BlogPost>("getBlogPostBySlug", "GET", `/api/blog/slug/${draft.slug}`);
      expect(visible.status).toBe(200);
      expect((await publicList()).map((post) => post.id)).toContain(draft.id);
    });

    it("publishes on create with a date", async () => {
      const post = await createPost({ published: true });
      expect(post.publishedAt).not.toBeNull();
      expect(Math.abs(Date.parse(post.publishedAt!) - Date.now())).toBeLessThan(60_000);
    });

    it("generates the slug from the title and de-duplicates it", async () => {
      const title = `Resveratrol & NAD+: ${unique()} Notes!`;
      const first = await createPost({ title });
      const second = await createPost({ title });
      expect(first.slug).toMatch(/^resveratrol-nad-[a-z0-9]+-notes$/);
      expect(second.slug).toBe(`${first.slug}-2`);
      const third = await createPost({ title });
      expect(third.slug).toBe(`${first.slug}-3`);
    });

    it("keeps a given slug and refuses a taken one with 409", async () => {
      const slug = `chosen-slug-${unique()}`;
      const post = await createPost({ slug });
      expect(post.slug).toBe(slug);
      const clash = await send<ErrorBody>("createBlogPost", "POST", "/api/blog", {
        json: postInput({ slug }),
        admin: true,
      });
      expect(clash.status).toBe(409);
      expect(clash.body.error.code).toBe("conflict");
      const other = await createPost();
      const renamed = await send<ErrorBody>("updateBlogPost", "PUT", `/api/blog/${other.id}`, {
        json: postInput({ slug }),
        admin: true,
      });
      expect(renamed.status).toBe(409);
    });

    it("splits keywords from a comma-separated string", async () => {
      const post = await createPost({ keywords: " resveratrol, sirtuins ,, NAD+ , " });
      expect(post.keywords).toEqual(["resveratrol", "sirtuins", "NAD+"]);
      const listed = await createPost({ keywords: ["a", " ", " b "] });
      expect(listed.keywords).toEqual(["a", "b"]);
    });

    it("removes scripts, event handlers and javascript: URLs from content", async () => {
      const post = await createPost({
        content:
          '<h2>Safe</h2><script>alert(1)</script><img src="/api/images/demo-post-1.png" onerror="alert(2)"><a href="javascript:alert(3)">link</a><p onclick="x()">text</p>',
      });
      expect(post.content).toContain("<h2>Safe</h2>");
      expect(post.content).toContain('<img src="/api/images/demo-post-1.png" />');
      expect(post.content).not.toMatch(/script|onerror|onclick|javascript:/i);
      const fetched = await send<BlogPost>("getBlogPost", "GET", `/api/blog/${post.id}`, { admin: true });
      expect(fetched.body.content).toBe(post.content);
    });

    it("deletes a post", async () => {
      const post = await createPost();
      expect((await send("deleteBlogPost", "DELETE", `/api/blog/${post.id}`, { admin: true })).status).toBe(204);
      expect((await send("getBlogPost", "GET", `/api/blog/${post.id}`, { admin: true })).status).toBe(404);
      expect((await send("deleteBlogPost", "DELETE", `/api/blog/${post.id}`, { admin: true })).status).toBe(404);
    });

    it("refuses writes without a session", async () => {
      const post = await createPost();
      const attempts = [
        send<ErrorBody>("createBlogPost", "POST", "/api/blog", { json: postInput() }),
        send<ErrorBody>("updateBlogPost", "PUT", `/api/blog/${post.id}`, { json: postInput() }),
        send<ErrorBody>("deleteBlogPost", "DELETE", `/api/blog/${post.id}`),
        send<ErrorBody>("getBlogPost", "GET", `/api/blog/${post.id}`),
      ];
      for (const response of await Promise.all(attempts)) expect(response.status).toBe(401);
    });
  });

  describe("translations", () => {
    it("links both ways, shows the translation's slug and unlinks both", async () => {
      const english = await createPost({ published: true, lang: "en" });
      const spanish = await createPost({ published: true, lang: "es", translationId: english.id });
      expect(spanish.translationId).toBe(english.id);
      expect(spanish.translationSlug).toBe(english.slug);

      const englishNow = await send<BlogPost>("getBlogPostBySlug", "GET", `/api/blog/slug/${english.slug}`);
      expect(englishNow.body.translationId).toBe(spanish.id);
      expect(englishNow.body.translationSlug).toBe(spanish.slug);

      const unlinked = await send<BlogPost>("updateBlogPost", "PUT", `/api/blog/${spanish.id}`, {
        json: postInput({ title: spanish.title, published: true, lang: "es", translationId: null }),
        admin: true,
      });
      expect(unlinked.body.translationId).toBeNull();
      const englishAfter = await send<BlogPost>("getBlogPost", "GET", `/api/blog/${english.id}`, { admin: true });
      expect(englishAfter.body.translationId).toBeNull();
      expect(englishAfter.body.translationSlug).toBeNull();
    });

    it("keeps the link when an update does not mention it, and moves it when relinked", async () => {
      const english = await createPost({ published: true });
      const spanish = await createPost({ published: true, lang: "es", translationId: english.id });
      const edited = await send<BlogPost>("updateBlogPost", "PUT", `/api/blog/${english.id}`, {
        json: postInput({ title: `${english.title} edited`, published: true }),
        admin: true,
      });
      expect(edited.body.translationId).toBe(spanish.id);

      const otherSpanish = await createPost({ published: true, lang: "es" });
      const relinked = await send<BlogPost>("updateBlogPost", "PUT", `/api/blog/${english.id}`, {
        json: postInput({ title: english.title, published: true, translationId: otherSpanish.id }),
        admin: true,
      });
      expect(relinked.body.translationId).toBe(otherSpanish.id);
      const formerPartner = await send<BlogPost>("getBlogPost", "GET", `/api/blog/${spanish.id}`, { admin: true });
      expect(formerPartner.body.translationId).toBeNull();
    });

    it("refuses a translation in the same language, a missing one or itself", async () => {
      const english = await createPost();
      const otherEnglish = await createPost();
      for (const translationId of [otherEnglish.id, 2_000_000_000]) {
        const response = await send<ErrorBody>("createBlogPost", "POST", "/api/blog", {
          json: postInput({ translationId }),
          admin: true,
        });
        expect(response.status).toBe(400);
        expect(response.body.error.details?.[0]?.path).toBe("body.translationId");
      }
      const self = await send<ErrorBody>("updateBlogPost", "PUT", `/api/blog/${english.id}`, {
        json: postInput({ translationId: english.id }),
        admin: true,
      });
      expect(self.status).toBe(400);
    });

    it("hides an unpublished translation from visitors", async () => {
      const english = await createPost({ published: true });
      await createPost({ lang: "es", translationId: english.id });
      const visitor = await send<BlogPost>("getBlogPostBySlug", "GET", `/api/blog/slug/${english.slug}`);
      expect(visitor.body.translationSlug).toBeNull();
      expect((await publicList("es")).map((post) => post.id)).toContain(english.id);
    });

    it("lists Spanish where it exists and English otherwise for lang=es, and the reverse for lang=en", async () => {
      const english = await createPost({ published: true });
      const spanish = await createPost({ published: true, lang: "es", translationId: english.id });
      const englishOnly = await createPost({ published: true });
      const spanishOnly = await createPost({ published: true, lang: "es" });

      const es = (await publicList("es")).map((post) => post.id);
      expect(es).toEqual(expect.arrayContaining([spanish.id, englishOnly.id, spanishOnly.id]));
      expect(es).not.toContain(english.id);

      const en = (await publicList("en")).map((post) => post.id);
      expect(en).toEqual(expect.arrayContaining([english.id, englishOnly.id, spanishOnly.id]));
      expect(en).not.toContain(spanish.id);
      const byDefault = (await publicList()).map((post) => post.id);
      expect(byDefault).toEqual(expect.arrayContaining([english.id, spanishOnly.id]));
      expect(byDefault).not.toContain(spanish.id);
    });

    it("seeds Spanish translations of the demo articles", async () => {
      const es = await publicList("es");
      const linked = es.filter((post) => post.lang === "es" && post.translationSlug);
      expect(linked.length).toBeGreaterThan(0);
      const partner = await send<BlogPost>("getBlogPostBySlug", "GET", `/api/blog/slug/${linked[0]!.translationSlug}`);
      expect(partner.body.lang).toBe("en");
      expect(partner.body.translationSlug).toBe(linked[0]!.slug);
    });
  });

  describe("site settings", () => {
    // Other files change the settings too: held while these change them and check what they changed.
    let release: (() => void) | undefined;
    beforeEach(async () => {
      release = await holdSiteSettings();
    }, 180_000);
    afterEach(() => release?.());

    it("are public to read", async () => {
      const response = await send<SiteSettings>("getSiteSettings", "GET", "/api/site-settings");
      expect(response.status).toBe(200);
      expect(response.body.siteName.length).toBeGreaterThan(0);
    });

    it("refuses an update without a session", async () => {
      const response = await send<ErrorBody>("updateSiteSettings", "PUT", "/api/site-settings", {
        json: { siteName: "Hijacked" },
      });
      expect(response.status).toBe(401);
    });

    it("change only the given fields, store empty strings as null and refuse a blank name", async () => {
      const before = (await send<SiteSettings>("getSiteSettings", "GET", "/api/site-settings")).body;
      try {
        const description = { en: `Described by the tests ${unique()}`, es: `Descrito por las pruebas ${unique()}` };
        const updated = await send<SiteSettings>("updateSiteSettings", "PUT", "/api/site-settings", {
          json: { description: { en: ` ${description.en} `, es: description.es }, faviconUrl: "" },
          admin: true,
        });
        expect(updated.status).toBe(200);
        expect(updated.body).toMatchObject({
          siteName: before.siteName,
          logoUrl: before.logoUrl,
          description,
          faviconUrl: null,
        });
        expect(Date.parse(updated.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
        expect((await send<SiteSettings>("getSiteSettings", "GET", "/api/site-settings")).body.description).toEqual(
          description,
        );
        // Clearing the Spanish text leaves the English one as it was.
        const spanishCleared = await send<SiteSettings>("updateSiteSettings", "PUT", "/api/site-settings", {
          json: { description: { es: "" } },
          admin: true,
        });
        expect(spanishCleared.body.description).toEqual({ en: description.en, es: null });
        await send("updateSiteSettings", "PUT", "/api/site-settings", { json: { description }, admin: true });

        const legal = await send<SiteSettings>("updateSiteSettings", "PUT", "/api/site-settings", {
          json: {
            legalName: "Owner Test Ltd",
            contactAddress: "privacy@owner.example",
            legalEffectiveDate: "2026-03-01",
          },
          admin: true,
        });
        expect(legal.status).toBe(200);
        expect(legal.body).toMatchObject({
          legalName: "Owner Test Ltd",
          contactAddress: "privacy@owner.example",
          legalEffectiveDate: "2026-03-01",
          description,
        });

        for (const json of [
          { legalEffectiveDate: "1 March" },
          { legalEffectiveDate: "2026-02-30" },
          { siteName: "" },
          { siteName: "   " },
          { logoUrl: "javascript:alert(1)" },
          { colour: "red" },
          { description: "One text for both languages" },
        ]) {
          const refused = await send<ErrorBody>("updateSiteSettings", "PUT", "/api/site-settings", {
            json,
            admin: true,
          });
          expect(refused.status, JSON.stringify(json)).toBe(400);
          expect(refused.body.error.code).toBe("validation_failed");
        }
      } finally {
        const { siteName, logoUrl, faviconUrl, description, legalName, contactAddress, legalEffectiveDate } = before;
        await send("updateSiteSettings", "PUT", "/api/site-settings", {
          json: { siteName, logoUrl, faviconUrl, description, legalName, contactAddress, legalEffectiveDate },
          admin: true,
        });
      }
    });
  });

  describe("the site's claims", () => {
    // Only the exit offer's perks: the pages' claims suite (gateway/src/site-claims.api.test.ts) writes the others.
    it("keep each language's own lines, trimmed and without repeats, and a language left out as it was", async () => {
      const before = (await send<SiteSettings>("getSiteSettings", "GET", "/api/site-settings")).body;
      try {
        const saved = await send<SiteSettings>("updateSiteSettings", "PUT", "/api/site-settings", {
          json: { popupPerks: { en: [" Lab tested ", "", "Lab tested"], es: ["Probado en laboratorio"] } },
          admin: true,
        });
        expect(saved.status).toBe(200);
        expect(saved.body.popupPerks).toEqual({ en: ["Lab tested"], es: ["Probado en laboratorio"] });
        const spanishOnly = await send<SiteSettings>("updateSiteSettings", "PUT", "/api/site-settings", {
          json: { popupPerks: { es: [] } },
          admin: true,
        });
        // The English perks stay; the Spanish page gets none rather than borrow the English ones.
        expect(spanishOnly.body.popupPerks).toEqual({ en: ["Lab tested"], es: [] });
        expect((await send<SiteSettings>("getSiteSettings", "GET", "/api/site-settings")).body.popupPerks).toEqual({
          en: ["Lab tested"],
          es: [],
        });
        const tooMany = await send<ErrorBody>("updateSiteSettings", "PUT", "/api/site-settings", {
          json: { popupPerks: { en: Array.from({ length: 7 }, (_, n) => `Perk ${n}`) } },
          admin: true,
        });
        expect(tooMany.status).toBe(400);
      } finally {
        await send("updateSiteSettings", "PUT", "/api/site-settings", {
          json: { popupPerks: before.popupPerks },
          admin: true,
        });
      }
    });
  });

  describe("bad input", () => {
    it("answers 400 with the error envelope, never 5xx", async () => {
      const post = await createPost();
      const cases: Array<
        [string, string, string, { json?: unknown; body?: string; headers?: Record<string, string> }]
      > = [
        ["listBlogPosts", "GET", "/api/blog?published=maybe", {}],
        ["listBlogPosts", "GET", "/api/blog?published=true&lang=fr", {}],
        ["getBlogPost", "GET", "/api/blog/abc", {}],
        ["getBlogPost", "GET", "/api/blog/0", {}],
        ["updateBlogPost", "PUT", "/api/blog/-1", { json: postInput() }],
        ["deleteBlogPost", "DELETE", "/api/blog/1.5", {}],
        ["getBlogPostBySlug", "GET", `/api/blog/slug/${"x".repeat(201)}`, {}],
        ["createBlogPost", "POST", "/api/blog", { json: {} }],
        ["createBlogPost", "POST", "/api/blog", { json: postInput({ title: "" }) }],
        ["createBlogPost", "POST", "/api/blog", { json: postInput({ title: "   " }) }],
        ["createBlogPost", "POST", "/api/blog", { json: postInput({ content: "<script>alert(1)</script>" }) }],
        ["createBlogPost", "POST", "/api/blog", { json: postInput({ slug: "Not A Slug" }) }],
        ["createBlogPost", "POST", "/api/blog", { json: postInput({ lang: "fr" }) }],
        ["createBlogPost", "POST", "/api/blog", { json: postInput({ published: "yes" }) }],
        ["createBlogPost", "POST", "/api/blog", { json: postInput({ keywords: 42 }) }],
        ["createBlogPost", "POST", "/api/blog", { json: postInput({ imageUrl: "javascript:alert(1)" }) }],
        ["createBlogPost", "POST", "/api/blog", { json: postInput({ unknownField: true }) }],
        ["createBlogPost", "POST", "/api/blog", { json: [1, 2] }],
        ["createBlogPost", "POST", "/api/blog", { body: "{not json", headers: { "content-type": "application/json" } }],
        ["updateBlogPost", "PUT", `/api/blog/${post.id}`, { json: { title: "only a title" } }],
        ["updateBlogPost", "PUT", `/api/blog/${post.id}`, { json: postInput({ translationId: "x" }) }],
        ["updateSiteSettings", "PUT", "/api/site-settings", { json: { siteName: 42 } }],
        ["updateSiteSettings", "PUT", "/api/site-settings", { json: "text" }],
        ["updateSiteSettings", "PUT", "/api/site-settings", { json: { description: { es: "x".repeat(1001) } } }],
      ];
      for (const [operationId, method, path, options] of cases) {
        const response = await send<ErrorBody>(operationId, method, path, { ...options, admin: true });
        expect(response.status, `${method} ${path} ${response.text}`).toBe(400);
        expect(response.body.error.code).toBe("validation_failed");
      }
    });

    it("answers 404 for posts that do not exist", async () => {
      for (const [operationId, method] of [
        ["getBlogPost", "GET"],
        ["updateBlogPost", "PUT"],
        ["deleteBlogPost", "DELETE"],
      ] as const) {
        const response = await send<ErrorBody>(operationId, method, "/api/blog/2000000000", {
          json: method === "PUT" ? postInput() : undefined,
          admin: true,
        });
        expect(response.status, operationId).toBe(404);
      }
    });
  });
});
