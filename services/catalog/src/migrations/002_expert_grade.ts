import type { Migration } from "@rsv/kit";

/** The review page's letter grade becomes a product field; existing products get the grade their rating earns. */
export const products002: Migration = {
  name: "002_expert_grade",
  async up(db) {
    await db.schema.withSchema("catalog").alterTable("products", (t) => {
      t.text("expert_grade");
    });
    await db.raw(`
      update catalog.products set expert_grade = case
        when rating >= 4.8 then 'A+' when rating >= 4.5 then 'A' when rating >= 4.2 then 'A-'
        when rating >= 4.0 then 'B+' when rating >= 3.7 then 'B' when rating >= 3.4 then 'B-'
        when rating >= 3.0 then 'C+' when rating >= 2.5 then 'C' else 'D' end`);
    await db.schema.withSchema("catalog").alterTable("products", (t) => {
      t.text("expert_grade").notNullable().alter();
    });
  },
  async down(db) {
    await db.schema.withSchema("catalog").alterTable("products", (t) => {
      t.dropColumn("expert_grade");
    });
  },
};
