import { pageBodyIssue } from "@rsv/api/content-page";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/create-i18n.js";
import { resources } from "../../i18n/resources.js";
import { registerAdminCopy } from "../admin-copy.js";
import { bodyProblemText } from "./page-form.js";

const admin = (lang: "en" | "es") => {
  const i18n = createI18n(lang, resources);
  registerAdminCopy(i18n);
  return i18n.getFixedT(lang, "admin");
};

describe("a page body's mistakes in the admin's words", () => {
  it("names the line and the block, in either language", () => {
    const issue = pageBodyIssue("Intro\n\n:::carousel\n:::")!;
    expect(bodyProblemText(issue, admin("en"))).toBe(
      "Line 3: There is no block :::carousel: use callout, cards, figure, products, featured or faq.",
    );
    expect(bodyProblemText(issue, admin("es"))).toBe(
      "Línea 3: No existe el bloque :::carousel: usa callout, cards, figure, products, featured o faq.",
    );
  });

  it("says which faq entry lacks its answer, and which YAML part is broken", () => {
    const entry = pageBodyIssue('---\nfaq:\n  - question: "Q1"\n    answer: "A1"\n  - question: "Q2"\n---\nText')!;
    expect(bodyProblemText(entry, admin("es"))).toBe("La entrada 2 de faq necesita su answer.");
    const yaml = pageBodyIssue("---\nlead: [\n---\nText")!;
    expect(bodyProblemText(yaml, admin("en"))).toBe(
      "The front matter is not valid YAML: check its indentation, colons and quotes.",
    );
  });
});
