import type { Lang } from "./language.js";
import { costPerMg } from "@rsv/api/product-rules";
import { sitePagePath } from "@rsv/api/site-pages";
import { currencyOf, type Product } from "./products.js";

/** Everything the assistant says that does not come from the catalogue or the articles. */
export interface Copy {
  dontKnow: string;
  disclaimer: string;
  unavailable: string;
  greeting: string;
  /** Where to buy, shipping: the site sells nothing; retailers do, on their terms. */
  whereToBuy: string;
  /** What the site is and how it earns, as its affiliate disclosure says. */
  aboutSite: string;
  protocolIntro: string[];
  protocolLink: string;
  protocolProducts: string;
  protocolNoProducts: string;
  longevity: string;
  potency(mg: number, names: string[]): string;
  potencyList: string;
  budget: string;
  bestValue(name: string, perMg: string): string;
  compare: string;
  compareNamed: string;
  compareSummary(rated: string, cheapest: string, strongest: string): string;
  articleLead(title: string): string;
  /** Leads the answer the FAQ page gives to one of its questions. */
  faqLead(question: string): string;
  /** An answer from a guide's own questions, named by the guide's title. */
  guideFaqLead(guide: string, question: string): string;
  readMore(link: string): string;
  matching: string;
  /** A question that asks for the best product and nothing more. */
  topRanked: string;
  /** No product is made for the health topics asked about (already joined as a list): the top-ranked follow. */
  noneForTopic(topics: string): string;
  /** The health topics of text.ts (HEALTH_TOPICS) as a sentence names them. */
  topics: Record<string, string>;
  /** No product within the limits the question set. */
  noneWithin: string;
  bestFor: string;
  reviews: string;
  perMg: string;
  coupon: string;
  articleLink(slug: string): string;
  reviewLink(slug: string): string;
  languageName: string;
}

export const COPY: Record<Lang, Copy> = {
  en: {
    dontKnow:
      "I don't have information about that. I can help with resveratrol, its research and dosing, and the supplements we review: ask me about a product, potency, price or a health topic from our articles.",
    disclaimer:
      "Educational information only, not medical advice: consult a healthcare professional before taking any supplement, especially if you take medication.",
    unavailable: "I can't reach our product catalogue right now. Please try again in a moment.",
    greeting:
      "Hi! I'm the resveratrol assistant. Ask me about our products, potency, prices, the David Sinclair protocol or the research in our articles.",
    whereToBuy: `We don't sell supplements ourselves. Each product's buy button takes you to a retailer that sells it in your country; its price, shipping and returns are that retailer's. Our comparison lists every product: ${sitePagePath("comparison", "en")}`,
    aboutSite: `We review and compare resveratrol supplements and explain the research behind them. When you buy through our links a retailer may pay us a commission, at no cost to you; no brand or retailer can pay for a place in our rankings: ${sitePagePath("affiliateDisclosure", "en")}`,
    protocolIntro: [
      "The David Sinclair protocol, as the Harvard researcher has described his own routine:",
      "• Dose: about 500 mg of trans-resveratrol a day, the headline protocol dose (he has mentioned up to 1 g).",
      "• Timing: once a day, in the morning.",
      "• With fat: taken with a fat-containing food such as yogurt or olive oil, because resveratrol dissolves poorly in water and fat may help absorption.",
      "• Form: trans-resveratrol, the form used in research, ideally 98%+ pure.",
      "It is one researcher's personal routine, not a clinically proven protocol.",
    ],
    protocolLink: `More: ${sitePagePath("davidSinclairProtocol", "en")}`,
    protocolProducts: "Products in our catalogue with at least 500 mg per serving:",
    protocolNoProducts: "No product in our catalogue currently has 500 mg or more per serving.",
    longevity: "Our top-ranked products for longevity:",
    potency: (mg, names) => `The highest potency in our catalogue is ${mg} mg per serving: ${names.join(", ")}.`,
    potencyList: "The most potent products:",
    budget: "The most affordable options in our catalogue:",
    bestValue: (name, perMg) => `Best value per mg: ${name} at ${perMg} per mg.`,
    compare: "How our top 3 compare:",
    compareNamed: "How they compare:",
    compareSummary: (rated, cheapest, strongest) =>
      `Highest rated: ${rated}. Lowest price: ${cheapest}. Highest potency: ${strongest}.`,
    articleLead: (title) => `From our article "${title}":`,
    faqLead: (question) => `From our FAQ, "${question}"`,
    guideFaqLead: (guide, question) => `From our guide "${guide}", "${question}"`,
    readMore: (link) => `Read more: ${link}`,
    matching: "Products that match your question:",
    topRanked: "Our top-ranked products:",
    noneForTopic: (topics) =>
      `None of the products we review is made specifically for ${topics}. These are our top-ranked ones:`,
    topics: {
      eye: "eye health",
      heart: "heart health",
      brain: "the brain and memory",
      skin: "the skin",
      nad: "NAD+ and energy",
      sport: "sport and exercise",
      longevity: "longevity",
      beginner: "beginners",
    },
    noneWithin: "None of the products we review is within those limits of potency and price.",
    bestFor: "best for",
    reviews: "reviews",
    perMg: "per mg",
    coupon: "coupon",
    articleLink: (slug) => `/blog/${slug}`,
    reviewLink: (slug) => `/review/${slug}`,
    languageName: "English",
  },
  es: {
    dontKnow:
      "No tengo información sobre eso. Puedo ayudarte con el resveratrol, su investigación y sus dosis, y con los suplementos que analizamos: pregúntame por un producto, la potencia, el precio o un tema de salud de nuestros artículos.",
    disclaimer:
      "Información solo educativa, no es consejo médico: consulta a un profesional de la salud antes de tomar cualquier suplemento, sobre todo si tomas medicación.",
    unavailable: "Ahora mismo no puedo acceder a nuestro catálogo de productos. Inténtalo de nuevo en un momento.",
    greeting:
      "¡Hola! Soy el asistente de resveratrol. Pregúntame por nuestros productos, la potencia, los precios, el protocolo de David Sinclair o la investigación de nuestros artículos.",
    whereToBuy: `No vendemos suplementos. El botón de compra de cada producto te lleva a una tienda que lo vende en tu país; el precio, el envío y las devoluciones son cosa de esa tienda. Nuestra comparativa los reúne todos: ${sitePagePath("comparison", "es")}`,
    aboutSite: `Analizamos y comparamos suplementos de resveratrol y explicamos la investigación que hay detrás. Si compras a través de nuestros enlaces, la tienda puede pagarnos una comisión sin coste para ti; ninguna marca ni tienda puede pagar por un puesto en nuestras clasificaciones: ${sitePagePath("affiliateDisclosure", "es")}`,
    protocolIntro: [
      "El protocolo de David Sinclair, tal como el investigador de Harvard ha descrito su propia rutina:",
      "• Dosis: unos 500 mg de trans-resveratrol al día, la dosis de referencia del protocolo (ha mencionado hasta 1 g).",
      "• Momento: una vez al día, por la mañana.",
      "• Con grasa: junto a un alimento con grasa, como yogur o aceite de oliva, porque el resveratrol se disuelve mal en agua y la grasa puede ayudar a absorberlo.",
      "• Forma: trans-resveratrol, la forma usada en la investigación, idealmente con una pureza del 98 % o más.",
      "Es la rutina personal de un investigador, no un protocolo clínicamente probado.",
    ],
    protocolLink: `Más información: ${sitePagePath("davidSinclairProtocol", "es")}`,
    protocolProducts: "Productos de nuestro catálogo con al menos 500 mg por toma:",
    protocolNoProducts: "Ahora mismo ningún producto de nuestro catálogo tiene 500 mg o más por toma.",
    longevity: "Nuestros productos mejor clasificados para la longevidad:",
    potency: (mg, names) => `La mayor potencia de nuestro catálogo es de ${mg} mg por toma: ${names.join(", ")}.`,
    potencyList: "Los productos más potentes:",
    budget: "Las opciones más económicas de nuestro catálogo:",
    bestValue: (name, perMg) => `Mejor relación precio por mg: ${name}, a ${perMg} por mg.`,
    compare: "Comparativa de nuestros 3 mejores productos:",
    compareNamed: "Así se comparan:",
    compareSummary: (rated, cheapest, strongest) =>
      `Mejor valorado: ${rated}. Precio más bajo: ${cheapest}. Mayor potencia: ${strongest}.`,
    articleLead: (title) => `De nuestro artículo «${title}»:`,
    faqLead: (question) => `De nuestras preguntas frecuentes, «${question}»`,
    guideFaqLead: (guide, question) => `De nuestra guía «${guide}», «${question}»`,
    readMore: (link) => `Más información: ${link}`,
    matching: "Productos que encajan con tu pregunta:",
    topRanked: "Nuestros productos mejor clasificados:",
    noneForTopic: (topics) =>
      `Ninguno de los productos que analizamos está pensado específicamente para ${topics}. Estos son los mejor clasificados:`,
    topics: {
      eye: "la salud ocular",
      heart: "la salud del corazón",
      brain: "el cerebro y la memoria",
      skin: "la piel",
      nad: "el NAD+ y la energía",
      sport: "el deporte y el ejercicio",
      longevity: "la longevidad",
      beginner: "quien empieza",
    },
    noneWithin: "Ninguno de los productos que analizamos está dentro de esos límites de potencia y precio.",
    bestFor: "ideal para",
    reviews: "opiniones",
    perMg: "por mg",
    coupon: "cupón",
    articleLink: (slug) => `/es/investigacion/${slug}`,
    reviewLink: (slug) => `/es/resena/${slug}`,
    languageName: "Spanish",
  },
};

const LOCALE: Record<Lang, string> = { en: "en-US", es: "es-ES" };
const moneyFormats = new Map<string, Intl.NumberFormat>();
const ratingFormats = {
  en: new Intl.NumberFormat(LOCALE.en, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  es: new Intl.NumberFormat(LOCALE.es, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
};

/** A price as the reader's language writes it, in its currency (US dollars unless said): `$17.49`, `17,49 €`. */
export function money(amount: number, lang: Lang, currency = "USD"): string {
  const key = `${lang}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE[lang], { style: "currency", currency });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

const countFormats = { en: new Intl.NumberFormat(LOCALE.en), es: new Intl.NumberFormat(LOCALE.es) };

/** A count as the pages write it in the reader's language: `3,150`, `3150` (Spanish groups from 10 000). */
export function countText(count: number, lang: Lang): string {
  return countFormats[lang].format(count);
}

/** A rating as the reader's language writes it: `4.7`, `4,7`. */
export function ratingText(rating: string | number, lang: Lang): string {
  return ratingFormats[lang].format(Number(rating));
}

/** One product as a line of a list: name, brand, potency, price, rating and what it is best for. */
export function productLine(product: Product, lang: Lang, index?: number, extra?: "perMg" | "coupon"): string {
  const copy = COPY[lang];
  const parts = [
    product.potency ?? "—",
    money(Number(product.price), lang, currencyOf(product)),
    `${ratingText(product.rating, lang)}/5 (${countText(product.reviewCount, lang)} ${copy.reviews})`,
  ];
  const perMg = costPerMg(product);
  if (extra === "perMg" && perMg !== null) parts.push(`${money(perMg, lang, currencyOf(product))} ${copy.perMg}`);
  if (extra === "coupon" && product.couponCode) {
    parts.push(`${copy.coupon} ${product.couponCode}${product.couponDiscount ? ` (${product.couponDiscount})` : ""}`);
  }
  const prefix = index === undefined ? "•" : `${index + 1}.`;
  return `${prefix} ${product.name} (${product.brand}): ${parts.join(", ")}; ${copy.bestFor}: ${product.bestFor}`;
}
