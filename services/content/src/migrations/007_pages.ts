import type { Migration } from "@rsv/kit";
import { readSeedPages } from "../seed/page-files.js";

/**
 * The guide, landing and legal pages and the FAQ, one row per page and language, which the owner
 * edits in the admin. A fresh install starts from the Markdown files in services/content/pages.
 */
export const content007: Migration = {
  name: "007_pages",
  async up(db) {
    await db.schema.withSchema("content").createTable("pages", (t) => {
      t.text("key").notNullable();
      t.text("lang").notNullable();
      t.text("title").notNullable();
      t.text("meta_title");
      t.text("meta_description");
      t.text("body").notNullable();
      t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      // The email of the admin who saved it last; null for the page as installed.
      t.text("updated_by");
      t.primary(["key", "lang"]);
    });
    await db.raw("alter table content.pages add constraint pages_lang_check check (lang in ('en', 'es'))");
    const seeds = readSeedPages();
    if (seeds.length) {
      await db("content.pages").insert(
        seeds.map((page) => ({
          key: page.key,
          lang: page.lang,
          title: page.title,
          meta_title: page.metaTitle,
          meta_description: page.metaDescription,
          body: page.body,
          updated_at: page.updatedAt,
        })),
      );
    }
  },
  async down(db) {
    await db.schema.withSchema("content").dropTable("pages");
  },
};
