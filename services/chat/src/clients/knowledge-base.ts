import { pageRegistry, sitePagePath } from "@rsv/api/site-pages";
import { GatewayGenerations, type ApiClient, type Logger } from "@rsv/kit";
import type { Lang } from "../domain/language.js";
import { buildKnowledge, faqAnswers, type FaqAnswer, type Knowledge } from "../domain/knowledge.js";

const FETCH_TIMEOUT_MS = 5000;

type PageKey = keyof typeof pageRegistry;
/** The pages whose questions and answers the chat answers from: the FAQ page first, then every guide and landing page. */
const FAQ_PAGES: PageKey[] = [
  "faq",
  ...(Object.keys(pageRegistry) as PageKey[]).filter((key) => {
    const entry: { kind: string; legal?: boolean } = pageRegistry[key];
    return entry.kind === "content" && !entry.legal;
  }),
];

/**
 * The catalogue, published articles and the questions answered on the FAQ page and the guides of each language, read over HTTP from the catalog and
 * content services and indexed; rebuilt at most once per TTL per language. When a rebuild fails,
 * the last good index keeps answering; articles and the FAQ are optional (the content service may be down).
 * An admin's write (the gateway's raised X-Cache-Generation on the next question) drops the indexes,
 * so the chat never names a product that was just deleted, renamed or re-ranked.
 */
export class KnowledgeBase {
  private cache = new Map<Lang, { expires: number; value: Promise<Knowledge> }>();
  private lastGood = new Map<Lang, Knowledge>();
  private readonly generations = new GatewayGenerations();

  constructor(
    private readonly api: ApiClient,
    private readonly logger: Logger,
    private readonly ttlMs: number,
  ) {}

  /** The index of a language; `generation` is the question's X-Cache-Generation header, when it came through a gateway. */
  get(lang: Lang, generation?: string): Promise<Knowledge> {
    if (this.generations.changed(generation)) this.cache.clear();
    const hit = this.cache.get(lang);
    if (hit && hit.expires > Date.now()) return hit.value;
    const value = this.load(lang);
    this.cache.set(lang, { expires: Date.now() + this.ttlMs, value });
    value.catch(() => {
      if (this.cache.get(lang)?.value === value) this.cache.delete(lang);
    });
    return value;
  }

  private async load(lang: Lang): Promise<Knowledge> {
    try {
      const [products, posts, faq] = await Promise.all([this.products(lang), this.posts(lang), this.faq(lang)]);
      const knowledge = buildKnowledge(lang, products, posts, faq);
      this.lastGood.set(lang, knowledge);
      return knowledge;
    } catch (error) {
      const stale = this.lastGood.get(lang);
      if (!stale) throw error;
      this.logger.warn({ err: error, lang }, "catalogue unreachable, answering from the previous index");
      this.cache.set(lang, { expires: Date.now() + 5000, value: Promise.resolve(stale) });
      return stale;
    }
  }

  private async products(lang: Lang) {
    const { data, response } = await this.api.GET("/api/products", {
      params: { query: { lang } },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!data) throw new Error(`catalog answered ${response.status}`);
    return data;
  }

  private async posts(lang: Lang) {
    try {
      const { data, response } = await this.api.GET("/api/blog", {
        params: { query: { published: true, lang } },
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (!data) throw new Error(`content answered ${response.status}`);
      return data;
    } catch (error) {
      this.logger.warn({ err: error, lang }, "articles unavailable, answering from products only");
      return [];
    }
  }

  /**
   * The questions and answers of the FAQ page and the guides as visitors read them (the owner may have
   * edited them); a page that cannot be read is left out.
   */
  private async faq(lang: Lang): Promise<FaqAnswer[]> {
    const pages = await Promise.all(FAQ_PAGES.map((key) => this.pageFaq(key, lang)));
    return pages.flat().map((entry, i) => ({ id: i + 1, ...entry }));
  }

  private async pageFaq(key: PageKey, lang: Lang) {
    try {
      const { data, response } = await this.api.GET("/api/pages/{key}/{lang}", {
        params: { path: { key: pageRegistry[key].en, lang } },
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (!data) throw new Error(`content answered ${response.status}`);
      return faqAnswers(data, sitePagePath(key, lang), key === "faq" ? undefined : data.title);
    } catch (error) {
      this.logger.warn({ err: error, lang, page: key }, "page unavailable, answering without its questions");
      return [];
    }
  }
}
