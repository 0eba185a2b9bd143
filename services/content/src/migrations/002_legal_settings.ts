import type { Migration } from "@rsv/kit";

/** The owner's legal facts, shown on the privacy policy, terms and affiliate disclosure. */
export const content002: Migration = {
  name: "002_legal_settings",
  async up(db) {
    await db.schema.withSchema("content").alterTable("site_settings", (t) => {
      t.text("legal_name");
      t.text("contact_address");
      t.date("legal_effective_date");
    });
  },
  async down(db) {
    await db.schema.withSchema("content").alterTable("site_settings", (t) => {
      t.dropColumn("legal_effective_date");
      t.dropColumn("contact_address");
      t.dropColumn("legal_name");
    });
  },
};
