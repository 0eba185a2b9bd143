import type { Migration } from "@rsv/kit";

/** Events the database refused one by one: kept aside with the reason, so no neighbour is lost with them. */
export const analytics002: Migration = {
  name: "002_dead_events",
  async up(db) {
    await db.schema.withSchema("analytics").createTable("dead_events", (t) => {
      t.increments("id").primary();
      t.uuid("uid").notNullable();
      // The event as JSON text (escaped), whatever made PostgreSQL refuse it as a row.
      t.text("payload").notNullable();
      t.text("error").notNullable();
      t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  },
  async down(db) {
    await db.schema.withSchema("analytics").dropTable("dead_events");
  },
};
