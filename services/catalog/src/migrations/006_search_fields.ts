import type { Migration } from "@rsv/kit";

/** The title and description search engines show, when the owner writes their own (Spanish ones in translations). */
export const products006: Migration = {
  name: "006_search_fields",
  async up(db) {
    await db.schema.withSchema("catalog").alterTable("products", (t) => {
      t.text("meta_title");
      t.text("meta_description");
    });
  },
  async down(db) {
    await db.schema.withSchema("catalog").alterTable("products", (t) => {
      t.dropColumn("meta_description");
      t.dropColumn("meta_title");
    });
  },
};
