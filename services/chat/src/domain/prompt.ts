import type { RetrievalAnswer } from "./answer.js";
import { COPY, productLine } from "./copy.js";
import type { Lang } from "./language.js";

/** The retrieved products and article passages, the only facts the model may use. */
export function contextOf(retrieval: RetrievalAnswer, lang: Lang): string {
  const parts: string[] = [];
  if (retrieval.products.length > 0) {
    parts.push("PRODUCTS (our catalogue):");
    for (const product of retrieval.products) {
      parts.push(
        `${productLine(product, lang)}. ${product.description.slice(0, 400)} Review: ${COPY[lang].reviewLink(product.slug)}`,
      );
    }
  }
  if (retrieval.articles.length > 0) {
    parts.push("", "ARTICLES (our published research articles):");
    for (const article of retrieval.articles) parts.push(`"${article.title}" (${article.link}): ${article.text}`);
  }
  parts.push("", "DRAFT ANSWER (computed from the data above):", retrieval.text);
  return parts.join("\n");
}

/** What the model is told: answer only from the retrieved facts, in the visitor's language, with the disclaimer. */
export function systemPrompt(retrieval: RetrievalAnswer, lang: Lang): string {
  const copy = COPY[lang];
  return [
    "You are the assistant of a review website about resveratrol supplements.",
    "Answer the user's question using ONLY the facts in CONTEXT below (our product catalogue, our published articles and our FAQ, in the draft answer).",
    "Do not use outside knowledge. Never invent products, brands, prices, doses, studies or links.",
    // The widget turns a bare path into a link named after its page; Markdown would stay as text around it.
    "Write a link as its bare path from CONTEXT (such as /review/slug), never as Markdown: the site shows it named after its page.",
    `If CONTEXT does not answer the question, reply exactly: "${copy.dontKnow}"`,
    `Reply in ${copy.languageName} only, whatever the language of earlier messages. Be concise: at most 150 words, plain text.`,
    `This is educational information, not medical advice. End any answer about health, doses or products with this line: "${copy.disclaimer}"`,
    "",
    "CONTEXT:",
    contextOf(retrieval, lang),
  ].join("\n");
}
