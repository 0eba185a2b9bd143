import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, type Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import { demoProducts } from "../seed/products.js";
import { catalogService } from "../service.js";
import { products004 } from "./004_offers.js";

const before004 = catalogService.migrations.filter((migration) => migration !== products004);
type Links = Partial<Record<"default" | "DE" | "ES" | "NL" | "PL", string | null>>;

/** A product row as the catalogue stored it before offers. */
function legacyRow(n: number, price: string, links: Links) {
  return {
    slug: `legacy-${n}`,
    name: `Legacy ${n}`,
    brand: "Legacy Labs",
    description: "Stored before offers existed.",
    image_url: "/api/images/demo-1.png",
    rating: "4.5",
    expert_grade: "A",
    best_for: "Testing",
    price,
    affiliate_link: links.default ?? "",
    affiliate_link_de: links.DE ?? null,
    affiliate_link_es: links.ES ?? null,
    affiliate_link_nl: links.NL ?? null,
    affiliate_link_pl: links.PL ?? null,
  };
}

// The demo catalogue as it was stored: one link per market, the market offers' addresses.
const demoLinks: Links[] = demoProducts.map((product) =>
  Object.fromEntries(product.offers.map((offer) => [offer.market, offer.url])),
);
const edgeCases: Array<{ price: string; links: Links }> = [
  { price: "0.00", links: { default: "" } },
  { price: "10.10", links: { default: "   ", DE: "https://dup.example/p" } },
  {
    price: "12.00",
    links: { default: "https://dup.example/p", DE: "https://dup.example/p", ES: "https://dup.example/p" },
  },
  { price: "99999999.99", links: { default: " https://spaces.example/p ", NL: "", PL: null } },
  { price: "5.50", links: { default: "https://shop.example.com/not%20escaped?a=1&b=2", ES: "not a url" } },
];

describe.each(repositoryDatabases)("moving market links into offers on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  const stored: Array<{ id: number; price: string; links: Links }> = [];

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, { schema: "catalog", migrations: before004 }));
    const all = [...demoLinks.map((links, n) => ({ price: demoProducts[n]!.price as string, links })), ...edgeCases];
    for (const [n, { price, links }] of all.entries()) {
      const [row] = await db("catalog.products")
        .insert(legacyRow(n, price, links))
        .returning("id");
      stored.push({ id: (row as { id: number }).id, price, links });
    }
    await migrate(db, "catalog", catalogService.migrations);
  }, 180_000);

  afterAll(() => close());

  it("turns every non-blank link into one offer of its market, at the product's price in dollars", async () => {
    const offers = await db("catalog.offers").select("product_id", "market", "url", "price", "currency", "retailer");
    const expected = stored.flatMap(({ id, price, links }) =>
      Object.entries(links)
        .filter(([, url]) => url && url.trim())
        .map(([market, url]) => ({ product_id: id, market, url: url!.trim(), price, currency: "USD" })),
    );
    const got = offers.map(({ retailer: _r, ...offer }) => ({ ...offer, price: Number(offer.price).toFixed(2) }));
    const order = (a: { product_id: number; market: string }, b: { product_id: number; market: string }) =>
      a.product_id - b.product_id || a.market.localeCompare(b.market);
    expect(got.sort(order)).toEqual(expected.sort(order));
    expect(offers.length).toBe(demoLinks.flatMap((links) => Object.keys(links)).length + 7);
  });

  it("names each retailer by its host, and keeps an address it cannot read under a plain name", async () => {
    const retailers = await db("catalog.offers").distinct("retailer").pluck("retailer");
    expect(retailers).toEqual(
      expect.arrayContaining(["shop.example.com", "shop.example.de", "dup.example", "spaces.example", "Retailer"]),
    );
  });

  it("leaves every offer unchecked, drops the link columns and adds a preferred retailer", async () => {
    expect(await db("catalog.offers").whereNot("health_status", "unchecked").count("* as n")).toEqual([
      { n: expect.anything() },
    ]);
    expect(Number((await db("catalog.offers").whereNot("health_status", "unchecked").count("* as n"))[0]!.n)).toBe(0);
    const columns: string[] = await db("information_schema.columns")
      .where({ table_schema: "catalog", table_name: "products" })
      .pluck("column_name");
    expect(columns).toContain("preferred_retailer");
    expect(columns.filter((column) => column.startsWith("affiliate_link"))).toEqual([]);
  });
});
