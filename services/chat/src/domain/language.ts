import type { ChatMessage, Language } from "@rsv/api/client";
import { fold, words } from "./text.js";

export type Lang = Language;

const SPANISH_MARKS = /[ñ¿¡áéíóúü]/i;

// Common words of one language that are not words of the other (accents folded).
const SPANISH = new Set(
  (
    "el la los las del que cual cuales quien como donde cuanto cuanta cuantos es son esta estan para por con sin " +
    "una uno unos unas mejor mejores precio precios dosis protocolo potencia potente economico economica economicos " +
    "economicas barato barata baratos baratas comparar compara comparame comparacion hola gracias y en sobre tiene " +
    "tienen productos producto quiero puedo debo tomar opciones mayor mas salud longevidad corazon suplemento " +
    "suplementos tambien pero muy este esta estos hay dime cuanto recomiendas recomienda sirve deberia ayuda " +
    "envejecimiento cerebro piel ojos presupuesto resena investigacion de se lo le mi al puede pueden da dar " +
    "capsulas capsula polvo tomo tomarlo efectos estomago embarazada pastillas normal engorda"
  ).split(" "),
);
const ENGLISH = new Set(
  (
    "the is are what which who how best for of and to with an price prices dose doses compare cheap cheapest " +
    "highest potency potent protocol options budget top does do can should my you about take longevity heart health " +
    // Not "me", which Spanish writes as often ("¿me puede dar diarrea?").
    "product products supplement supplements it this that in on there any have has tell recommend much good " +
    "aging brain skin eyes review research strongest most affordable"
  ).split(" "),
);

/** Points for Spanish and for English: accents and ñ ¿ ¡ count for Spanish, then common words. */
export function languageScores(text: string): { es: number; en: number } {
  let es = SPANISH_MARKS.test(text) ? 2 : 0;
  let en = 0;
  for (const word of words(fold(text))) {
    if (SPANISH.has(word)) es++;
    if (ENGLISH.has(word)) en++;
  }
  return { es, en };
}

/**
 * The language to answer in: Spanish when the message reads as Spanish, English when it reads as
 * English; a message that says neither (a product name) keeps the language of the conversation, and
 * without one the visitor's browser's (`preferred`, from Accept-Language), else English.
 */
export function detectLanguage(message: string, history: ChatMessage[] = [], preferred?: Lang): Lang {
  const { es, en } = languageScores(message);
  if (es > en) return "es";
  if (en > es) return "en";
  for (const previous of [...history].reverse()) {
    if (previous.role !== "user") continue;
    const scores = languageScores(previous.content);
    if (scores.es !== scores.en) return scores.es > scores.en ? "es" : "en";
  }
  return preferred ?? "en";
}
