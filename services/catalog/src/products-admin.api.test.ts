import type { Product, ProductFacets } from "@rsv/api/client";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie, assertMatchesSpec, call } from "@rsv/kit/testing";

type ErrorBody = { error: { code: string; message: string; details: Array<{ path: string; message: string }> } };

function productInput(overrides: Record<string, unknown> = {}) {
  return {
    name: `Test Resveratrol ${randomUUID().slice(0, 8)}`,
    brand: "Testing Labs",
    potency: "500mg",
    source: "Natural",
    price: "29.5",
    rating: "4.6",
    reviewCount: 12,
    imageUrl: "/api/images/demo-1.png",
    description: "A product made by the test suite.",
    bestFor: "Testing",
    ...overrides,
  };
}

describe("product administration through the gateway", () => {
  let cookie = "";
  const created = new Set<number>();
  const send = async <T>(operationId: string, method: string, path: string, json?: unknown) => {
    const response = await call<T>(method, path, { json, headers: { cookie } });
    assertMatchesSpec(operationId, response);
    if (operationId === "createProduct" && response.status === 201) created.add((response.body as Product).id);
    return response;
  };

  beforeAll(async () => {
    cookie = await adminCookie();
  });

  // The browser suites read the same catalogue afterwards: leave it as seeded.
  afterAll(async () => {
    for (const id of created) await call("DELETE", `/api/products/${id}`, { headers: { cookie } });
  });

  it("creates a product from form input: lists split, optionals absent, price to 2 decimals, HTML sanitised", async () => {
    const created = await send<Product>(
      "createProduct",
      "POST",
      "/api/products",
      productInput({
        features: "Vegan capsules\n\n  Third-party tested  \n",
        benefits: ["Heart health", " ", "Energy"],
        badge: "",
        couponCode: "   ",
        htmlContent: '<p onclick="steal()">Good</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      }),
    );
    expect(created.status).toBe(201);
    const product = created.body;
    expect(product.features).toEqual(["Vegan capsules", "Third-party tested"]);
    expect(product.benefits).toEqual(["Heart health", "Energy"]);
    expect(product.badge).toBeNull();
    expect(product.couponCode).toBeNull();
    expect(product.price).toBe("29.50");
    expect(product.rating).toBe("4.6");
    expect(product.htmlContent).toContain("<p>Good</p>");
    expect(product.htmlContent).not.toMatch(/script|onclick|javascript:/);
    expect(product.slug).toBe(`${product.name} testing labs`.toLowerCase().replace(/[^a-z0-9]+/g, "-"));

    const read = await send<Product>("getProductBySlug", "GET", `/api/products/slug/${product.slug}`);
    expect(read.body.id).toBe(product.id);
  });

  it("answers each missing required field with the contract's message", async () => {
    const response = await send<ErrorBody>("createProduct", "POST", "/api/products", { name: "", rating: "4" });
    expect(response.status).toBe(400);
    const messages = response.body.error.details.map((d) => d.message);
    // The dashboard finds the field to point at from the path.
    expect(response.body.error.details.map((d) => d.path)).toEqual(
      expect.arrayContaining(["body.name", "body.bestFor"]),
    );
    for (const message of [
      "Name is required",
      "Brand is required",
      "Potency is required",
      "Source is required",
      "Price is required",
      "Image URL is required",
      "Description is required",
      "Best for is required",
    ]) {
      expect(messages).toContain(message);
    }
  });

  it("stores filter values with their spaces tidied and counts spellings that differ in case as one", async () => {
    const root = `Facet Root ${randomUUID().slice(0, 6)}`;
    const spellings = [`  ${root.replace(/ /g, "  ")} `, root, root.toLowerCase()];
    const saved: Product[] = [];
    for (const source of spellings) {
      const response = await send<Product>(
        "createProduct",
        "POST",
        "/api/products",
        productInput({ source, brand: ` Facet   Labs ` }),
      );
      expect(response.status).toBe(201);
      saved.push(response.body);
    }
    expect(saved.map((p) => p.source)).toEqual([root, root, root.toLowerCase()]);
    expect(saved.map((p) => p.brand)).toEqual(["Facet Labs", "Facet Labs", "Facet Labs"]);

    const facets = (await send<ProductFacets>("getProductFacets", "GET", "/api/products/facets")).body;
    const same = facets.source.filter((facet) => facet.value.toLowerCase() === root.toLowerCase());
    expect(same).toEqual([{ value: root, count: 3 }]);

    const filtered = await send<Product[]>(
      "listProducts",
      "GET",
      `/api/products?source=${encodeURIComponent(root.toUpperCase())}`,
    );
    expect(filtered.body.map((p) => p.id).sort()).toEqual(saved.map((p) => p.id).sort());
  });

  it("refuses out-of-range rating, placement and review count", async () => {
    for (const bad of [
      { rating: "5.5" },
      { rating: "0.5" },
      { placement: 21 },
      { placement: 0 },
      { reviewCount: -3 },
      { price: "12.345" },
    ]) {
      const response = await send<ErrorBody>("createProduct", "POST", "/api/products", productInput(bad));
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("gives a clashing slug a numeric suffix and keeps an old slug resolving after a rename", async () => {
    const input = productInput();
    const first = (await send<Product>("createProduct", "POST", "/api/products", input)).body;
    const second = (await send<Product>("createProduct", "POST", "/api/products", input)).body;
    expect(second.slug).toBe(`${first.slug}-2`);

    const renamed = await send<Product>("updateProduct", "PUT", `/api/products/${first.id}`, {
      ...input,
      name: `${input.name} Plus`,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.slug).toBe(`${first.slug.replace(/-testing-labs$/, "")}-plus-testing-labs`);
    const old = await send<Product>("getProductBySlug", "GET", `/api/products/slug/${first.slug}`);
    expect(old.status).toBe(200);
    expect(old.body.id).toBe(first.id);
    expect(old.body.slug).toBe(renamed.body.slug);
    const redirect = await call("GET", `/go/${first.slug}`);
    expect(redirect.status).toBe(302);
  });

  it("stores Spanish text and serves it with lang=es, English for fields left empty", async () => {
    const created = (
      await send<Product>(
        "createProduct",
        "POST",
        "/api/products",
        productInput({ translations: { es: { description: "Un producto de prueba.", bestFor: "" } } }),
      )
    ).body;
    const es = await send<Product>("getProductBySlug", "GET", `/api/products/slug/${created.slug}?lang=es`);
    expect(es.body.description).toBe("Un producto de prueba.");
    expect(es.body.bestFor).toBe("Testing");
  });

  it("translates source, coupon text, keywords and age range, falling back to English per field", async () => {
    const created = (
      await send<Product>(
        "createProduct",
        "POST",
        "/api/products",
        productInput({
          couponCode: "SAVE5",
          couponDescription: "Save 5% today.",
          couponDiscount: "5% off",
          keywords: "resveratrol, test",
          ageRange: "Adults",
          translations: {
            es: { source: "Natural (es)", couponDescription: "Ahorra un 5 % hoy.", keywords: "resveratrol, prueba" },
          },
        }),
      )
    ).body;
    expect(created.translations.es).toEqual({
      source: "Natural (es)",
      couponDescription: "Ahorra un 5 % hoy.",
      keywords: "resveratrol, prueba",
    });
    const es = (await send<Product>("getProduct", "GET", `/api/products/${created.id}?lang=es`)).body;
    expect(es.source).toBe("Natural (es)");
    expect(es.couponDescription).toBe("Ahorra un 5 % hoy.");
    expect(es.keywords).toBe("resveratrol, prueba");
    expect(es.couponDiscount).toBe("5% off");
    expect(es.ageRange).toBe("Adults");
    const en = (await send<Product>("getProduct", "GET", `/api/products/${created.id}`)).body;
    expect(en.source).toBe("Natural");
    expect(en.couponDescription).toBe("Save 5% today.");
  });

  it("gives a product whose name and brand have no letter or digit a valid slug", async () => {
    const created = await send<Product>(
      "createProduct",
      "POST",
      "/api/products",
      productInput({ name: "!!!", brand: "???" }),
    );
    expect(created.status).toBe(201);
    expect(created.body.slug).toMatch(/^product(-\d+)?$/);
  });

  it("refuses a price the price column cannot hold, as text or as a number", async () => {
    for (const price of ["700000000", "100000000.00", 100000000]) {
      const response = await send<ErrorBody>("createProduct", "POST", "/api/products", productInput({ price }));
      expect(response.status, String(price)).toBe(400);
    }
    const largest = await send<Product>(
      "createProduct",
      "POST",
      "/api/products",
      productInput({ price: "99999999.99" }),
    );
    expect(largest.body.price).toBe("99999999.99");
  });

  it("derives the expert grade from the rating unless the owner sets one", async () => {
    const derived = (await send<Product>("createProduct", "POST", "/api/products", productInput({ rating: "4.6" })))
      .body;
    expect(derived.expertGrade).toBe("A");
    const chosen = await send<Product>(
      "updateProduct",
      "PUT",
      `/api/products/${derived.id}`,
      productInput({ name: derived.name, rating: "4.6", expertGrade: "B+" }),
    );
    expect(chosen.body.expertGrade).toBe("B+");
    const invalid = await send<ErrorBody>(
      "updateProduct",
      "PUT",
      `/api/products/${derived.id}`,
      productInput({ name: derived.name, expertGrade: "A++" }),
    );
    expect(invalid.status).toBe(400);
    const seeded = (await send<Product[]>("listProducts", "GET", "/api/products")).body;
    const top = seeded.find((product) => product.rating === "4.9");
    expect(top?.expertGrade).toBe("A+");
  });

  it("updates and deletes, with 404 for unknown ids", async () => {
    const created = (await send<Product>("createProduct", "POST", "/api/products", productInput())).body;
    const updated = await send<Product>(
      "updateProduct",
      "PUT",
      `/api/products/${created.id}`,
      productInput({ name: created.name, price: 10 }),
    );
    expect(updated.body.price).toBe("10.00");
    expect((await send("deleteProduct", "DELETE", `/api/products/${created.id}`)).status).toBe(204);
    expect((await send("getProduct", "GET", `/api/products/${created.id}`)).status).toBe(404);
    expect((await send("deleteProduct", "DELETE", `/api/products/${created.id}`)).status).toBe(404);
    expect((await send("updateProduct", "PUT", `/api/products/999999`, productInput())).status).toBe(404);
  });

  it("only ever redirects to the product's stored offers", async () => {
    const created = (await send<Product>("createProduct", "POST", "/api/products", productInput())).body;
    const offer = await call("POST", "/api/offers", {
      json: { productId: created.id, retailer: "Shop", market: "ES", url: "https://shop.example.es/p", price: "9.90" },
      headers: { cookie },
    });
    expect(offer.status).toBe(201);
    const response = await call("GET", `/go/${created.slug}?url=https://evil.example.net&to=//evil.example.net`, {
      headers: { "cf-ipcountry": "ES" },
    });
    expect(response.headers.get("location")).toBe("https://shop.example.es/p");
  });
});
