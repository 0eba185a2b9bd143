import type { ChatMessage } from "@rsv/api/client";
import type { RetrievalAnswer } from "../domain/answer.js";
import type { Lang } from "../domain/language.js";
import { systemPrompt } from "../domain/prompt.js";

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
