import type { Migration } from "@rsv/kit";

/** The title search engines show for a post, when the owner writes one other than the post's title. */
export const content004: Migration = {
  name: "004_meta_title",
  async up(db) {
    await db.schema.withSchema("content").alterTable("posts", (t) => {
      t.text("meta_title");
    });
  },
  async down(db) {
    await db.schema.withSchema("content").alterTable("posts", (t) => {
      t.dropColumn("meta_title");
    });
  },
};
