import { describe, expect, it } from "vitest";
import { bodySentences, CONCEPTS, concept, fold, healthTopics, htmlToText, sentences, terms } from "./text.js";

describe("text helpers", () => {
  it("folds case and accents", () => {
    expect(fold("Longevidad Máxima ¿Qué?")).toBe("longevidad maxima ¿que?");
  });

  it("keeps the informative terms of a question, digits split from units", () => {
    expect(terms("What is the capital of Mongolia?")).toEqual(["capital", "mongolia"]);
    expect(terms("¿Cuál es la dosis de 500mg?")).toEqual(["dose", "500", "mg"]);
  });

  it.each([
    ["ojos", "eye"],
    ["vista", "eye"],
    ["ocular", "eye"],
    ["corazón", "heart"],
    ["corazon", "heart"],
    ["cardíaca", "heart"],
    ["piel", "skin"],
    ["cerebro", "brain"],
    ["memoria", "brain"],
    ["deporte", "sport"],
    ["ejercicio", "sport"],
    ["athletes", "sport"],
    ["dosis", "dose"],
    ["dosage", "dose"],
    ["cuesta", "price"],
    ["precio", "price"],
    ["barato", "budget"],
    ["embarazada", "pregnancy"],
    ["efectos secundarios", "sideeffects"],
    ["side effects", "sideeffects"],
  ])("reads the word people type, accents or none, as its concept: %j → %s", (word, expected) => {
    expect(terms(word)).toContain(expected);
  });

  it("reads each concept's own name as itself, so the index and the questions agree", () => {
    for (const name of Object.keys(CONCEPTS)) expect(concept(name)).toBe(name);
  });

  it("tells a dose question from a price question, and grape skin from skin", () => {
    expect(terms("How much resveratrol should I take?")).toContain("dose");
    expect(terms("cuanto resveratrol tomar al dia")).toContain("dose");
    expect(terms("How much does it cost?")).toEqual(["price"]);
    expect(terms("¿Cuánto cuesta?")).toEqual(["price"]);
    expect([...healthTopics("algo para la piel")]).toEqual(["skin"]);
    expect([...healthTopics("resveratrol de piel de uva")]).toEqual([]);
    expect([...healthTopics("grape skin extract")]).toEqual([]);
    expect(terms("How much does it cost per day?")).not.toContain("dose");
    expect(terms("¿Cuánto cuesta al día?")).not.toContain("dose");
    expect(terms("How much time does it take to work?")).not.toContain("dose");
  });

  it("reads no topic into words that only look like one", () => {
    expect(terms("No estoy seguro, ¿qué me recomiendas?")).not.toContain("safety");
    expect(terms("¿Es seguro tomarlo?")).toContain("safety");
    expect([...healthTopics("Desde tu punto de vista, ¿cuál es el mejor?")]).toEqual([]);
    expect([...healthTopics("Does it cause heartburn?")]).toEqual([]);
    expect(terms("¿Lo venden en farmacias?")).not.toContain("interaction");
    expect(terms("me cuesta dormir")).not.toContain("price");
  });

  it("quotes an article's body only: no heading glued into prose, no question", () => {
    const html =
      "<h2>Do the metabolites matter?</h2><p>Free levels stay low even after large doses.</p>" +
      "<h2>What about higher doses?</h2><p>Raising the dose increases blood levels. Is that safe? Doses of 1 g a day were tolerated.</p>" +
      "<h3>Practical takeaways</h3><ul><li>Look for products that state their content</li></ul>";
    expect(bodySentences(html)).toEqual([
      "Free levels stay low even after large doses.",
      "Raising the dose increases blood levels.",
      "Doses of 1 g a day were tolerated.",
      "Look for products that state their content.",
    ]);
  });

  it("turns article HTML into sentences of plain text", () => {
    const text = htmlToText(
      "<h2>Why</h2><p>Resveratrol is a polyphenol &amp; an antioxidant.</p><ul><li>It is found in grapes</li></ul>",
    );
    expect(text).toBe("Why. Resveratrol is a polyphenol & an antioxidant. It is found in grapes.");
    expect(sentences(text)).toEqual(["Resveratrol is a polyphenol & an antioxidant.", "It is found in grapes."]);
  });
});
