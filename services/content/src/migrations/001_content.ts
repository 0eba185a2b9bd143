import type { Migration } from "@rsv/kit";

export const content001: Migration = {
  name: "001_content",
  async up(db) {
    await db.schema.withSchema("content").createTable("posts", (t) => {
      t.increments("id");
      t.text("slug").notNullable().unique();
      t.text("title").notNullable();
      t.text("excerpt").notNullable();
      t.text("content").notNullable();
      t.text("category").notNullable();
      t.text("image_url").notNullable();
      t.boolean("published").notNullable().defaultTo(false);
      // The date a post was first published; kept through unpublishing so republishing does not move it.
      t.timestamp("first_published_at", { useTz: true });
      t.text("meta_description");
      t.specificType("keywords", "text[]").notNullable().defaultTo("{}");
      t.text("lang").notNullable().defaultTo("en");
      // Symmetric: when A points to B, B points to A. Unique, so an article has at most one translation.
      t.integer("translation_id").unique().references("id").inTable("content.posts").onDelete("SET NULL");
      t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.raw("alter table content.posts add constraint posts_lang_check check (lang in ('en', 'es'))");
    await db.raw("alter table content.posts add constraint posts_not_own_translation check (translation_id <> id)");

    await db.schema.withSchema("content").createTable("site_settings", (t) => {
      t.integer("id").primary();
      t.text("site_name").notNullable();
      t.text("logo_url");
      t.text("favicon_url");
      t.text("description");
      t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    // One row: the site has one set of settings.
    await db.raw("alter table content.site_settings add constraint site_settings_single_row check (id = 1)");
  },
  async down(db) {
    await db.schema.withSchema("content").dropTable("site_settings");
    await db.schema.withSchema("content").dropTable("posts");
  },
};

export const migrations = [content001];
