import type { Migration } from "@rsv/kit";

export const migrations: Migration[] = [
  {
    name: "001_events",
    async up(db) {
      await db.schema.withSchema("analytics").createTable("events", (t) => {
        t.increments("id").primary();
        // Set at ingestion: a job retried after its batch was written is not stored twice.
        t.uuid("uid").notNullable().unique();
        t.string("event_type", 32).notNullable();
        t.jsonb("event_data").notNullable();
        t.integer("product_id").nullable();
        t.string("user_agent", 512).nullable();
        t.string("referrer", 1024).nullable();
        // Salted hash of IP + user agent; the salt changes every UTC day and is deleted soon after.
        t.string("visitor_hash", 64).notNullable();
        t.string("country", 2).nullable();
        t.timestamp("timestamp", { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.index(["event_type", "timestamp"], "events_type_time_idx");
      });
      await db.raw(
        `create index events_click_product_idx on analytics.events (product_id, "timestamp" desc) where event_type = 'affiliate_click'`,
      );
      await db.schema.withSchema("analytics").createTable("salts", (t) => {
        t.date("day").primary();
        t.string("salt", 64).notNullable();
        t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
    },
    async down(db) {
      await db.schema.withSchema("analytics").dropTableIfExists("salts");
      await db.schema.withSchema("analytics").dropTableIfExists("events");
    },
  },
];
