import { auditOutboxMigration, type Migration } from "@rsv/kit";

/**
 * Commissions the affiliate networks report, imported from their CSV files: each import, and each
 * conversion once per network (a re-exported conversion replaces the stored one), with the click it
 * came from (the analytics event's uid the redirect's sub-ID carried). Also the activity-log outbox:
 * importing commissions is the first admin write analytics has.
 */
export const analytics006: Migration = {
  name: "006_conversions",
  async up(db) {
    await db.schema.withSchema("analytics").createTable("conversion_imports", (t) => {
      t.bigIncrements("id");
      t.text("network").notNullable();
      t.text("file_name").notNullable();
      t.text("actor").nullable();
      t.integer("rows").notNullable();
      t.integer("imported").notNullable();
      t.integer("updated").notNullable();
      t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.schema.withSchema("analytics").createTable("conversions", (t) => {
      t.bigIncrements("id");
      t.text("network").notNullable();
      t.text("conversion_id").notNullable();
      t.uuid("click_id").nullable();
      t.bigInteger("commission_cents").notNullable();
      t.specificType("currency", "char(3)").notNullable();
      t.text("status").notNullable();
      t.timestamp("converted_at", { useTz: true }).notNullable();
      t.bigInteger("import_id").notNullable().references("id").inTable("analytics.conversion_imports");
      t.timestamp("updated_at", { useTz: true });
      t.unique(["network", "conversion_id"]);
      t.index(["click_id"], "conversions_click_idx");
    });
    await db.raw(
      `alter table analytics.conversions add constraint conversions_status_check check (status in ('pending', 'approved', 'declined'))`,
    );
    await auditOutboxMigration("analytics", "006_conversions").up(db);
  },
  async down(db) {
    await auditOutboxMigration("analytics", "006_conversions").down(db);
    await db.schema.withSchema("analytics").dropTableIfExists("conversions");
    await db.schema.withSchema("analytics").dropTableIfExists("conversion_imports");
  },
};
