import type { Migration } from "@rsv/kit";

/**
 * Clicks waiting to be handed to analytics: written before the visitor is redirected, deleted once
 * analytics has accepted them. The visitor's address and user agent wait here only until then.
 */
export const products003: Migration = {
  name: "003_click_outbox",
  async up(db) {
    await db.schema.withSchema("catalog").createTable("click_outbox", (t) => {
      t.uuid("id").primary();
      t.jsonb("click").notNullable();
      t.timestamp("occurred_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      // Not handed over before this time: the next attempt, or the end of a relay's claim on the row.
      t.timestamp("attempt_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.integer("attempts").notNullable().defaultTo(0);
      t.index(["attempt_at"]);
    });
  },
  async down(db) {
    await db.schema.withSchema("catalog").dropTable("click_outbox");
  },
};
