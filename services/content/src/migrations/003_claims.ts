import type { Migration } from "@rsv/kit";

/**
 * What the site promises, in the owner's words: footer badges and the exit offer's perks (none until
 * written) and the affiliate disclosure shown beside buy buttons, per language.
 */
export const content003: Migration = {
  name: "003_claims",
  async up(db) {
    await db.schema.withSchema("content").alterTable("site_settings", (t) => {
      t.jsonb("trust_badges");
      t.jsonb("popup_perks");
      t.jsonb("affiliate_disclosure");
    });
  },
  async down(db) {
    await db.schema.withSchema("content").alterTable("site_settings", (t) => {
      t.dropColumn("affiliate_disclosure");
      t.dropColumn("popup_perks");
      t.dropColumn("trust_badges");
    });
  },
};
