// @vitest-environment jsdom
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderAt } from "../../test/render-with-providers.js";
import { StarRating } from "./star-rating.js";

afterEach(cleanup);

function starsOf(container: HTMLElement) {
  const stars = [...container.querySelectorAll("[data-star]")].map((star) => star.getAttribute("data-star"));
  return {
    full: stars.filter((s) => s === "full").length,
    half: stars.filter((s) => s === "half").length,
    empty: stars.filter((s) => s === "empty").length,
  };
}

describe("StarRating", () => {
  it("draws a half star for 4.5 and none for 4.4", () => {
    expect(starsOf(renderAt(<StarRating rating="4.5" />).container)).toEqual({ full: 4, half: 1, empty: 0 });
    cleanup();
    expect(starsOf(renderAt(<StarRating rating="4.4" />).container)).toEqual({ full: 4, half: 0, empty: 1 });
  });

  it("announces the rating in the page language", () => {
    const { getByRole } = renderAt(<StarRating rating="4.8" />, "/es");
    expect(getByRole("img").getAttribute("aria-label")).toBe("Valoración de 4,8 sobre 5");
  });
});
