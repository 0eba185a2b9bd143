import { pageBodyIssue } from "@rsv/api/content-page";
import { describe, expect, it } from "vitest";
import { adminT } from "../admin-copy.testing.js";
import { bodyProblemText } from "./page-form.js";

describe("a page body's mistakes in the admin's words", () => {
  it("names the line and the block, in either language", () => {
    const issue = pageBodyIssue("Intro\n\n:::carousel\n:::")!;
    expect(bodyProblemText(issue, adminT("en"))).toBe(
      "Line 3: There is no block :::carousel: use callout, cards, figure, products, featured or faq.",
    );
    expect(bodyProblemText(issue, adminT("es"))).toBe(
      "Línea 3: No existe el bloque :::carousel: usa callout, cards, figure, products, featured o faq.",
    );
  });

  it("says which faq entry lacks its answer, and which YAML part is broken", () => {
    const entry = pageBodyIssue('---\nfaq:\n  - question: "Q1"\n    answer: "A1"\n  - question: "Q2"\n---\nText')!;
    expect(bodyProblemText(entry, adminT("es"))).toBe("La entrada 2 de faq necesita su answer.");
    const yaml = pageBodyIssue("---\nlead: [\n---\nText")!;
    expect(bodyProblemText(yaml, adminT("en"))).toBe(
      "The front matter is not valid YAML: check its indentation, colons and quotes.",
    );
  });
});
