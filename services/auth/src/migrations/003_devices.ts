import type { Migration } from "@rsv/kit";

/**
 * Browsers that signed in to an account before: a login from one of them has a budget of its own, so
 * failures elsewhere never keep the owner out.
 */
export const auth003: Migration = {
  name: "003_devices",
  async up(db) {
    await db.schema.withSchema("auth").createTable("devices", (t) => {
      // sha256 (hex) of the random value in the device cookie; the value itself is never stored.
      t.text("id_hash").primary();
      t.integer("admin_id").notNullable().references("id").inTable("auth.admins").onDelete("CASCADE");
      t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp("expires_at", { useTz: true }).notNullable().index();
    });
  },
  async down(db) {
    await db.schema.withSchema("auth").dropTable("devices");
  },
};
