import type { Migration } from "@rsv/kit";

export const products001: Migration = {
  name: "001_products",
  async up(db) {
    await db.schema.withSchema("catalog").createTable("products", (t) => {
      t.increments("id");
      t.text("slug").notNullable().unique();
      t.text("name").notNullable();
      t.text("brand").notNullable();
      t.text("description").notNullable();
      t.text("image_url").notNullable();
      t.decimal("rating", 3, 1).notNullable();
      t.integer("review_count").notNullable().defaultTo(0);
      t.text("potency");
      t.text("source");
      t.text("best_for").notNullable();
      t.decimal("price", 10, 2).notNullable();
      t.integer("placement");
      t.boolean("featured").notNullable().defaultTo(false);
      t.text("badge");
      t.specificType("features", "text[]").notNullable().defaultTo("{}");
      t.specificType("benefits", "text[]").notNullable().defaultTo("{}");
      t.text("affiliate_link").notNullable();
      t.text("affiliate_link_de");
      t.text("affiliate_link_es");
      t.text("affiliate_link_nl");
      t.text("affiliate_link_pl");
      t.text("html_content");
      t.text("coupon_code");
      t.text("coupon_discount");
      t.text("coupon_description");
      t.boolean("in_stock").notNullable().defaultTo(true);
      t.boolean("is_top_ranked").notNullable().defaultTo(false);
      t.text("keywords");
      t.text("category");
      t.text("age_range");
      t.jsonb("translations").notNullable().defaultTo("{}");
      t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    // Slugs a product had before a rename keep resolving to it.
    await db.schema.withSchema("catalog").createTable("former_slugs", (t) => {
      t.text("slug").primary();
      t.integer("product_id").notNullable().references("id").inTable("catalog.products").onDelete("CASCADE");
    });
  },
  async down(db) {
    await db.schema.withSchema("catalog").dropTable("former_slugs");
    await db.schema.withSchema("catalog").dropTable("products");
  },
};

export const migrations = [products001];
