import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, assertMatchesSpec, call, gatewayUrl, firstMade } from "@rsv/kit/testing";
import { deepJsonRules } from "./deep-json.rules.js";

/**
 * Values the database cannot hold, and links that are not web addresses, are refused at the edge
 * with a 400 in the error envelope: never a 500 from PostgreSQL, never a stored `javascript:` link.
 */

const validProduct = {
  name: "Bounds Check Resveratrol",
  brand: "Testing Labs",
  potency: "500mg",
  source: "Natural",
  price: "29.50",
  rating: "4.6",
  reviewCount: 12,
  imageUrl: "/api/images/demo-1.png",
  description: "Refused before it is stored.",
  bestFor: "Testing",
};

const beyondInt4 = [2147483648, 3000000000, Number.MAX_SAFE_INTEGER];
const notWebLinks = [
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "ftp://files.example.com/x",
  "//evil.example.org/x",
  "https://shop.example.com/with space",
];
const notImagePaths = [
  "javascript:alert(1)",
  "//evil.example.org/x.png",
  "/\\evil.example.org/x.png",
  "data:image/png;base64,AAAA",
];

describe("integers beyond PostgreSQL's integer range", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await adminCookie();
  });

  it.each(beyondInt4)("GET /api/products/%s is a 400, not a 500", async (id) => {
    const response = await call("GET", `/api/products/${id}`);
    expect(response.status).toBe(400);
    assertMatchesSpec("getProduct", response);
  });

  it.each(beyondInt4)("a product with reviewCount %s is refused", async (reviewCount) => {
    const response = await call("POST", "/api/products", {
      headers: { cookie },
      json: { ...validProduct, reviewCount },
    });
    expect(response.status).toBe(400);
    assertMatchesSpec("createProduct", response);
  });

  it("ids beyond the range are refused on every operation that takes one", async () => {
    for (const [method, path] of [
      ["PUT", "/api/products/2147483648"],
      ["DELETE", "/api/products/2147483648"],
      ["DELETE", "/api/blog/2147483648"],
      ["DELETE", "/api/newsletter/2147483648"],
    ] as const) {
      const response = await call(method, path, {
        headers: { cookie },
        json: method === "PUT" ? validProduct : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(400);
    }
  });
});

describe("links that are not web addresses", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await adminCookie();
  });

  it.each(notWebLinks)("an offer's address %j is refused", async (url) => {
    const products = (await call<Array<{ id: number }>>("GET", "/api/products")).body;
    const response = await call("POST", "/api/offers", {
      headers: { cookie },
      json: { productId: firstMade(products).id, retailer: "Shop", market: "ES", url, price: "9.90" },
    });
    expect(response.status).toBe(400);
    assertMatchesSpec("createOffer", response);
  });

  it.each(notImagePaths)("an image address %j is refused for products, posts and settings", async (url) => {
    const product = await call("POST", "/api/products", {
      headers: { cookie },
      json: { ...validProduct, imageUrl: url },
    });
    expect(product.status).toBe(400);
    const settings = await call("PUT", "/api/site-settings", {
      headers: { cookie },
      json: { siteName: "x", logoUrl: url },
    });
    expect(settings.status).toBe(400);
  });
});

describe("JSON nested deeper than any body of the contract", () => {
  deepJsonRules(gatewayUrl, () => readFileSync(new URL("../../test-results/logs/chat-0.log", import.meta.url), "utf8"));
});
