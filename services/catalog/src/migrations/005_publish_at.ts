import type { Migration } from "@rsv/kit";

/** A product goes public at publish_at; null is public (every product before scheduling existed). */
export const products005: Migration = {
  name: "005_publish_at",
  async up(db) {
    await db.schema.withSchema("catalog").alterTable("products", (t) => {
      t.timestamp("publish_at", { useTz: true });
    });
  },
  async down(db) {
    await db.schema.withSchema("catalog").alterTable("products", (t) => {
      t.dropColumn("publish_at");
    });
  },
};
