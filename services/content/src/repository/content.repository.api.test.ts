import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import type { PostValues } from "../domain/post.js";
import { DEFAULT_SETTINGS } from "../domain/settings.js";
import { contentService } from "../service.js";
import { PostsRepository } from "./posts.repository.js";
import { SettingsRepository } from "./settings.repository.js";

const values = (overrides: Partial<PostValues> = {}): PostValues => ({
  title: "A post",
  excerpt: "Its excerpt.",
  content: "<p>Its body.</p>",
  category: "RESEARCH STUDY",
  imageUrl: "/api/images/demo-post-1.png",
  published: true,
  metaTitle: null,
  metaDescription: null,
  keywords: ["resveratrol"],
  lang: "en",
  ...overrides,
});

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
describe.each(repositoryDatabases)("content's repositories on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let posts: PostsRepository;
  let settings: SettingsRepository;

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, contentService));
    posts = new PostsRepository(db);
    settings = new SettingsRepository(db);
    // PGlite starts PostgreSQL in WebAssembly: seconds alone, over a minute beside other suites on a loaded machine.
  }, 180_000);

  afterAll(() => close());

  it("keeps a post scheduled for later out of the visitors' list, and makes it public at once on request", async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await posts.create({ values: values(), publishAt: later }, "scheduled-post");
    expect(scheduled).toMatchObject({ firstPublishedAt: later, live: false });
    expect((await posts.list({ publishedOnly: true })).map((post) => post.id)).not.toContain(scheduled.id);
    expect((await posts.list()).map((post) => post.id)).toContain(scheduled.id);
    // Its translation is not shown as published to visitors either.
    const translation = await posts.create(
      { values: values({ lang: "es" }), translationId: scheduled.id },
      "programado",
    );
    expect(translation.translationPublished).toBe(false);
    // Saved again without a time, it keeps its time; with null, it goes public now.
    expect((await posts.update(scheduled.id, { values: values() }))?.live).toBe(false);
    const now = await posts.update(scheduled.id, { values: values(), publishAt: null });
    expect(now?.live).toBe(true);
    expect(Date.parse(now!.firstPublishedAt!)).toBeLessThanOrEqual(Date.now());
    expect((await posts.findById(translation.id))?.translationPublished).toBe(true);
  });

  it("creates a post, finds it by id and slug, and lists it", async () => {
    const created = await posts.create({ values: values({ title: "Created" }) }, "created");
    expect(created).toMatchObject({ title: "Created", slug: "created", published: true, keywords: ["resveratrol"] });
    expect(created.firstPublishedAt).not.toBeNull();
    expect(await posts.findById(created.id)).toEqual(created);
    expect(await posts.findBySlug("created")).toEqual(created);
    expect((await posts.list({ publishedOnly: true })).map((post) => post.id)).toContain(created.id);
    // The title's slug again: the next free one.
    expect((await posts.create({ values: values() }, "created")).slug).toBe("created-2");
  });

  it("updates a post that exists, and answers undefined for one that does not", async () => {
    const created = await posts.create({ values: values({ published: false }) }, "to-update");
    const updated = await posts.update(created.id, { values: values({ title: "Updated", published: false }) });
    expect(updated).toMatchObject({ id: created.id, title: "Updated", slug: "to-update" });
    expect((await posts.findById(created.id))?.title).toBe("Updated");
    expect(await posts.update(2_000_000_000, { values: values() })).toBeUndefined();
  });

  it("deletes a post that exists (true), and answers false for one that does not", async () => {
    const created = await posts.create({ values: values() }, "to-delete");
    expect(await posts.delete(created.id)).toBe(true);
    expect(await posts.findById(created.id)).toBeUndefined();
    expect(await posts.delete(created.id)).toBe(false);
  });

  it("links translations both ways, and unlinks them when one side is deleted", async () => {
    const english = await posts.create({ values: values() }, "linked-en");
    const spanish = await posts.create({ values: values({ lang: "es" }), translationId: english.id }, "linked-es");
    expect((await posts.findById(english.id))?.translationSlug).toBe("linked-es");
    expect(spanish.translationSlug).toBe("linked-en");
    expect(await posts.delete(spanish.id)).toBe(true);
    expect((await posts.findById(english.id))?.translationSlug).toBeNull();
  });

  it("saves the site settings over the defaults, and writes the seed's only once", async () => {
    expect(await settings.get()).toBeUndefined();
    expect(await settings.insertIfMissing({ ...DEFAULT_SETTINGS, siteName: "Seeded" })).toBe(true);
    expect(await settings.insertIfMissing({ ...DEFAULT_SETTINGS, siteName: "Seeded again" })).toBe(false);
    const saved = await settings.update({ siteName: "Saved", legalEffectiveDate: "2026-01-31" }, DEFAULT_SETTINGS);
    expect(saved).toMatchObject({ siteName: "Saved", legalEffectiveDate: "2026-01-31" });
    expect(await settings.get()).toEqual(saved);
  });
});
