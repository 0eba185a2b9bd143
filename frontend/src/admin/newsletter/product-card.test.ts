import { describe, expect, it } from "vitest";
import { productCard } from "./campaigns-view.js";

describe("a product's card in a campaign's message", () => {
  const product = {
    name: "Corvella <1000>",
    slug: "corvella-1000",
    imageUrl: "/img/c.png",
    rating: "4.9",
  };

  it("writes the rating as each language writes numbers, and no price: each reader's market has its own", () => {
    expect(productCard(product, "en")).toContain("★ 4.9</td>");
    expect(productCard(product, "es")).toContain("★ 4,9</td>");
    expect(productCard(product, "es")).not.toMatch(/\$|€|US/);
  });

  it("escapes the name and links through the affiliate redirect", () => {
    const card = productCard(product, "en");
    expect(card).toContain('href="/go/corvella-1000"');
    expect(card).toContain("<strong>Corvella &lt;1000&gt;</strong>");
  });
});
