import type { Migration } from "@rsv/kit";

/**
 * The activity log: what admins did, from every service. Append-only (nothing in the API edits or
 * deletes an event; the daily purge drops those past AUDIT_RETENTION_DAYS). `uid` is the event's own
 * id, made where it happened, so one handed over twice is stored once. No foreign key to the admins:
 * an event outlives the account that made it.
 */
export const auth004: Migration = {
  name: "004_audit_events",
  async up(db) {
    await db.schema.withSchema("auth").createTable("audit_events", (t) => {
      t.bigIncrements("id").primary();
      t.uuid("uid").notNullable().unique();
      t.timestamp("occurred_at", { useTz: true }).notNullable();
      t.timestamp("recorded_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.integer("actor_id").notNullable();
      t.text("actor_email").notNullable();
      t.text("action").notNullable();
      t.text("service").notNullable();
      t.jsonb("target").notNullable();
      t.text("request_id").notNullable();
      t.jsonb("changes").notNullable();
      t.index(["occurred_at", "id"]);
      t.index(["action", "occurred_at"]);
    });
  },
  async down(db) {
    await db.schema.withSchema("auth").dropTable("audit_events");
  },
};
