import { z } from "zod";

/** The chat service's own settings, on top of the kit's shared ones; read with `loadConfig`. */
export const chatSettingsSchema = z.object({
  /** An OpenAI-compatible API base URL (…/v1); without it answers come from retrieval alone. */
  CHAT_LLM_URL: z.string().url().optional(),
  CHAT_LLM_MODEL: z.string().min(1).default("gpt-4o-mini"),
  CHAT_LLM_API_KEY: z.string().min(1).optional(),
  CHAT_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How long the product and article index of one language is reused. */
  CHAT_INDEX_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
});
