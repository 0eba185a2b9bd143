import { loadConfig, type ServiceDefinition } from "@rsv/kit";
import { chatSettingsSchema } from "./config.js";
import { KnowledgeBase } from "./clients/knowledge-base.js";
import { chatRoutes } from "./routes/chat.routes.js";

export const chatService: ServiceDefinition = {
  name: "chat",
  schema: "chat",
  // The assistant stores nothing: the schema exists (created by migrate) and stays empty.
  migrations: [],
  create: (deps) => {
    const config = loadConfig(chatSettingsSchema, deps.env);
    const knowledge = new KnowledgeBase(deps.api, deps.logger, config.CHAT_INDEX_TTL_MS);
    const llm = config.CHAT_LLM_URL
      ? {
          url: config.CHAT_LLM_URL,
          model: config.CHAT_LLM_MODEL,
          apiKey: config.CHAT_LLM_API_KEY,
          timeoutMs: config.CHAT_LLM_TIMEOUT_MS,
        }
      : undefined;
    if (llm) deps.logger.info({ model: llm.model }, "chat answers are phrased by a language model");
    return { routes: (router) => chatRoutes(router, knowledge, llm) };
  },
};
