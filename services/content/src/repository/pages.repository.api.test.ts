import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import { readSeedPages } from "../seed/page-files.js";
import { contentService } from "../service.js";
import { PagesRepository } from "./pages.repository.js";

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
describe.each(repositoryDatabases)("pages repository on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let pages: PagesRepository;
  const seeds = readSeedPages();

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, contentService));
    pages = new PagesRepository(db);
    // PGlite starts PostgreSQL in WebAssembly: seconds alone, over a minute beside other suites on a loaded machine.
  }, 180_000);

  afterAll(() => close());

  it("holds every seed file after the migration, by key and language, as the file says", async () => {
    expect(seeds.length).toBeGreaterThanOrEqual(30);
    const list = await pages.list();
    expect(list.map((page) => `${page.key}/${page.lang}`)).toEqual(
      seeds.map((seed) => `${seed.key}/${seed.lang}`).sort(),
    );
    const seed = seeds.find((page) => page.key === "beginners-guide" && page.lang === "es")!;
    const stored = await pages.find("beginners-guide", "es");
    expect(stored).toEqual({ ...seed, updatedBy: null });
    expect(stored?.body).toContain(":::cards 4 #basics");
    expect(stored?.body).not.toMatch(/^title:/m);
  });

  it("saves a page that exists, stamping who and when, and leaves the other language alone", async () => {
    const before = await pages.find("privacy-policy", "en");
    const saved = await pages.save(
      "privacy-policy",
      "en",
      { title: "Privacy", metaTitle: null, metaDescription: "What we keep.", body: "## Who\n\nUs.\n" },
      "owner@example.com",
    );
    expect(saved).toMatchObject({
      key: "privacy-policy",
      lang: "en",
      title: "Privacy",
      metaTitle: null,
      metaDescription: "What we keep.",
      body: "## Who\n\nUs.\n",
      updatedBy: "owner@example.com",
    });
    expect(Date.parse(saved!.updatedAt)).toBeGreaterThan(Date.parse(before!.updatedAt));
    expect(await pages.find("privacy-policy", "en")).toEqual(saved);
    expect((await pages.find("privacy-policy", "es"))?.updatedBy).toBeNull();
  });

  it("answers undefined for a page that does not exist, on reading and on saving, and adds none", async () => {
    expect(await pages.find("no-such-page", "en")).toBeUndefined();
    const values = { title: "T", metaTitle: null, metaDescription: null, body: "B" };
    expect(await pages.save("no-such-page", "en", values, null)).toBeUndefined();
    expect((await pages.list()).length).toBe(seeds.length);
  });
});
