import type { Migration } from "@rsv/kit";

export const subscribers001: Migration = {
  name: "001_subscribers",
  async up(db) {
    await db.schema.withSchema("newsletter").createTable("subscribers", (t) => {
      t.increments("id");
      // Stored normalised (trimmed, lower-cased); unique, so concurrent sign-ups end as one row.
      t.text("email").notNullable().unique();
      t.timestamp("subscribed_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.boolean("is_active").notNullable().defaultTo(true);
      t.timestamp("unsubscribed_at", { useTz: true });
      t.text("unsubscribe_token").notNullable().unique();
    });
  },
  async down(db) {
    await db.schema.withSchema("newsletter").dropTable("subscribers");
  },
};

export const migrations = [subscribers001];
