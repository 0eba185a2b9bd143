import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, type Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import { PagesRepository } from "../repository/pages.repository.js";
import { readSeedPages } from "../seed/page-files.js";
import { contentService } from "../service.js";
import { content009 } from "./009_seed_page_corrections.js";

const before009 = contentService.migrations.slice(0, contentService.migrations.indexOf(content009));
const seeds = readSeedPages();
const seed = (key: string, lang: "en" | "es") => seeds.find((page) => page.key === key && page.lang === lang)!;

// The words installs were seeded with before the correction.
const oldPurity = {
  en: "Look for at least 95% trans-resveratrol. Lower-purity products contain more plant material and less of the active compound per capsule.",
  es: "Busca al menos un 95 % de trans-resveratrol. Los productos de menor pureza contienen más material vegetal y menos compuesto activo por cápsula.",
};
const newPurity = {
  en: /Look for 98% trans-resveratrol or more[^\n]*We recommend nothing below 95%/,
  es: /Busca un trans-resveratrol del 98 % o más[^\n]*No recomendamos nada por debajo del 95 %/,
};
const oldTitle = "Antioxidant Comparison: Astaxanthin, Resveratrol, Vitamins C and E, Beta-Carotene";
const ownersBody = (lang: "en" | "es") =>
  seed("faq", lang).body.replace(newPurity[lang], oldPurity[lang]) + "\nOwner's note.\n";

describe.each(repositoryDatabases)("the seed's corrections on an existing install on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let pages: PagesRepository;
  let untouched: Awaited<ReturnType<PagesRepository["find"]>>;

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, { schema: "content", migrations: before009 }));
    // As installed before: the FAQ's old purity answer and the antioxidant page's old search title,
    // never saved; the Spanish FAQ with the old answer too, but saved by the owner with a note.
    const faq = seed("faq", "en");
    expect(faq.body).toMatch(newPurity.en);
    await db("content.pages")
      .where({ key: "faq", lang: "en" })
      .update({ body: faq.body.replace(newPurity.en, oldPurity.en), updated_at: "2026-11-25T00:00:00.000Z" });
    await db("content.pages")
      .where({ key: "antioxidant-comparison", lang: "en" })
      .update({ meta_title: oldTitle, updated_at: "2026-11-20T00:00:00.000Z" });
    await db("content.pages")
      .where({ key: "faq", lang: "es" })
      .update({ body: ownersBody("es"), updated_by: "owner@example.com" });
    pages = new PagesRepository(db);
    untouched = await pages.find("privacy-policy", "en");
    await migrate(db, "content", contentService.migrations);
  }, 180_000);

  afterAll(() => close());

  it("gives a page no one has saved the corrected words and the date of the correction", async () => {
    const faq = await pages.find("faq", "en");
    expect(faq).toEqual({ ...seed("faq", "en"), updatedBy: null });
    expect(faq?.body).toMatch(newPurity.en);
    expect(faq?.body).not.toContain(oldPurity.en);
    const antioxidants = await pages.find("antioxidant-comparison", "en");
    expect(antioxidants).toEqual({ ...seed("antioxidant-comparison", "en"), updatedBy: null });
    expect(antioxidants?.metaTitle).not.toBe(oldTitle);
  });

  it("leaves a page the owner has saved as the owner wrote it", async () => {
    const faq = await pages.find("faq", "es");
    expect(faq?.body).toBe(ownersBody("es"));
    expect(faq?.updatedBy).toBe("owner@example.com");
  });

  it("leaves a page that already says what its file says alone, with its date", async () => {
    expect(untouched?.updatedBy).toBeNull();
    expect(await pages.find("privacy-policy", "en")).toEqual(untouched);
  });
});
