import { describe, expect, it } from "vitest";
import { productCard } from "./campaigns-view.js";

describe("a product's card in a campaign's message", () => {
  const product = {
    name: "Corvella <1000>",
    slug: "corvella-1000",
    imageUrl: "/img/c.png",
    rating: "4.9",
    price: "49.95",
  };

  it("writes the rating and price as each language writes numbers, with the currency", () => {
    expect(productCard(product, "en")).toContain("★ 4.9 · $49.95");
    expect(productCard(product, "es").replace(/\u00a0/g, " ")).toContain("★ 4,9 · 49,95 US$");
  });

  it("escapes the name and links through the affiliate redirect", () => {
    const card = productCard(product, "en");
    expect(card).toContain('href="/go/corvella-1000"');
    expect(card).toContain("<strong>Corvella &lt;1000&gt;</strong>");
  });
});
