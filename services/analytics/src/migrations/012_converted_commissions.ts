import type { Migration } from "@rsv/kit";

/**
 * Commissions paid in another currency than the site's are stored converted, at the rate the owner
 * gives with the file: `commission_cents` and `currency` stay in the site's currency (every report sums
 * them), and the row's own amount, currency and the rate are kept beside them.
 */
export const analytics012: Migration = {
  name: "012_converted_commissions",
  async up(db) {
    await db.schema.withSchema("analytics").alterTable("conversions", (t) => {
      t.bigInteger("original_cents").nullable();
      t.specificType("original_currency", "char(3)").nullable();
      t.decimal("rate", 18, 8).nullable();
    });
  },
  async down(db) {
    await db.schema.withSchema("analytics").alterTable("conversions", (t) => {
      t.dropColumns("original_cents", "original_currency", "rate");
    });
  },
};
