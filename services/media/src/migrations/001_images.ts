import type { Migration } from "@rsv/kit";

export const images001: Migration = {
  name: "001_images",
  async up(db) {
    await db.schema.withSchema("media").createTable("images", (t) => {
      t.increments("id");
      t.text("filename").notNullable().unique();
      t.text("original_name").notNullable();
      t.text("mime_type").notNullable();
      t.integer("file_size").notNullable();
      t.integer("width");
      t.integer("height");
      t.text("sha256").notNullable();
      t.binary("data").notNullable();
      t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.raw(
      "alter table media.images add constraint images_mime_type_check check (mime_type in ('image/png', 'image/jpeg', 'image/gif', 'image/webp'))",
    );
    // PNG, JPEG, GIF and WebP are compressed already: store them out of line without trying to compress again.
    await db.raw("alter table media.images alter column data set storage external");
    await db.raw("create index images_created_at_idx on media.images (created_at desc, id desc)");
  },
  async down(db) {
    await db.schema.withSchema("media").dropTable("images");
  },
};

export const migrations = [images001];
