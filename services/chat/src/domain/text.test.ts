import { describe, expect, it } from "vitest";
import { fold, htmlToText, sentences, terms } from "./text.js";

describe("text helpers", () => {
  it("folds case and accents", () => {
    expect(fold("Longevidad Máxima ¿Qué?")).toBe("longevidad maxima ¿que?");
  });

  it("keeps the informative terms of a question, digits split from units", () => {
    expect(terms("What is the capital of Mongolia?")).toEqual(["capital", "mongolia"]);
    expect(terms("¿Cuál es la dosis de 500mg?")).toEqual(["dosis", "500", "mg"]);
  });

  it("turns article HTML into sentences of plain text", () => {
    const text = htmlToText(
      "<h2>Why</h2><p>Resveratrol is a polyphenol &amp; an antioxidant.</p><ul><li>It is found in grapes</li></ul>",
    );
    expect(text).toBe("Why. Resveratrol is a polyphenol & an antioxidant. It is found in grapes.");
    expect(sentences(text)).toEqual(["Resveratrol is a polyphenol & an antioxidant.", "It is found in grapes."]);
  });
});
