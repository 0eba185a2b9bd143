import type { Migration } from "@rsv/kit";

export const auth001: Migration = {
  name: "001_auth",
  async up(db) {
    await db.schema.withSchema("auth").createTable("admins", (t) => {
      t.increments("id");
      // Always stored trimmed and lower-cased; unique so replicas starting at once create one account.
      t.text("email").notNullable().unique();
      t.text("password_hash").notNullable();
      t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.schema.withSchema("auth").createTable("sessions", (t) => {
      // sha256 (hex) of the opaque id in the cookie; the id itself is never stored.
      t.text("id_hash").primary();
      t.integer("admin_id").notNullable().references("id").inTable("auth.admins").onDelete("CASCADE");
      t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp("expires_at", { useTz: true }).notNullable().index();
    });
  },
  async down(db) {
    await db.schema.withSchema("auth").dropTable("sessions");
    await db.schema.withSchema("auth").dropTable("admins");
  },
};

export const migrations = [auth001];
