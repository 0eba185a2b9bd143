import type { BlogPost, PublishedPage, SiteSettings } from "@rsv/api/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "@rsv/kit";
import { startEmbeddedService, type EmbeddedService } from "@rsv/kit/testing";
import { demoPosts, demoSettings } from "./seed/posts.js";
import { contentService } from "./service.js";

// Embedded mode (make start) runs over PGlite: the seed and the public reads must work there too.
describe("blog over embedded PGlite", () => {
  let service: EmbeddedService;
  let db: Knex;
  let url = "";

  beforeAll(async () => {
    service = await startEmbeddedService(contentService);
    ({ db, url } = service);
  }, 60_000);

  afterAll(() => service?.close());

  const list = async (lang: "en" | "es") =>
    (await (await fetch(`${url}/api/blog?published=true&lang=${lang}`)).json()) as BlogPost[];

  it("seeds the demo posts once, with their dates, keywords and translation links", async () => {
    const [row] = await db("content.posts").count<{ n: number }[]>({ n: "*" });
    expect(Number(row?.n)).toBe(demoPosts.length);
    const english = await list("en");
    const seed = demoPosts.find((post) => post.key === "sirtuins-longevity")!;
    const translation = demoPosts.find((post) => post.translationOf === seed.key)!;
    const post = english.find((candidate) => candidate.slug === seed.slug)!;
    expect(post).toMatchObject({
      publishedAt: seed.publishedAt,
      keywords: seed.keywords,
      translationSlug: translation.slug,
    });
    expect(english.map((candidate) => candidate.slug)).not.toContain(translation.slug);
  });

  it("lists Spanish where it exists and English otherwise, without drafts", async () => {
    const spanish = await list("es");
    const slugs = spanish.map((post) => post.slug);
    for (const seed of demoPosts.filter((post) => post.published)) {
      const translated = demoPosts.some(
        (other) => other.translationOf === seed.key || seed.translationOf === other.key,
      );
      expect(slugs.includes(seed.slug), seed.slug).toBe(seed.lang === "es" || !translated);
    }
    for (const seed of demoPosts.filter((post) => !post.published)) expect(slugs).not.toContain(seed.slug);
  });

  it("answers the demo settings, the site described in both languages", async () => {
    const settings = (await (await fetch(`${url}/api/site-settings`)).json()) as SiteSettings;
    expect(settings.siteName).toBe("Vinetree Longevity Reviews");
    expect(settings.description).toEqual(demoSettings.description);
    expect(settings.description.es).toMatch(/resveratrol/);
  });

  it("serves the pages the migration seeded, compiled", async () => {
    const response = await fetch(`${url}/api/pages/privacy-policy/es`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as PublishedPage;
    expect(page.content.meta.template).toBe("legal");
    expect(page.content.blocks.length).toBeGreaterThan(1);
  });
});
