import { describe, expect, it } from "vitest";
import { buildProduct as product } from "@rsv/api/factories";
import { buildKnowledge } from "./knowledge.js";
import { retrievalAnswer } from "./answer.js";
import { COPY } from "./copy.js";
import { systemPrompt } from "./prompt.js";

const knowledge = buildKnowledge(
  "es",
  [product({ id: 1, slug: "alpha-1000", name: "Alpha 1000", brand: "Alpha", placement: 1 })],
  [],
);

describe("the language model's instructions", () => {
  it("hold only the retrieved facts, the draft answer and the visitor's language rules", () => {
    const retrieval = retrievalAnswer("Comparar los 3 mejores", knowledge);
    const prompt = systemPrompt(retrieval, "es");
    expect(prompt).toContain("PRODUCTS (our catalogue):");
    expect(prompt).toContain("Alpha 1000");
    expect(prompt).toContain("/es/resena/alpha-1000");
    expect(prompt).toContain(`DRAFT ANSWER (computed from the data above):\n${retrieval.text}`);
    expect(prompt).toContain(`reply exactly: "${COPY.es.dontKnow}"`);
    expect(prompt).toContain(`Reply in ${COPY.es.languageName} only`);
    expect(prompt).toContain("Write a link as its bare path from CONTEXT");
    expect(prompt).not.toContain("ARTICLES");
  });
});
