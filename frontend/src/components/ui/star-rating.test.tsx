// @vitest-environment jsdom
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderAt } from "../../test/render-with-providers.js";
import { StarRating } from "./star-rating.js";

afterEach(cleanup);

function starsOf(container: HTMLElement) {
  const stars = container.querySelector<HTMLElement>(".stars");
  return {
    stars: stars?.getAttribute("data-stars"),
    filled: stars?.querySelector<HTMLElement>("span")?.style.width,
    svgs: container.querySelectorAll("svg").length,
  };
}

describe("StarRating", () => {
  it("fills half a star for 4.5 and none for 4.4, without an SVG per star", () => {
    expect(starsOf(renderAt(<StarRating rating="4.5" />).container)).toEqual({ stars: "4.5", filled: "90%", svgs: 0 });
    cleanup();
    expect(starsOf(renderAt(<StarRating rating="4.4" />).container)).toEqual({ stars: "4", filled: "80%", svgs: 0 });
    cleanup();
    expect(starsOf(renderAt(<StarRating rating="0.0" />).container)).toEqual({ stars: "0", filled: "0%", svgs: 0 });
    cleanup();
    expect(starsOf(renderAt(<StarRating rating="5.0" />).container)).toEqual({ stars: "5", filled: "100%", svgs: 0 });
  });

  it("announces the rating in the page language", () => {
    const { getByRole } = renderAt(<StarRating rating="4.8" />, "/es");
    expect(getByRole("img").getAttribute("aria-label")).toBe("Valoración de 4,8 sobre 5");
  });
});
