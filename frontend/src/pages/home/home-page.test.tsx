// @vitest-environment jsdom
import { buildPublicOffer } from "@rsv/api/factories";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Product } from "../../api/queries.js";
import { renderAt } from "../../test/render-with-providers.js";
import { TopProductCard } from "./home-page.js";

afterEach(cleanup);

const product = {
  id: 1,
  slug: "vita-trans-500",
  name: "Vita Trans 500",
  brand: "Vita",
  description: "Trans-resveratrol.",
  imageUrl: "/img.png",
  rating: "4.6",
  reviewCount: 12,
  potency: "500mg",
  price: "27.50",
  inStock: true,
  featured: false,
  isTopRanked: true,
  offers: [buildPublicOffer({ id: 7, price: "27.50", currency: "EUR" })],
  preferredRetailer: null,
} as Product;

describe("top product card", () => {
  it("is a skeleton while the catalogue loads, never invented figures", () => {
    renderAt(<TopProductCard product={undefined} loading={true} />, "/");
    expect(screen.getByTestId("top-product-skeleton")).toBeTruthy();
    expect(screen.queryByTestId("top-product-rating")).toBeNull();
  });

  it("shows nothing when there is no product", () => {
    const { container } = renderAt(<TopProductCard product={undefined} loading={false} />, "/");
    expect(container.querySelector("[data-testid^='top-product']")).toBeNull();
  });

  it("shows the product's own figures, in Spanish number formats on Spanish pages", () => {
    renderAt(<TopProductCard product={product} loading={false} />, "/es");
    expect(screen.getByTestId("top-product-rating").textContent).toBe("4,6");
    expect(screen.getByTestId("top-product-potency").textContent).toBe("500mg");
    expect(screen.getByTestId("top-product-price").textContent).toMatch(/^27,50\s€$/);
  });

  it("shows the best offer's price in its currency, English style on English pages", () => {
    renderAt(<TopProductCard product={product} loading={false} />, "/");
    expect(screen.getByTestId("top-product-price").textContent).toBe("€27.50");
    expect(screen.getByRole("link", { name: /buy/i }).getAttribute("href")).toBe("/go/vita-trans-500");
  });

  it("says in words that no retailer has it, with no buy link, when no offer is usable", () => {
    const unavailable = { ...product, offers: [buildPublicOffer({ status: "out_of_stock" })] };
    renderAt(<TopProductCard product={unavailable} loading={false} />, "/es");
    expect(screen.getByTestId("no-offer").textContent).toBe("Ahora mismo ninguna tienda lo tiene disponible.");
    expect(screen.queryByRole("link", { name: /comprar/i })).toBeNull();
    expect(document.querySelector("a[href^='/go/']")).toBeNull();
  });

  it("offers to check availability instead of Buy Now when out of stock", () => {
    renderAt(<TopProductCard product={{ ...product, inStock: false }} loading={false} />, "/");
    const link = screen.getByRole("link", { name: /check availability/i });
    expect(link.getAttribute("href")).toBe("/go/vita-trans-500");
    expect(screen.queryByText("Buy Now")).toBeNull();
    expect(screen.getByText("Out of stock")).toBeTruthy();
  });
});
