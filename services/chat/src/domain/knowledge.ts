import type { BlogPost } from "@rsv/api/client";
import MiniSearch, { type SearchResult } from "minisearch";
import type { Lang } from "./language.js";
import type { Product } from "./products.js";
import { fold, htmlToText, STOP_WORDS, terms, words } from "./text.js";

export interface Article {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  text: string;
}

interface Doc {
  id: string;
  kind: "product" | "post";
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
  search(message: string): { terms: string[]; products: Hit[]; articles: Hit[] };
}

function processTerm(term: string): string | null {
  const folded = fold(term);
  return STOP_WORDS.has(folded) || (folded.length < 2 && !/\d/.test(folded)) ? null : folded;
}

export function toArticle(post: BlogPost): Article {
  return { id: post.id, slug: post.slug, title: post.title, excerpt: post.excerpt, text: htmlToText(post.content) };
}

/** A full-text index (MiniSearch: prefix and fuzzy matching) over products and articles. */
export function buildKnowledge(lang: Lang, products: Product[], posts: BlogPost[]): Knowledge {
  // A list in one language may fall back to the other for untranslated posts: answers stay in one language.
  const ownLanguage = posts.filter((post) => post.lang === lang);
  const articles = (ownLanguage.length > 0 ? ownLanguage : posts).map(toArticle);
  const index = new MiniSearch<Doc>({
    fields: ["name", "brand", "bestFor", "description", "features", "coupon", "title", "excerpt", "text"],
    storeFields: ["kind", "ref"],
    tokenize: words,
    processTerm,
    searchOptions: {
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      boost: { name: 4, brand: 3, bestFor: 3, title: 3, excerpt: 1.5, features: 1.5 },
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
  ]);

  return {
    lang,
    products,
    articles,
    search(message) {
      const queryTerms = [...new Set(terms(message))];
      if (queryTerms.length === 0) return { terms: [], products: [], articles: [] };
      const results = index.search(queryTerms.join(" ")) as Array<SearchResult & Pick<Doc, "kind" | "ref">>;
      const hits = (kind: Doc["kind"]) =>
        results
          .filter((r) => r.kind === kind)
          .map((r) => ({ ref: r.ref, score: r.score, matched: [...new Set(r.queryTerms)] }));
      return { terms: queryTerms, products: hits("product"), articles: hits("post") };
    },
  };
}
