import type { Knex, Migration } from "@rsv/kit";

const MARKET_COLUMNS = [
  ["affiliate_link", "default"],
  ["affiliate_link_de", "DE"],
  ["affiliate_link_es", "ES"],
  ["affiliate_link_nl", "NL"],
  ["affiliate_link_pl", "PL"],
] as const;

/** A retailer's name from its address: the host without `www.`, or `Retailer` for an address with none. */
export function retailerFromUrl(url: string): string {
  try {
    const host = new URL(url).hostname.replace(/^www\./, "");
    return host || "Retailer";
  } catch {
    return "Retailer";
  }
}

interface LegacyRow {
  id: number;
  price: string | number;
  affiliate_link: string | null;
  affiliate_link_de: string | null;
  affiliate_link_es: string | null;
  affiliate_link_nl: string | null;
  affiliate_link_pl: string | null;
}

/**
 * Offers: any number per product, one per retailer, market and address, each with a price in its
 * currency and the health its link was last seen in. Every market link a product had becomes an offer
 * at the product's price, in US dollars, the currency that price was shown in (the owner sets local
 * prices afterwards); blank links are skipped, the same address in two markets is two offers.
 */
export const products004: Migration = {
  name: "004_offers",
  async up(db) {
    await db.schema.withSchema("catalog").createTable("offers", (t) => {
      t.increments("id");
      t.integer("product_id").notNullable().references("id").inTable("catalog.products").onDelete("CASCADE");
      t.text("retailer").notNullable();
      t.text("market").notNullable();
      t.text("url").notNullable();
      t.decimal("price", 10, 2).notNullable();
      t.string("currency", 3).notNullable();
      t.integer("pack_size");
      t.text("health_status").notNullable().defaultTo("unchecked");
      t.timestamp("checked_at", { useTz: true });
      t.integer("http_status");
      t.text("final_url");
      t.text("detail");
      // Failed checks in a row: the second makes the offer broken.
      t.integer("failures").notNullable().defaultTo(0);
      t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.unique(["product_id", "market", "url"]);
      t.index(["health_status"]);
    });
    await db.schema.withSchema("catalog").createTable("offer_checks", (t) => {
      t.bigIncrements("id");
      t.integer("offer_id").notNullable().references("id").inTable("catalog.offers").onDelete("CASCADE");
      t.timestamp("checked_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.text("outcome").notNullable();
      t.integer("http_status");
      t.text("final_url");
      t.text("detail");
      t.integer("duration_ms").notNullable();
      t.index(["offer_id", "checked_at"]);
    });
    // One row: the owner's link-check settings.
    await db.schema.withSchema("catalog").createTable("link_check_settings", (t) => {
      t.integer("id").primary();
      t.integer("interval_hours").notNullable();
      t.jsonb("out_of_stock_phrases").notNullable();
    });
    // Check runs, so every replica can tell the admin how the latest is going.
    await db.schema.withSchema("catalog").createTable("offer_check_runs", (t) => {
      t.increments("id");
      t.timestamp("started_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp("finished_at", { useTz: true });
      t.integer("total").notNullable();
      t.integer("done").notNullable().defaultTo(0);
      t.integer("problems").notNullable().defaultTo(0);
    });
    await db.schema.withSchema("catalog").alterTable("products", (t) => {
      t.text("preferred_retailer");
    });
    await moveLinksToOffers(db);
    await db.schema.withSchema("catalog").alterTable("products", (t) => {
      for (const [column] of MARKET_COLUMNS) t.dropColumn(column);
    });
  },
  async down(db) {
    await db.schema.withSchema("catalog").alterTable("products", (t) => {
      t.text("affiliate_link").notNullable().defaultTo("");
      for (const [column] of MARKET_COLUMNS.slice(1)) t.text(column);
      t.dropColumn("preferred_retailer");
    });
    await db.schema.withSchema("catalog").dropTable("offer_check_runs");
    await db.schema.withSchema("catalog").dropTable("link_check_settings");
    await db.schema.withSchema("catalog").dropTable("offer_checks");
    await db.schema.withSchema("catalog").dropTable("offers");
  },
};

async function moveLinksToOffers(db: Knex): Promise<void> {
  const products = await db<LegacyRow>("catalog.products").select(
    "id",
    "price",
    ...MARKET_COLUMNS.map(([column]) => column),
  );
  const offers = products.flatMap((product) =>
    MARKET_COLUMNS.flatMap(([column, market]) => {
      const url = product[column]?.trim();
      if (!url) return [];
      return [
        {
          product_id: product.id,
          retailer: retailerFromUrl(url),
          market,
          url,
          price: Number(product.price).toFixed(2),
          currency: "USD",
        },
      ];
    }),
  );
  for (let i = 0; i < offers.length; i += 500) await db("catalog.offers").insert(offers.slice(i, i + 500));
}
