// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { readContentPage } from "../../content/read-content-files.js";
import { renderAt } from "../../test/render-with-providers.js";
import { faqPlainEntries, toggleFaq } from "./faq-accordion.js";
import { FaqList } from "./faq-list.js";

afterEach(cleanup);

const seeded = (lang: "en" | "es") => readContentPage("faq", lang).blocks;

describe("FAQ", () => {
  it("is installed with five categories of 3, 4, 4, 4 and 4 questions, in both languages", () => {
    for (const lang of ["en", "es"] as const) {
      const counts = seeded(lang).flatMap((block) =>
        block.type === "faq" ? [[block.id, block.entries?.length ?? 0]] : [],
      );
      expect(counts, lang).toEqual([
        ["general", 3],
        ["dosage", 4],
        ["selection", 4],
        ["safety", 4],
        ["benefits", 4],
      ]);
      expect(faqPlainEntries(seeded(lang)), lang).toHaveLength(19);
    }
  });

  it("gives the structured data each answer as plain text", () => {
    const [first] = faqPlainEntries(seeded("en"));
    expect(first?.question).toBe("What is resveratrol?");
    expect(first?.answer).toMatch(/^Resveratrol is a natural polyphenol/);
    expect(first?.answer).not.toContain("<");
  });

  it("toggles one answer at a time", () => {
    expect(toggleFaq(null, "a")).toBe("a");
    expect(toggleFaq("a", "b")).toBe("b");
    expect(toggleFaq("b", "b")).toBeNull();
  });

  it("opens one answer at a time and collapses it again", () => {
    renderAt(<FaqList blocks={seeded("en")} />, "/faq");
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

  it("shows the Spanish questions and category headings", () => {
    renderAt(<FaqList blocks={seeded("es")} />, "/es/preguntas-frecuentes");
    expect(screen.getByRole("button", { name: /¿Qué es el resveratrol\?/ })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Dosis" })).toBeTruthy();
  });
});
