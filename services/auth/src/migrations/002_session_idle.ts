import type { Migration } from "@rsv/kit";

/** When a session was last used, for the idle timeout; sessions open at upgrade count as used then. */
export const auth002: Migration = {
  name: "002_session_idle",
  async up(db) {
    await db.schema.withSchema("auth").alterTable("sessions", (t) => {
      t.timestamp("last_seen_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  },
  async down(db) {
    await db.schema.withSchema("auth").alterTable("sessions", (t) => {
      t.dropColumn("last_seen_at");
    });
  },
};
