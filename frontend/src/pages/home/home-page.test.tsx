// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderAt } from "../../test/render-with-providers.js";
import { TopProductCard, topProductFallback } from "./home-page.js";

afterEach(cleanup);

describe("top product card", () => {
  it("falls back to rating 4.9, 500mg and $39.99 when there is no product", () => {
    expect(topProductFallback).toEqual({ rating: "4.9", potency: "500mg", price: "39.99" });
    renderAt(<TopProductCard product={undefined} loading={false} />, "/");
    expect(screen.getByTestId("top-product-rating").textContent).toBe("4.9");
    expect(screen.getByTestId("top-product-potency").textContent).toBe("500mg");
    expect(screen.getByTestId("top-product-price").textContent).toBe("$39.99");
  });

  it("uses Spanish number formats on Spanish pages", () => {
    renderAt(<TopProductCard product={undefined} loading={false} />, "/es");
    expect(screen.getByTestId("top-product-rating").textContent).toBe("4,9");
    expect(screen.getByTestId("top-product-price").textContent).toMatch(/^39,99\s?US\$$/);
  });
});
