import type { ChatMessage } from "@rsv/api/client";
import type { RetrievalAnswer } from "../domain/answer.js";
import { COPY, productLine } from "../domain/copy.js";
import type { Lang } from "../domain/language.js";

export interface LlmSettings {
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

interface CompletionMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

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

export function systemPrompt(retrieval: RetrievalAnswer, lang: Lang): string {
  const copy = COPY[lang];
  return [
    "You are the assistant of a review website about resveratrol supplements.",
    "Answer the user's question using ONLY the facts in CONTEXT below (our product catalogue and our published articles).",
    "Do not use outside knowledge. Never invent products, brands, prices, doses, studies or links.",
    `If CONTEXT does not answer the question, reply exactly: "${copy.dontKnow}"`,
    `Reply in ${copy.languageName} only, whatever the language of earlier messages. Be concise: at most 150 words, plain text.`,
    `This is educational information, not medical advice. End any answer about health, doses or products with this line: "${copy.disclaimer}"`,
    "",
    "CONTEXT:",
    contextOf(retrieval, lang),
  ].join("\n");
}

/**
 * Asks an OpenAI-compatible chat-completions endpoint to phrase the answer from the retrieved
 * context. Throws on any failure (timeout, non-2xx, empty reply): the caller falls back.
 */
export async function askLlm(
  settings: LlmSettings,
  input: { message: string; history: ChatMessage[]; retrieval: RetrievalAnswer; lang: Lang },
): Promise<string> {
  const messages: CompletionMessage[] = [
    { role: "system", content: systemPrompt(input.retrieval, input.lang) },
    ...input.history.slice(-6).map((m) => ({ role: m.role, content: m.content.slice(0, 1000) })),
    { role: "user", content: input.message },
  ];
  const response = await fetch(`${settings.url.replace(/\/+$/, "")}/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: settings.model, messages, temperature: 0.2, max_tokens: 600 }),
    signal: AbortSignal.timeout(settings.timeoutMs),
  });
  if (!response.ok) throw new Error(`LLM answered ${response.status}`);
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== "string" || content.trim() === "") throw new Error("LLM reply has no content");
  return content.trim();
}
