// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderAt } from "../../test/render-with-providers.js";
import { faqCategories, faqQuestionIds, toggleFaq } from "./faq-accordion.js";
import { FaqList } from "./faq-page.js";

afterEach(cleanup);

describe("FAQ", () => {
  it("has five categories with 3, 4, 4, 4 and 4 questions", () => {
    expect(faqCategories.map(({ id, count }) => [id, count])).toEqual([
      ["general", 3],
      ["dosage", 4],
      ["selection", 4],
      ["safety", 4],
      ["benefits", 4],
    ]);
    expect(faqQuestionIds()).toHaveLength(19);
  });

  it("toggles one answer at a time", () => {
    expect(toggleFaq(null, "a")).toBe("a");
    expect(toggleFaq("a", "b")).toBe("b");
    expect(toggleFaq("b", "b")).toBeNull();
  });

  it("opens one answer at a time and collapses it again", () => {
    renderAt(<FaqList />, "/faq");
    const buttons = screen.getAllByRole("button");
    expect(buttons).toHaveLength(19);
    expect(buttons.every((button) => button.getAttribute("aria-expanded") === "false")).toBe(true);

    const [first, second] = [
      screen.getByRole("button", { name: /What is resveratrol\?/ }),
      screen.getByRole("button", { name: /How much resveratrol should I take\?/ }),
    ];
    fireEvent.click(first);
    expect(first.getAttribute("aria-expanded")).toBe("true");
    const firstAnswer = document.getElementById(first.getAttribute("aria-controls") ?? "");
    expect(firstAnswer?.hidden).toBe(false);

    fireEvent.click(second);
    expect(first.getAttribute("aria-expanded")).toBe("false");
    expect(firstAnswer?.hidden).toBe(true);
    expect(second.getAttribute("aria-expanded")).toBe("true");
    expect(
      screen.getAllByRole("button").filter((button) => button.getAttribute("aria-expanded") === "true"),
    ).toHaveLength(1);

    fireEvent.click(second);
    expect(second.getAttribute("aria-expanded")).toBe("false");
  });

  it("shows the Spanish questions on Spanish paths", () => {
    renderAt(<FaqList />, "/es/preguntas-frecuentes");
    expect(screen.getByRole("button", { name: /¿Qué es el resveratrol\?/ })).toBeTruthy();
  });
});
