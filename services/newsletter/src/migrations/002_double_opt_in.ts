import type { Migration } from "@rsv/kit";

/**
 * Double opt-in: a subscriber's `status` (pending, confirmed, unsubscribed, bounced) replaces
 * `is_active`. Rows from before were added by a sign-up the site accepted at once: they are kept as
 * confirmed (or unsubscribed, for those who left), and new sign-ups start as pending.
 */
export const subscribers002: Migration = {
  name: "002_double_opt_in",
  async up(db) {
    await db.schema.withSchema("newsletter").alterTable("subscribers", (t) => {
      t.text("status").notNullable().defaultTo("confirmed");
      t.text("language").notNullable().defaultTo("en");
      t.text("source_path");
      t.timestamp("confirmed_at", { useTz: true });
      t.timestamp("bounced_at", { useTz: true });
      // SHA-256 of the confirmation link's secret: a copy of the database confirms nobody.
      t.text("confirm_token_hash").unique();
      t.timestamp("confirm_expires_at", { useTz: true });
      t.timestamp("confirmation_sent_at", { useTz: true });
    });
    await db.raw(
      `update newsletter.subscribers set status = case when is_active then 'confirmed' else 'unsubscribed' end,
       confirmed_at = case when is_active then subscribed_at end`,
    );
    await db.schema.withSchema("newsletter").alterTable("subscribers", (t) => {
      t.dropColumn("is_active");
    });
    await db.raw(`alter table newsletter.subscribers alter column status set default 'pending'`);
    await db.raw(
      `alter table newsletter.subscribers add constraint subscribers_status_check
       check (status in ('pending', 'confirmed', 'unsubscribed', 'bounced'))`,
    );
    await db.raw(
      `alter table newsletter.subscribers add constraint subscribers_language_check check (language in ('en', 'es'))`,
    );
    await db.raw(`create index subscribers_status_idx on newsletter.subscribers (status, id)`);
  },
  async down(db) {
    await db.schema.withSchema("newsletter").alterTable("subscribers", (t) => {
      t.boolean("is_active").notNullable().defaultTo(true);
    });
    await db.raw(`update newsletter.subscribers set is_active = status in ('pending', 'confirmed')`);
    await db.raw(`drop index newsletter.subscribers_status_idx`);
    await db.schema.withSchema("newsletter").alterTable("subscribers", (t) => {
      t.dropChecks(["subscribers_status_check", "subscribers_language_check"]);
      t.dropColumns(
        "status",
        "language",
        "source_path",
        "confirmed_at",
        "bounced_at",
        "confirm_token_hash",
        "confirm_expires_at",
        "confirmation_sent_at",
      );
    });
  },
};
