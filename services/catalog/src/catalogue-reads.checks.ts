import type { Product, ProductFacets } from "@rsv/api/client";
import { bestOffer } from "@rsv/api/offer-rules";
import { potencyMg } from "@rsv/api/product-rules";
import { expect, it } from "vitest";
import { assertMatchesSpec, call } from "@rsv/kit/testing";

type Facets = ProductFacets;

/**
 * The catalogue's public reads, checked against whatever serves them: the real gateway over
 * PostgreSQL, or the catalog app over embedded PGlite. Expectations come from the data served.
 */
export function catalogueReadChecks(baseUrl: () => string): void {
  const get = async <T>(operationId: string, path: string, headers?: Record<string, string>) => {
    const response = await call<T>("GET", path, { baseUrl: baseUrl(), headers });
    assertMatchesSpec(operationId, response);
    return response;
  };

  it("lists the seeded catalogue in ranking order", async () => {
    const { status, body } = await get<Product[]>("listProducts", "/api/products");
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(15);
    const ranked = body.filter((p) => p.placement != null);
    const unranked = body.filter((p) => p.placement == null);
    expect(body.slice(0, ranked.length)).toEqual(ranked);
    expect(ranked.map((p) => p.placement)).toEqual([...ranked.map((p) => p.placement!)].sort((a, b) => a - b));
    const ratings = unranked.map((p) => Number(p.rating));
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it("sorts by rating, price both ways, potency and popularity", async () => {
    const by = async (sort: string) => (await get<Product[]>("listProducts", `/api/products?sort=${sort}`)).body;
    const numbers = (list: Product[], pick: (p: Product) => number) => list.map(pick);
    const desc = (xs: number[]) => expect(xs).toEqual([...xs].sort((a, b) => b - a));
    const asc = (xs: number[]) => expect(xs).toEqual([...xs].sort((a, b) => a - b));
    desc(numbers(await by("rating"), (p) => Number(p.rating)));
    // Prices as a visitor of no known country is shown them: the default market's offers, in US dollars
    // first (the seeded catalogue's currency there), then other currencies, then the unpriced.
    const priced = async (sort: string) => {
      const shown = (await by(sort)).map((p) => bestOffer(p.offers, null, p.preferredRetailer));
      const dollars = shown.filter((offer) => offer?.currency === "USD");
      expect(shown.slice(0, dollars.length)).toEqual(dollars);
      expect(shown.slice(shown.filter(Boolean).length).every((offer) => offer === undefined)).toBe(true);
      return dollars.map((offer) => Number(offer!.price));
    };
    asc(await priced("price-asc"));
    desc(await priced("price-desc"));
    desc(numbers(await by("potency"), (p) => potencyMg(p.potency) ?? 0));
    desc(numbers(await by("popularity"), (p) => p.reviewCount));
  });

  it("filters with AND across groups and OR within one, and counts facets from the catalogue", async () => {
    // Two reads of a catalogue that the suites beside this one change, each kept a moment by the
    // gateway's micro-cache: read both again until they are of the same catalogue.
    const read = async () =>
      [
        (await get<Product[]>("listProducts", "/api/products")).body,
        (await get<Facets>("getProductFacets", "/api/products/facets")).body,
      ] as const;
    let [all, facets] = await read();
    for (let attempt = 0; attempt < 20 && facets.total !== all.length; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      [all, facets] = await read();
    }
    expect(facets.total).toBe(all.length);
    expect(facets.brand.map((f) => f.value).sort()).toEqual([...new Set(all.map((p) => p.brand))].sort());
    for (const facet of facets.brand) expect(facet.count).toBe(all.filter((p) => p.brand === facet.value).length);

    const [brandA, brandB] = facets.brand.map((f) => f.value);
    const source = facets.source[0]!.value;
    const query = new URLSearchParams([
      ["brand", brandA!],
      ["brand", brandB!],
      ["source", source],
    ]);
    const filtered = (await get<Product[]>("listProducts", `/api/products?${query}`)).body;
    const expected = all.filter((p) => (p.brand === brandA || p.brand === brandB) && p.source === source);
    expect(filtered.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());

    // Ranges read the price shown (the default market's best offer, in dollars here), not the catalogue's.
    const cheap = (await get<Product[]>("listProducts", "/api/products?price=under-25&price=over-35")).body;
    const shownPrice = (p: Product) => {
      const offer = bestOffer(p.offers, null, p.preferredRetailer);
      return offer?.currency === "USD" ? Number(offer.price) : null;
    };
    expect(cheap.map((p) => p.id).sort()).toEqual(
      all
        .filter((p) => {
          const price = shownPrice(p);
          return price !== null && (price < 25 || price > 35);
        })
        .map((p) => p.id)
        .sort(),
    );
  });

  it("reads one product by slug, in Spanish where written and English where not", async () => {
    const all = (await get<Product[]>("listProducts", "/api/products")).body;
    const withSpanish = all.find((p) => p.translations.es?.description);
    expect(withSpanish).toBeTruthy();
    const en = await get<Product>("getProductBySlug", `/api/products/slug/${withSpanish!.slug}`);
    expect(en.status).toBe(200);
    expect(en.body.description).toBe(withSpanish!.description);
    const es = await get<Product>("getProductBySlug", `/api/products/slug/${withSpanish!.slug}?lang=es`);
    expect(es.body.description).toBe(withSpanish!.translations.es!.description);
    // A field the Spanish version leaves out reads in English, field by field.
    const fields = ["description", "bestFor", "badge", "source", "keywords", "ageRange", "metaTitle"] as const;
    const gaps = all.flatMap((p) =>
      fields.filter((field) => p[field] && p.translations.es?.[field] === undefined).map((field) => ({ p, field })),
    );
    expect(gaps.length).toBeGreaterThan(0);
    const { p: partial, field } = gaps[0]!;
    const fallback = await get<Product>("getProductBySlug", `/api/products/slug/${partial.slug}?lang=es`);
    expect(fallback.body[field]).toBe(partial[field]);
  });

  it("answers 404 in the error envelope for an unknown slug and 400 for a bad sort", async () => {
    const missing = await get<{ error: { code: string } }>("getProductBySlug", "/api/products/slug/no-such-product");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    const bad = await get<{ error: { code: string; details: unknown[] } }>(
      "listProducts",
      "/api/products?sort=cheapest",
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_failed");
    expect(bad.body.error.details.length).toBeGreaterThan(0);
  });

  it("redirects /go/{slug} to the best offer of the visitor's market, else the default market's", async () => {
    const all = (await get<Product[]>("listProducts", "/api/products")).body;
    const withMarkets = all.find((p) => p.offers.some((o) => o.market === "DE"))!;
    const go = async (path: string, headers: Record<string, string>) => {
      const response = await call("GET", path, { baseUrl: baseUrl(), headers });
      expect(response.status).toBe(302);
      return new URL(response.headers.get("location")!).host;
    };
    expect(await go(`/go/${withMarkets.slug}`, { "accept-language": "de-DE,de;q=0.9" })).toBe("shop.example.de");
    expect(await go(`/go/${withMarkets.slug}`, { "accept-language": "pl-PL" })).toBe("shop.example.pl");
    expect(await go(`/go/${withMarkets.slug}`, { "accept-language": "fr-FR" })).toBe("shop.example.com");
    // One row of the review page's list: that offer, whatever the visitor's market.
    const spanish = withMarkets.offers.find((o) => o.market === "ES")!;
    expect(await go(`/go/${withMarkets.slug}/${spanish.id}`, { "accept-language": "en-US" })).toBe("shop.example.es");
    const unknown = await call("GET", "/go/no-such-product", { baseUrl: baseUrl() });
    expect(unknown.status).toBe(404);
    // A browser on a stale link reads the site's "not found" in its language instead of an error envelope.
    const page = async (acceptLanguage: string) => {
      const headers = { accept: "text/html,application/xhtml+xml", "accept-language": acceptLanguage };
      const response = await call("GET", "/go/no-such-product", { baseUrl: baseUrl(), headers });
      expect(response.status).toBe(302);
      return response.headers.get("location");
    };
    expect(await page("es-ES,es;q=0.9")).toBe("/es/resena/no-such-product");
    expect(await page("en-GB")).toBe("/review/no-such-product");
  });

  it("reads each product with its offers, cheapest first within a market", async () => {
    const all = (await get<Product[]>("listProducts", "/api/products")).body;
    expect(all.every((p) => p.offers.some((o) => o.market === "default" && o.currency === "USD"))).toBe(true);
    const spanish = all.flatMap((p) => p.offers.filter((o) => o.market === "ES"));
    expect(spanish.length).toBeGreaterThan(0);
    expect(spanish.every((o) => o.currency === "EUR")).toBe(true);
    for (const product of all) {
      for (const market of new Set(product.offers.map((o) => o.market))) {
        const prices = product.offers.filter((o) => o.market === market).map((o) => Number(o.price));
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
      }
    }
  });
}
