import { visitorCountry } from "@rsv/api/offer-rules";
import { badRequest, CACHE_GENERATION_HEADER, type OperationRouter } from "@rsv/kit";
import { modelAnswer, retrievalAnswer } from "../domain/answer.js";
import { COPY } from "../domain/copy.js";
import { detectLanguage } from "../domain/language.js";
import { inMarket, pricingCountry, toCard } from "../domain/products.js";
import type { KnowledgeBase } from "../clients/knowledge-base.js";
import { askLlm, type LlmSettings } from "../clients/llm-client.js";

export function chatRoutes(router: OperationRouter, knowledge: KnowledgeBase, llm: LlmSettings | undefined): void {
  // The per-visitor budget is the contract's x-rate-limit, counted by the kit before this runs.
  router.on("sendChatMessage", async (ctx, { body }) => {
    // Length and history bounds are the contract's (message ≤ 1000, ≤ 20 messages of ≤ 4000): the kit enforces them.
    const message = body.message.trim();
    if (!message)
      throw badRequest("message must not be blank", [{ path: "body.message", message: "message must not be blank" }]);
    const history = body.conversationHistory;
    // The browser's language decides only a message that reads as neither (koa's negotiator weighs it).
    const accepted = ctx.get("accept-language") ? ctx.acceptsLanguages("en", "es") : false;
    const lang = detectLanguage(message, history, accepted === "en" || accepted === "es" ? accepted : undefined);

    let base;
    try {
      base = await knowledge.get(lang, ctx.get(CACHE_GENERATION_HEADER) || undefined);
    } catch (error) {
      ctx.state.log.error({ err: error }, "catalogue unavailable for chat");
      ctx.body = { response: COPY[lang].unavailable, products: [], articles: [], language: lang };
      return;
    }

    // Prices as the visitor's market shows them on the pages, not the catalogue's US dollars.
    const visitor = visitorCountry(ctx.get("x-country") || undefined, ctx.get("accept-language") || undefined);
    const country = pricingCountry(message, visitor, base.products);
    const priced = { ...base, country, products: base.products.map((product) => inMarket(product, country)) };
    const retrieval = retrievalAnswer(message, priced, history);
    let response = retrieval.text;
    let { products, articles } = retrieval;
    // The model only rephrases what retrieval found: with nothing found, "don't know" stands.
    if (llm && retrieval.grounded) {
      try {
        const reply = await askLlm(llm, { message, history, retrieval, lang });
        ({ text: response, products, articles } = modelAnswer(reply, retrieval, lang));
      } catch (error) {
        ctx.state.log.warn({ err: error }, "LLM failed, answering from retrieval");
      }
    }
    // The articles' titles, so the widget names the reply's links to them by title rather than by path.
    ctx.body = {
      response,
      products: products.map(toCard),
      articles: articles.map(({ title, link }) => ({ title, link })),
      language: lang,
    };
  });
}
