import type { Offer, Product, Retailer } from "@rsv/api/client";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie, assertMatchesSpec, call, gatewayUrl, rawGet } from "@rsv/kit/testing";

/**
 * Retailers' sub-ID templates through the gateway: a counted click is redirected with the template
 * applied, its `{clickId}` the id analytics stores the click under; an uncounted one goes to the plain
 * address; bad templates are refused with the reason.
 */

type ErrorBody = { error: { code: string; details?: Array<{ path: string; message: string }> } };

const tag = randomUUID().slice(0, 8);
const retailer = `Earnings Shop ${tag}`;
const browser = {
  "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.${parseInt(tag, 16) % 10_000}.1 Safari/537.36`,
  accept: "text/html,application/xhtml+xml",
  "accept-language": "en-GB,en;q=0.9",
  "sec-fetch-mode": "navigate",
};
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });

describe("retailers' sub-ID templates", () => {
  let cookie = "";
  let product: Product;
  let offer: Offer;
  const path = `/api/offers/retailers/${encodeURIComponent(retailer)}`;
  const put = async (subIdTemplate: string | null, session = cookie) => {
    const response = await call<Retailer & ErrorBody>("PUT", path, {
      json: { subIdTemplate },
      headers: { cookie: session },
    });
    assertMatchesSpec("updateRetailer", response);
    return response;
  };

  beforeAll(async () => {
    cookie = await adminCookie();
    const created = await call<Product>("POST", "/api/products", {
      headers: { cookie },
      json: {
        name: `Sub-ID Test ${tag}`,
        brand: "Testing Labs",
        potency: "500mg",
        source: "Natural",
        price: "29.50",
        rating: "4.4",
        imageUrl: "/api/images/demo-1.png",
        description: "A product made by the sub-ID suite.",
        bestFor: "Testing",
      },
    });
    expect(created.status).toBe(201);
    product = created.body;
    const made = await call<Offer>("POST", "/api/offers", {
      headers: { cookie },
      json: {
        productId: product.id,
        retailer,
        market: "default",
        url: `https://shop.example/p/${tag}?ref=site&subid=old#top`,
        price: "19.90",
      },
    });
    expect(made.status, made.text).toBe(201);
    offer = made.body;
  });

  afterAll(async () => {
    if (product) await call("DELETE", `/api/products/${product.id}`, { headers: { cookie } });
    await pool.query("delete from catalog.retailers where name = $1", [retailer]);
    await pool.end();
  });

  it("lists the retailers with their offer count, template and an example address", async () => {
    expect((await put("subid={clickId}&pubref=rsv")).status).toBe(200);
    const listed = await call<Retailer[]>("GET", "/api/offers/retailers", { headers: { cookie } });
    assertMatchesSpec("listRetailers", listed);
    expect(listed.body.find((each) => each.name === retailer)).toEqual({
      name: retailer,
      offers: 1,
      subIdTemplate: "subid={clickId}&pubref=rsv",
      exampleUrl: `https://shop.example/p/${tag}?ref=site&subid=00000000-0000-4000-8000-000000000000&pubref=rsv#top`,
      // The offer's address already carried a sub-ID: the admin warns that the template replaces it.
      replaces: ["subid"],
    });
    expect((await call("GET", "/api/offers/retailers")).status).toBe(401);
  });

  it("makes the example of the retailer's own first offer, its market and product", async () => {
    const saved = await put("click={clickId}&m={market}&p={product}");
    expect(saved.body).toMatchObject({
      exampleUrl: `https://shop.example/p/${tag}?ref=site&subid=old&click=00000000-0000-4000-8000-000000000000&m=default&p=${product.slug}#top`,
      replaces: [],
    });
  });

  it("gives an offer the retailer's name as its other offers spell it, so its clicks carry the template", async () => {
    const respelled = await call<Offer>("POST", "/api/offers", {
      headers: { cookie },
      json: {
        productId: product.id,
        retailer: `  ${retailer.toUpperCase().replace(" ", "   ")} `,
        market: "ES",
        url: `https://shop.example/es/${tag}`,
        price: "18.90",
      },
    });
    expect(respelled.status, respelled.text).toBe(201);
    expect(respelled.body.retailer).toBe(retailer);
    const listed = await call<Retailer[]>("GET", "/api/offers/retailers", { headers: { cookie } });
    expect(listed.body.filter((each) => each.name.toLowerCase() === retailer.toLowerCase())).toHaveLength(1);
    expect(listed.body.find((each) => each.name === retailer)?.offers).toBe(2);
    // An offer saved before names were matched, in another case, still carries the template.
    await pool.query("update catalog.offers set retailer = lower(retailer) where id = $1", [respelled.body.id]);
    const go = await rawGet(gatewayUrl(), `/go/${product.slug}/${respelled.body.id}?from=review`, browser);
    expect(String(go.headers.location)).toMatch(/[?&]click=[0-9a-f-]{36}&m=ES&p=/);
    await call("DELETE", `/api/offers/${respelled.body.id}`, { headers: { cookie } });
  });

  it("takes a name stored with a combining accent and a zero-width space for the same retailer", async () => {
    const accented = `Farmàcia ${tag}`;
    const offer = async (market: string) => {
      const json = {
        productId: product.id,
        retailer: accented,
        market,
        url: `https://shop.example/${market}/${tag}`,
        price: "1.00",
      };
      const created = await call<Offer>("POST", "/api/offers", { headers: { cookie }, json });
      expect(created.status, created.text).toBe(201);
      return created.body;
    };
    const stored = await offer("ES");
    // As an offer saved before names were written as they read would hold it.
    const decomposed = `Farma\u0300\u200bcia ${tag}`;
    await pool.query("update catalog.offers set retailer = $1 where id = $2", [decomposed, stored.id]);
    const typed = await offer("DE");
    expect(typed.retailer).toBe(decomposed);
    for (const id of [stored.id, typed.id]) await call("DELETE", `/api/offers/${id}`, { headers: { cookie } });
  });

  it("redirects a counted click with its id as the sub-ID, the id analytics stores the click under", async () => {
    expect((await put("subid={clickId}&pubref={market}")).status).toBe(200);
    const go = await rawGet(gatewayUrl(), `/go/${product.slug}/${offer.id}?from=review`, browser);
    expect(go.status).toBe(302);
    const location = String(go.headers.location);
    const match = /^https:\/\/shop\.example\/p\/[0-9a-f]{8}\?ref=site&subid=([0-9a-f-]{36})&pubref=default#top$/.exec(
      location,
    );
    expect(match, location).not.toBeNull();
    const clickId = match![1]!;
    await expect
      .poll(
        async () =>
          (
            await pool.query<{ uid: string; event_type: string; retailer: string; offer_id: number }>(
              "select uid, event_type, retailer, offer_id from analytics.events where uid = $1",
              [clickId],
            )
          ).rows,
        { timeout: 30_000, interval: 250 },
      )
      .toEqual([{ uid: clickId, event_type: "affiliate_click", retailer, offer_id: offer.id }]);
  });

  it("sends an uncounted click (not a person following the link) to the plain address", async () => {
    const go = await rawGet(gatewayUrl(), `/go/${product.slug}/${offer.id}`, {
      "user-agent": "curl/8.5.0",
      accept: "*/*",
    });
    expect(go.status).toBe(302);
    expect(go.headers.location).toBe(offer.url);
  });

  it("refuses templates without {clickId}, with unknown placeholders or that are not a query, naming the field", async () => {
    for (const [template, message, reason] of [
      ["subid=rsv", /must contain \{clickId\}/, "subid_click_id_missing"],
      ["subid={clickId}&who={visitor}", /Unknown placeholder \{visitor\}/, "subid_unknown_placeholder"],
      ["?subid={clickId}", /without \? or &/, "subid_leading_separator"],
      ["subid={clickId}&subid=x", /appears twice/, "subid_name_twice"],
      [`subid={clickId}&p=${"x".repeat(300)}`, /At most 300/, "subid_too_long"],
      ["subid={clickId}&r=<b>", /percent-encode/, "subid_unsafe_value"],
    ] as const) {
      const response = await put(template);
      expect(response.status, template).toBe(400);
      expect(response.body.error.details, template).toEqual(
        expect.arrayContaining([{ path: "body.subIdTemplate", message: expect.stringMatching(message), reason }]),
      );
    }
    // Refused templates left the saved one alone.
    const listed = await call<Retailer[]>("GET", "/api/offers/retailers", { headers: { cookie } });
    expect(listed.body.find((each) => each.name === retailer)?.subIdTemplate).toBe("subid={clickId}&pubref={market}");
  });

  it("clears a template, after which a counted click goes to the plain address", async () => {
    const cleared = await put("  ");
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ subIdTemplate: null, exampleUrl: offer.url });
    const go = await rawGet(gatewayUrl(), `/go/${product.slug}/${offer.id}`, browser);
    expect(go.headers.location).toBe(offer.url);
  });

  it("answers 404 for a name no offer carries and 401 without a session", async () => {
    const unknown = await call("PUT", `/api/offers/retailers/${encodeURIComponent(`Nobody ${tag}`)}`, {
      json: { subIdTemplate: "subid={clickId}" },
      headers: { cookie },
    });
    expect(unknown.status).toBe(404);
    assertMatchesSpec("updateRetailer", unknown);
    expect((await call("PUT", path, { json: { subIdTemplate: null } })).status).toBe(401);
  });
});
