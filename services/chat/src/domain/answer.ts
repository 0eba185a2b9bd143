import type { ChatMessage } from "@rsv/api/client";
import type { FaqAnswer, Hit, Knowledge } from "./knowledge.js";
import { COPY, money, productLine } from "./copy.js";
import { hasConstraints, parseConstraints, withinConstraints, withoutConstraints } from "./constraints.js";
import { detectIntent, type QuickIntent } from "./intents.js";
import type { Lang } from "./language.js";
import { costPerMg, potencyMg, sortProducts } from "@rsv/api/product-rules";
import { byRanking, byRecommendation, currencyOf, quotedPricing, type Product } from "./products.js";
import { keywordScore, madeFor, namesBrand, namesProduct } from "./scoring.js";
import { conceptAlternatives, fold, healthTopics, terms } from "./text.js";

export const MAX_CARDS = 3;
export const PROTOCOL_MIN_MG = 500;

/** A piece of retrieved knowledge, as handed to a language model. */
export interface Snippet {
  title: string;
  link: string;
  text: string;
}

export interface RetrievalAnswer {
  /** The answer as retrieval alone gives it. */
  text: string;
  products: Product[];
  articles: Snippet[];
  intent: QuickIntent | "search" | "greeting" | "unknown";
  /** False when nothing relevant was found: the answer is the plain "don't know". */
  grounded: boolean;
}

// Terms found in nearly every document here: they cannot show that a question is on topic.
const UBIQUITOUS = new Set([
  "resveratrol",
  "supplement",
  "supplements",
  "suplemento",
  "suplementos",
  "product",
  "products",
  "producto",
  "productos",
  "trans",
  // Asking for advice, or how to take something, says nothing of what about (text.ts reads them as concepts).
  "recommend",
  "take",
  "health",
  "salud",
]);
// A question asking for a product rather than about resveratrol ("what do you recommend", "algo para…").
const PRODUCT_REQUEST = new RegExp(
  `\\b(${conceptAlternatives("recommend")}|products?|supplements?|brands?|buy|purchase|something|anything|productos?|suplementos?|marcas?|comprar?|compro|algo|alguno|alguna)\\b`,
);
// "Which is the best?", "¿cuál me recomiendas?": with nothing else asked, the site's top recommendations.
/** What people ask about taking resveratrol, whatever the body part they name. */
const ABOUT_TAKING = new Set(["dose", "safety", "sideeffects", "pregnancy", "interaction", "food", "take", "timing"]);
const BEST_QUESTION = new RegExp(`\\b(best|top|mejor(es)?|${conceptAlternatives("recommend")})\\b`);
// The synonym table's coupon words (text.ts, CONCEPTS.coupon), as the index reads them.
const COUPON_QUESTION = new RegExp(`\\b(${conceptAlternatives("coupon")})\\b`);
// Where to buy it, shipping, Amazon: the site sells nothing (folded text).
const WHERE_TO_BUY =
  /\b(where (can|do|to|should|could) (i |we )?(buy|get|order|purchase)|ship(s|ping)?|amazon|donde (lo |la |los |las )?(puedo |se puede |podria )?(compr\w*|consig\w*|pid\w*)|envios?|enviais|envian|hac[ei]is envios)\b/;
// What the site is, who runs it, whether brands pay it.
const ABOUT_SITE =
  /\b(who are you|what is this (site|website|page)|who runs (this|the) (site|website)|do you get paid|are you paid|paid by (the )?brands|quien(es)? (sois|eres)|que es esta (web|pagina)|(os|te) pagan)\b/;
const GREETING = /^(hi|hello|hey|hola|buenas|buenos dias|buenas tardes|good (morning|afternoon|evening))[\s!.,¡]*$/;

function withDisclaimer(lines: string[], lang: Lang): string {
  return [...lines, "", COPY[lang].disclaimer].join("\n");
}

function unknown(lang: Lang): RetrievalAnswer {
  return { text: COPY[lang].dontKnow, products: [], articles: [], intent: "unknown", grounded: false };
}

/**
 * Products compared side by side, each with its potency, price, rating and cost per mg, then which is
 * best rated, cheapest and strongest. The cheapest is told only among prices in the pricing's currency
 * (see quotedPricing): amounts in different currencies are not compared.
 */
function comparison(chosen: Product[], knowledge: Knowledge): string[] {
  const { lang } = knowledge;
  const lines = chosen.map((p, i) => productLine(p, lang, i, "perMg"));
  if (chosen.length < 2) return lines;
  const pricing = quotedPricing(chosen, knowledge.country ?? null);
  const best = <T>(among: Product[], score: (p: Product) => T, better: (a: T, b: T) => boolean) =>
    among.reduce((top, p) => (better(score(p), score(top)) ? p : top)).name;
  const priced = chosen.filter((p) => pricing.shown(p)?.currency === pricing.currency);
  return [
    ...lines,
    "",
    COPY[lang].compareSummary(
      best(
        chosen,
        (p) => Number(p.rating),
        (a, b) => a > b,
      ),
      best(
        priced.length > 0 ? priced : chosen,
        (p) => Number(p.price),
        (a, b) => a < b,
      ),
      best(
        chosen,
        (p) => potencyMg(p.potency) ?? 0,
        (a, b) => a > b,
      ),
    ),
  ];
}

// "compare", "comparison", "comparar", "vs", "versus", "frente a": a question setting products side by side
// (not "compartir", to share).
const COMPARE_QUESTION = /\b(compar[aeio]\w*|vs\.?|versus|frente a)\b/;
// Two products named with one of these also ask for a comparison: "is Ambergrove better than
// Thistlecrest?", "¿cuál es más barato, Corvella o Ambergrove?".
const WEIGHS_UP =
  /\b(better|best|worse|cheaper|cheapest|stronger|strongest|difference|differ|mejor|peor|barat[oa]|potente|diferencia\w*|or|o)\b/;

/**
 * The products a comparison question names, at most three: first those named in full, then those named
 * by two of their words in what the full names leave of the question, then for a brand named alone its
 * best placed product (so "compare Corvella and Pellucid" takes one of each). A product named in full
 * lends none of its words to another: "Corvella Starter 250 vs Ambergrove Liposomal 250" compares those
 * two, not Ambergrove's other 250 mg product.
 */
function namedForComparison(message: string, products: readonly Product[]): Product[] {
  const ranked = [...products].sort(byRanking);
  const question = fold(message);
  const inFull = ranked.filter((p) => question.includes(fold(p.name)));
  const rest = inFull.reduce((text, p) => text.split(fold(p.name)).join(" "), question);
  const named = [...inFull, ...ranked.filter((p) => !inFull.includes(p) && namesProduct(rest, p))];
  const brands = new Set(named.map((p) => fold(p.brand)));
  for (const p of ranked) {
    if (brands.has(fold(p.brand)) || !namesBrand(rest, p)) continue;
    named.push(p);
    brands.add(fold(p.brand));
  }
  return named.slice(0, MAX_CARDS).sort(byRanking);
}

function quickAnswer(intent: QuickIntent, knowledge: Knowledge): RetrievalAnswer {
  const { lang } = knowledge;
  const copy = COPY[lang];
  const products = [...knowledge.products];
  const lines: string[] = [];
  let chosen: Product[] = [];

  switch (intent) {
    case "protocol": {
      chosen = products
        .filter((p) => (potencyMg(p.potency) ?? 0) >= PROTOCOL_MIN_MG)
        .sort(byRecommendation)
        .slice(0, MAX_CARDS);
      lines.push(...copy.protocolIntro, copy.protocolLink, "");
      if (chosen.length > 0) lines.push(copy.protocolProducts, ...chosen.map((p, i) => productLine(p, lang, i)));
      else lines.push(copy.protocolNoProducts);
      break;
    }
    case "longevity": {
      chosen = products.sort(byRecommendation).slice(0, MAX_CARDS);
      lines.push(copy.longevity, ...chosen.map((p, i) => productLine(p, lang, i)));
      break;
    }
    case "potency": {
      const withMg = products.filter((p) => potencyMg(p.potency) !== null);
      if (withMg.length === 0) return unknown(lang);
      chosen = sortProducts(withMg, "potency").slice(0, MAX_CARDS);
      const max = potencyMg(chosen[0]!.potency)!;
      const strongest = withMg.filter((p) => potencyMg(p.potency) === max).map((p) => p.name);
      lines.push(
        copy.potency(max, strongest),
        "",
        copy.potencyList,
        ...chosen.map((p, i) => productLine(p, lang, i, "perMg")),
      );
      break;
    }
    case "budget": {
      // Cheapest as the visitor's market prices them; amounts in different currencies are not compared.
      const pricing = quotedPricing(products, knowledge.country ?? null);
      chosen = sortProducts(products, "price-asc", pricing).slice(0, MAX_CARDS);
      lines.push(copy.budget, ...chosen.map((p, i) => productLine(p, lang, i, "perMg")));
      const value = products
        .filter((p) => costPerMg(p) !== null && pricing.shown(p)?.currency === pricing.currency)
        .sort((a, b) => costPerMg(a)! - costPerMg(b)! || byRanking(a, b))[0];
      if (value) lines.push("", copy.bestValue(value.name, money(costPerMg(value)!, lang, currencyOf(value))));
      break;
    }
    case "compare": {
      chosen = products.sort(byRanking).slice(0, MAX_CARDS);
      lines.push(copy.compare, ...comparison(chosen, knowledge));
      break;
    }
  }
  if (chosen.length === 0) return unknown(lang);
  return { text: withDisclaimer(lines, lang), products: chosen, articles: [], intent, grounded: true };
}

/** How much of the informative part of the question a document matched, 0 to 1. */
function coverage(hit: Hit, informative: string[]): number {
  if (informative.length === 0) return hit.matched.length > 0 ? 1 : 0;
  return informative.filter((t) => hit.matched.includes(t)).length / informative.length;
}

/**
 * The one or two body sentences of an article that say most about the question, in their order: never a
 * heading, never a question (see bodySentences), compared term by term as concepts ("dosis" is "dose").
 */
export function bestSentences(bodySentences: readonly string[], queryTerms: string[], count = 2): string {
  const scored = bodySentences.map((sentence, position) => {
    const sentenceWords = terms(sentence);
    const score = queryTerms.filter((term) =>
      sentenceWords.some(
        (w) => w === term || (term.length >= 4 && w.length >= 4 && (w.startsWith(term) || term.startsWith(w))),
      ),
    ).length;
    return { sentence, position, score };
  });
  const picked = scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, count)
    .sort((a, b) => a.position - b.position);
  const snippet = picked.map((s) => s.sentence).join(" ");
  return snippet.length > 600 ? `${snippet.slice(0, 597).replace(/\s+\S*$/, "")}…` : snippet;
}

/** Products in the order a search shows them: the best scored first, then the ranking; at most MAX_CARDS. */
function topScored(scored: Array<{ product: Product; score: number }>): Product[] {
  return [...scored]
    .sort((a, b) => b.score - a.score || byRanking(a.product, b.product))
    .slice(0, MAX_CARDS)
    .map((s) => s.product);
}

function searchAnswer(message: string, knowledge: Knowledge): RetrievalAnswer {
  const { lang } = knowledge;
  const copy = COPY[lang];
  const question = fold(message);
  const found = knowledge.search(message);
  const informative = found.terms.filter((t) => !UBIQUITOUS.has(t));
  const named = knowledge.products.filter((p) => namesProduct(message, p) || namesBrand(message, p));

  // "Which is the best?" asks for the site's recommendation; "how much does it cost?" for its prices.
  if (informative.length === 0 && named.length === 0 && BEST_QUESTION.test(question)) {
    const chosen = [...knowledge.products].sort(byRecommendation).slice(0, MAX_CARDS);
    if (chosen.length === 0) return unknown(lang);
    const lines = [copy.topRanked, ...chosen.map((p, i) => productLine(p, lang, i))];
    return { text: withDisclaimer(lines, lang), products: chosen, articles: [], intent: "search", grounded: true };
  }
  if (informative.length > 0 && informative.every((t) => t === "price" || t === "budget") && named.length === 0) {
    return quickAnswer("budget", knowledge);
  }
  // "¿Cuánto cuesta Corvella?": the product's own answer, not the FAQ on whether dearer brands are better.
  const namedWords = new Set(named.flatMap((p) => terms(`${p.name} ${p.brand}`)));
  const priceOfNamed = named.length > 0 && informative.every((t) => t === "price" || namedWords.has(t));

  // Products: the keyword score plus the full-text score of products that match most of the
  // question (3 to 5 points, the best match 5), so a full-text match alone is enough to be shown.
  const topScore = Math.max(0, ...found.products.map((h) => h.score));
  const fullText = new Map(
    found.products
      .filter((h) => coverage(h, informative) >= 2 / 3 && informative.some((t) => h.matched.includes(t)))
      .map((h) => [h.ref, 3 + (h.score / topScore) * 2]),
  );
  const scored = knowledge.products.map((product) => ({
    product,
    score: keywordScore(message, product) + (fullText.get(product.id) ?? 0),
  }));
  // A health topic ("para los ojos") takes the products made for it, and those the question names. A
  // question about taking it ("is it safe for my eyes?", "how many mg for the skin?") is answered as such:
  // the topic then neither narrows the sources nor asks for products.
  const topics = healthTopics(message);
  const aboutTaking = found.terms.some((t) => ABOUT_TAKING.has(t));
  const topicBound = topics.size > 0 && !aboutTaking;
  let products =
    topics.size > 0
      ? topScored(scored.filter((s) => madeFor(s.product, topics) || named.includes(s.product)))
      : topScored(scored.filter((s) => s.score >= 3));
  // "Any coupons?" and nothing else: the products that have one, in ranking order, so the list starts
  // where the site's recommendations do (by score, the one with the longest coupon text came last).
  if (COUPON_QUESTION.test(question) && named.length === 0 && informative.every((t) => t === "coupon")) {
    products = [...knowledge.products]
      .filter((p) => p.couponCode)
      .sort(byRanking)
      .slice(0, MAX_CARDS);
  }

  // What a source must match: the health topic asked about, when there is one ("para los ojos y cuánto
  // cuesta" is not answered by the FAQ on prices), else at least half of what was asked.
  // A question about taking it is answered by what speaks of that (pregnancy, side effects…), however
  // much else it mentions ("embarazada y con la tensión alta").
  const takingAsked = found.terms.filter((t) => ABOUT_TAKING.has(t) && t !== "take");
  const relevant = (hit: Hit) =>
    topicBound
      ? coverage(hit, informative) >= 0.5 && hit.matched.some((t) => topics.has(t))
      : coverage(hit, informative) >= 0.5 || takingAsked.some((t) => hit.matched.includes(t));

  // The FAQ's answer: the entry covering most of the question; then the one whose own question holds
  // most of what was asked ("the same as red wine?" is "Is resveratrol the same as drinking red wine?", not
  // "What is resveratrol?", whose answer names red wine too); then the one whose own question is most
  // nearly the visitor's ("What is resveratrol?" before "What is the difference between trans-resveratrol and
  // resveratrol?"); then the FAQ page's own before a guide's; then the full-text score.
  const asked = new Set(found.terms);
  const askedBy = (entry: FaqAnswer) => {
    const own = terms(entry.question);
    return own.length === 0 ? 0 : own.filter((t) => asked.has(t)).length / own.length;
  };
  const inQuestion = (entry: FaqAnswer) => {
    const own = new Set(terms(entry.question));
    return informative.filter((t) => own.has(t)).length;
  };
  const articleCovers = Math.max(0, ...found.articles.filter(relevant).map((hit) => coverage(hit, informative)));
  const faq = found.faq
    .filter((hit) => !priceOfNamed && relevant(hit))
    // An article that covers more of the question than any FAQ answer answers instead.
    .filter((hit) => coverage(hit, informative) >= articleCovers)
    .map((hit) => ({ hit, entry: knowledge.faq.find((entry) => entry.id === hit.ref) }))
    .filter((c): c is { hit: Hit; entry: FaqAnswer } => c.entry !== undefined)
    .map((c) => ({
      ...c,
      covered: coverage(c.hit, informative),
      inQuestion: inQuestion(c.entry),
      own: askedBy(c.entry),
    }))
    .sort(
      (a, b) =>
        b.covered - a.covered ||
        b.inQuestion - a.inQuestion ||
        b.own - a.own ||
        Number(a.entry.guide !== undefined) - Number(b.entry.guide !== undefined) ||
        b.hit.score - a.hit.score,
    )[0]?.entry;

  // Articles: the best one that covers at least half of what was asked.
  const articleHit = found.articles
    .filter(relevant)
    .map((hit) => ({ hit, covered: coverage(hit, informative) }))
    .sort((a, b) => b.covered - a.covered || b.hit.score - a.hit.score)[0]?.hit;
  const article = articleHit ? knowledge.articles.find((a) => a.id === articleHit.ref) : undefined;
  const snippet = article ? bestSentences(article.sentences, informative.length ? informative : found.terms) : "";

  // The FAQ answers a question about resveratrol; products come with it when asked for or named.
  const asksForProduct = PRODUCT_REQUEST.test(question) || named.length > 0 || topicBound;
  if (faq && !asksForProduct) products = [];
  // Nothing is made for the topic: the top-ranked products, saying so, when a product was asked for.
  let noneForTopic: string | undefined;
  if (topics.size > 0 && products.length === 0 && (PRODUCT_REQUEST.test(question) || (!faq && !snippet))) {
    products = [...knowledge.products].sort(byRecommendation).slice(0, MAX_CARDS);
    const list = new Intl.ListFormat(lang, { type: "conjunction" });
    noneForTopic = copy.noneForTopic(list.format([...topics].map((topic) => copy.topics[topic] ?? topic)));
  }

  if (products.length === 0 && !snippet && !faq) return unknown(lang);

  const lines: string[] = [];
  const articles: Snippet[] = [];
  const link = article && snippet ? copy.articleLink(article.slug) : undefined;
  if (faq) {
    // An article on the question is offered to read on, after the FAQ's answer: one whose title is about
    // something asked, not one that merely mentions it (the heart studies after "is it safe with eye drops?").
    const onTopic = article !== undefined && terms(article.title).some((t) => informative.includes(t));
    const further = link && onTopic ? [faq.link, link] : [faq.link];
    if (further.length > 1) articles.push({ title: article!.title, link: link!, text: snippet });
    const lead = faq.guide ? copy.guideFaqLead(faq.guide, faq.question) : copy.faqLead(faq.question);
    lines.push(lead, faq.answer, copy.readMore(further.join(", ")));
  } else if (article && link) {
    articles.push({ title: article.title, link, text: snippet });
    lines.push(copy.articleLead(article.title), snippet, copy.readMore(link));
  }
  if (products.length > 0) {
    if (lines.length > 0) lines.push("");
    if (named.includes(products[0]!) && !article && !faq) {
      const p = products[0]!;
      lines.push(`${p.name} (${p.brand}): ${p.description}`, copy.readMore(copy.reviewLink(p.slug)), "");
    }
    const extra = COUPON_QUESTION.test(question) ? "coupon" : undefined;
    if (noneForTopic) lines.push(noneForTopic, ...products.map((p, i) => productLine(p, lang, i, extra)));
    else lines.push(copy.matching, ...products.map((p) => productLine(p, lang, undefined, extra)));
  }
  return { text: withDisclaimer(lines, lang), products, articles, intent: "search", grounded: true };
}

// "The second one", "y el tercero": a place in the list the last answer gave.
const ORDINALS: Array<[RegExp, number]> = [
  [/\b(first|primer[oa]?|1st)\b/, 0],
  [/\b(second|segund[oa]|2nd)\b/, 1],
  [/\b(third|tercer[oa]?|3rd)\b/, 2],
];
// "How much is it?", "¿y ese?", "¿cuánto cuesta?": about the product just shown, named no more. Not "it"
// or "lo" alone: "¿lo puedo tomar con café?" asks about resveratrol, not the last card.
const POINTS_BACK =
  /\b(that one|this one|how much is (it|that|this)|ese|esa|este|cuesta|cuestan|vale|valen|precio|price|cost|costs|coupons?|cupon(es)?|descuentos?|discounts?)\b/;
const FOLLOW_UP_WORDS = 7;

/**
 * The product a short follow-up means, from the last answer's list: "y el segundo?" the second product
 * it named, "and how much is it?" the first. None when the message names a product, is no follow-up, or
 * the last answer named none.
 */
export function productReferredTo(
  message: string,
  history: readonly ChatMessage[],
  products: readonly Product[],
): Product | undefined {
  const text = fold(message);
  if (text.split(/\s+/).filter(Boolean).length > FOLLOW_UP_WORDS) return undefined;
  if (products.some((p) => namesProduct(message, p) || namesBrand(message, p))) return undefined;
  const last = [...history].reverse().find((entry) => entry.role === "assistant")?.content;
  if (!last) return undefined;
  const listed = products
    .map((product) => ({ product, at: fold(last).indexOf(fold(product.name)) }))
    .filter((entry) => entry.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.product);
  const ordinal = ORDINALS.find(([pattern]) => pattern.test(text))?.[1];
  if (ordinal !== undefined) return listed[ordinal];
  return POINTS_BACK.test(text) ? listed[0] : undefined;
}

/** Answers from the catalogue, the articles and the FAQ alone: a quick question, a search, or "don't know". */
export function retrievalAnswer(
  message: string,
  knowledge: Knowledge,
  history: readonly ChatMessage[] = [],
): RetrievalAnswer {
  const folded = fold(message);
  if (GREETING.test(folded.trim())) {
    return { text: COPY[knowledge.lang].greeting, products: [], articles: [], intent: "greeting", grounded: false };
  }
  for (const [pattern, key] of [
    [WHERE_TO_BUY, "whereToBuy"],
    [ABOUT_SITE, "aboutSite"],
  ] as const) {
    if (!pattern.test(folded)) continue;
    const text = withDisclaimer([COPY[knowledge.lang][key]], knowledge.lang);
    return { text, products: [], articles: [], intent: "search", grounded: true };
  }
  // Limits the question sets ("at least 500 mg", "menos de 30 €") hold for every answer below.
  const bounds = parseConstraints(message);
  const bounded = hasConstraints(bounds);
  const within = bounded ? { ...knowledge, products: withinConstraints(knowledge.products, bounds) } : knowledge;
  const { lang } = knowledge;
  if (bounded && within.products.length === 0) {
    return {
      text: withDisclaimer([COPY[lang].noneWithin], lang),
      products: [],
      articles: [],
      intent: "search",
      grounded: true,
    };
  }
  // Products named to be compared ("compara corvella y pellucid") are compared, not searched for.
  const weighed = COMPARE_QUESTION.test(folded) || WEIGHS_UP.test(folded);
  const named = weighed ? namedForComparison(message, within.products) : [];
  if (named.length >= 2) {
    const text = withDisclaimer([COPY[lang].compareNamed, ...comparison(named, within)], lang);
    return { text, products: named, articles: [], intent: "compare", grounded: true };
  }
  // What is asked besides the limits, which the products already keep to; a follow-up ("y el segundo?")
  // asks about the product it points back to, as if it named it.
  const referred = productReferredTo(message, history, within.products);
  const asked = `${bounded ? withoutConstraints(message) : message}${referred ? ` ${referred.name}` : ""}`;
  // A follow-up is about its product alone: its name's words would find others too.
  if (referred) return searchAnswer(asked, { ...within, products: [referred] });
  const intent = detectIntent(asked);
  const answer = intent ? quickAnswer(intent, within) : searchAnswer(asked, within);
  if (answer.grounded || !bounded) return answer;
  // Only limits were asked for: the best placed products within them.
  const chosen = [...within.products].sort(byRanking).slice(0, MAX_CARDS);
  const lines = [COPY[lang].matching, ...chosen.map((p, i) => productLine(p, lang, i, "perMg"))];
  return { text: withDisclaimer(lines, lang), products: chosen, articles: [], intent: "search", grounded: true };
}

/**
 * A language model's rephrasing of a grounded retrieval answer. The model may only say what
 * retrieval found: when it falls back to "don't know" the product cards and articles go too, and the
 * disclaimer is added when the model left it out.
 */
export function modelAnswer(
  reply: string,
  retrieval: RetrievalAnswer,
  lang: Lang,
): { text: string; products: Product[]; articles: Snippet[] } {
  const copy = COPY[lang];
  if (reply.includes(copy.dontKnow)) return { text: copy.dontKnow, products: [], articles: [] };
  return {
    text: reply.includes(copy.disclaimer) ? reply : `${reply}\n\n${copy.disclaimer}`,
    products: retrieval.products,
    articles: retrieval.articles,
  };
}
