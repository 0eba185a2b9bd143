import type { Migration } from "@rsv/kit";

/**
 * Retailers' settings, by the name their offers carry (offers keep their free-text `retailer`; a
 * retailer is the set of offers sharing it). The sub-ID template, when set, is merged into the offer's
 * address on every counted click so the affiliate network reports which click earned a commission.
 */
export const catalog009: Migration = {
  name: "009_retailers",
  async up(db) {
    await db.schema.withSchema("catalog").createTable("retailers", (t) => {
      t.text("name").primary();
      t.text("sub_id_template");
      t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  },
  async down(db) {
    await db.schema.withSchema("catalog").dropTableIfExists("retailers");
  },
};
