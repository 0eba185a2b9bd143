import type { BlogPost, PublishedPage } from "@rsv/api/client";
import MiniSearch, { type SearchResult } from "minisearch";
import type { Lang } from "./language.js";
import type { Product } from "./products.js";
import { bodySentences, concept, fold, htmlToText, normalise, STOP_WORDS, terms, words } from "./text.js";

export interface Article {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  /** The whole text, headings included, as the index reads it. */
  text: string;
  /** The body's sentences, the only ones an answer quotes (see bodySentences). */
  sentences: string[];
}

/**
 * A question the site answers in a FAQ: the FAQ page's, or a guide's, under the heading of its section
 * ("Dosage").
 */
export interface FaqAnswer {
  id: number;
  section: string;
  question: string;
  answer: string;
  /** The page it is on: its path, and its title when it is a guide rather than the FAQ page. */
  link: string;
  guide?: string;
}

interface Doc {
  id: string;
  kind: "product" | "post" | "faq";
  ref: number;
  name?: string;
  brand?: string;
  bestFor?: string;
  description?: string;
  features?: string;
  coupon?: string;
  title?: string;
  excerpt?: string;
  text?: string;
  section?: string;
  question?: string;
  answer?: string;
}

export interface Hit {
  ref: number;
  score: number;
  /** Query terms (folded) this document matched. */
  matched: string[];
}

/** What the assistant knows in one language: the catalogue, the published articles and their index. */
export interface Knowledge {
  lang: Lang;
  products: Product[];
  /** The visitor's country, whose market prices the products (see inMarket); unknown when absent. */
  country?: string | null;
  articles: Article[];
  /** The questions the FAQ page answers, in this language. */
  faq: FaqAnswer[];
  search(message: string): { terms: string[]; products: Hit[]; articles: Hit[]; faq: Hit[] };
}

// Index terms as the questions' (text.ts, terms): folded, without stop words, each read as its concept.
function processTerm(term: string): string | null {
  const folded = fold(term);
  return STOP_WORDS.has(folded) || (folded.length < 2 && !/\d/.test(folded)) ? null : concept(folded);
}

const tokenize = (text: string) => words(normalise(text));

export function toArticle(post: BlogPost): Article {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    text: htmlToText(post.content),
    sentences: bodySentences(post.content),
  };
}

const HEADING = /<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]\s*>/gi;

/**
 * The questions a page answers: each entry of its `:::faq` blocks under the last heading before it, or,
 * for a block that holds none, the questions of the page's front matter.
 */
export function faqAnswers(page: PublishedPage, link: string, guide?: string): Array<Omit<FaqAnswer, "id">> {
  const found: Array<Omit<FaqAnswer, "id">> = [];
  let section = "";
  for (const block of page.content.blocks) {
    if (block.type === "html" && block.html) {
      for (const match of block.html.matchAll(HEADING)) section = htmlToText(match[1]!);
    }
    if (block.type !== "faq") continue;
    const entries = block.entries
      ? block.entries.map((entry) => ({ question: entry.question, answer: htmlToText(entry.html) }))
      : (page.content.meta.faq ?? []);
    for (const { question, answer } of entries) {
      if (question.trim() && answer.trim())
        found.push({ section, question, answer, link, ...(guide ? { guide } : {}) });
    }
  }
  return found;
}

/** A full-text index (MiniSearch: prefix and fuzzy matching) over products, articles and the FAQ's answers. */
export function buildKnowledge(lang: Lang, products: Product[], posts: BlogPost[], faq: FaqAnswer[] = []): Knowledge {
  // A list in one language may fall back to the other for untranslated posts: answers stay in one language.
  const ownLanguage = posts.filter((post) => post.lang === lang);
  const articles = (ownLanguage.length > 0 ? ownLanguage : posts).map(toArticle);
  const index = new MiniSearch<Doc>({
    fields: [
      "name",
      "brand",
      "bestFor",
      "description",
      "features",
      "coupon",
      "title",
      "excerpt",
      "text",
      "section",
      "question",
      "answer",
    ],
    storeFields: ["kind", "ref"],
    tokenize,
    processTerm,
    searchOptions: {
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      boost: { name: 4, brand: 3, bestFor: 3, title: 3, excerpt: 1.5, features: 1.5, question: 3, section: 2 },
    },
  });
  index.addAll([
    ...products.map((p): Doc => ({
      id: `product:${p.id}`,
      kind: "product",
      ref: p.id,
      name: p.name,
      brand: p.brand,
      bestFor: p.bestFor,
      description: p.description,
      features: p.features.join(". "),
      coupon: p.couponCode
        ? `coupon discount code cupón descuento código ${p.couponCode} ${p.couponDiscount ?? ""} ${p.couponDescription ?? ""}`
        : undefined,
    })),
    ...articles.map((a): Doc => ({
      id: `post:${a.id}`,
      kind: "post",
      ref: a.id,
      title: a.title,
      excerpt: a.excerpt,
      text: a.text,
    })),
    ...faq.map((entry): Doc => ({
      id: `faq:${entry.id}`,
      kind: "faq",
      ref: entry.id,
      section: entry.section,
      question: entry.question,
      answer: entry.answer,
    })),
  ]);

  return {
    lang,
    products,
    articles,
    faq,
    search(message) {
      const queryTerms = [...new Set(terms(message))];
      if (queryTerms.length === 0) return { terms: [], products: [], articles: [], faq: [] };
      const results = index.search(queryTerms.join(" ")) as Array<SearchResult & Pick<Doc, "kind" | "ref">>;
      const hits = (kind: Doc["kind"]) =>
        results
          .filter((r) => r.kind === kind)
          .map((r) => ({ ref: r.ref, score: r.score, matched: [...new Set(r.queryTerms)] }));
      return { terms: queryTerms, products: hits("product"), articles: hits("post"), faq: hits("faq") };
    },
  };
}
