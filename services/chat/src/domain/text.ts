/** Lowercase without accents: "Longevidad Máxima" → "longevidad maxima". */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** Words of a text, digits split from letters ("500mg" → "500", "mg"). */
export function words(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+|(?<=\p{N})(?=\p{L})|(?<=\p{L})(?=\p{N})/u).filter(Boolean);
}

// Words that say nothing about the topic, in both languages. Dropped from the index and queries,
// so "What is the capital of Mongolia?" is not "known" just because every article contains "the".
export const STOP_WORDS = new Set(
  [
    // English
    "a an the and or but if of to in on at by for with from into about as is are was were be been being am do does did",
    "have has had can could should would will shall may might must i me my you your we our us he she it its they them",
    "their this that these those what which who whom whose where why how there here than then so not no yes very",
    "just also any all some more most other such only own same too s t don tell please know want need give show",
    "like get got let thing things much many one ones help helps helping work works good better really something anything best",
    "vs versus while during",
    // Spanish (accents folded)
    "el la los las un una unos unas y o u e de del al a en por para con sin sobre entre es son era fue ser estar esta",
    "estan este esto estos estas ese esa esos esas que cual cuales quien como donde cuanto cuanta cuantos",
    "me mi mis te tu tus su sus se nos le les lo lo ya muy mas menos tambien pero si ni hay tiene tienen puedo puede",
    "quiero dime dame hola gracias favor algo cosa ayuda ayudar ayudan sirve sirven funciona bueno buena mejor mejores",
    "hacer hago hace hacen debo debe deben deberia mientras durante desde hasta segun tengo tienes",
  ]
    .join(" ")
    .split(/\s+/),
);

// Phrases read as one word before the synonym table: the skin of a grape is a source, not the reader's skin;
// "side effects" and "blood pressure" are one topic each; "how much … take" and "cuánto … al día" ask the dose
// (while "how much does it cost per day" asks the price, and "how much time" how long). Words that are no
// topic where they stand ("desde mi punto de vista", "me cuesta dormir") are dropped; "seguro" is safety
// only where it says so ("¿es seguro?"), not in "no estoy seguro"; "calidad-precio" asks for value.
const NOT_A_PRICE_OR_TIME =
  "(?![^?.!]*\\b(?:cost\\w*|price\\w*|pay|time|long|cuest\\w*|precio\\w*|vale\\w*|tiempo|tarda\\w*)\\b)";
const PHRASES: Array<[RegExp, string]> = [
  [/\b(?:punto de vista|a simple vista)\b/g, " "],
  [/\b(?:me|te|le|nos|les) cuestan? \w+(?:ar|er|ir)\b/g, " "],
  [/\b(?:es|son|sera|seria|sea|sean) segur[oa]s?\b|\bsegur[oa]s? (?:tomar\w*|para)\b/g, "safety"],
  [/\b(?:relacion )?calidad[- ]precio\b|\bvalue for money\b/g, "budget"],
  [
    new RegExp(
      `\\bhow (?:much|many)\\b${NOT_A_PRICE_OR_TIME}(?=[^?.!]*\\b(?:take|taking|mg|milligrams?|capsules?|day|daily)\\b)`,
      "g",
    ),
    "dose",
  ],
  [
    new RegExp(
      `\\bcuant[oa]s?\\b${NOT_A_PRICE_OR_TIME}(?=[^?.!]*\\b(?:tom\\w*|mg|miligramos?|capsulas?|dia|diari\\w*)\\b)`,
      "g",
    ),
    "dosis",
  ],
  [/\bque cantidad\b/g, "dosis"],
  [/\bgrape skins?\b/g, "grape"],
  [/\bpiel(?:es)? de (?:la |las )?uvas?\b/g, "uva"],
  [/\bside[- ]effects?\b/g, "sideeffects"],
  [/\bblood pressure\b/g, "bloodpressure"],
  [/\b(?:presion|tension) arterial\b/g, "bloodpressure"],
  // "Pastillas para la tensión": in Spanish the word alone is the blood pressure.
  [/\btension\b/g, "bloodpressure"],
  [/\bblood[- ]thinners?\b/g, "anticoagulant"],
  [/\b(?:dar|dando|doy|das|da) (?:el )?pecho\b/g, "lactancia"],
  [/\b(?:empty stomach|en ayunas?)\b/g, "food"],
  // How long it takes, not the time of day to take it.
  [/\bhow much time\b/g, "how long"],
];

/**
 * The words people type for one idea, in both languages and however they are inflected: each folded word
 * (accents dropped, so "corazón" and "corazon" are one) is read as its concept, the key it is listed under.
 * A trailing `*` takes every word that starts so ("cardi*": cardio, cardiac, cardíaca, cardiovascular).
 * The index and the questions go through the same table, so "ojos" finds what says "ocular" or "vision".
 */
export const CONCEPTS: Record<string, string> = {
  // Health topics: what a product may be best for (see HEALTH_TOPICS).
  eye: "eye* vision* visual* ocular* ojo ojos vista macula* retina*",
  heart:
    "heart hearts heartbeat cardi* corazon* circulat* circulac* cholesterol* colesterol* bloodpressure hypertens* hipertens*",
  brain: "brain* memor* cogni* cerebr* mente mental neuro*",
  skin: "skin* piel arruga* wrinkle* cutis dermat* collagen colageno",
  nad: "nad nmn energ* fatig* cansancio",
  sport:
    "athlet* atleta* atletic* sport* deport* exercis* ejercicio* workout* training entren* gym gimnasio fitness endurance performance rendimiento recovery recuperacion",
  longevity: "longev* aging ageing envejec* antienvejec* antiedad lifespan",
  // Who a product is for, and what people ask about taking it.
  beginner: "beginner* principiante* starter novato* novice* start* empez* empiez* inici*",
  budget: "budget* cheap* afford* inexpensive barat* presupuesto* economic* asequible*",
  absorption: "absor* bioavailab* biodisponib* liposom*",
  experienced: "experienc*",
  daily: "daily everyday diari*",
  premium: "premium",
  dose: "dose doses dosage* dosing dosis dosific* posolog*",
  price: "price* pricing cost costs coste costes costo costos cuesta cuestan precio*",
  sideeffects: "sideeffects secundari* adverse* adverso*",
  safety: "safe safety safely seguridad",
  pregnancy: "pregnan* embaraz* enbaraz* lactan* breastfeed* amamant*",
  food: "food* meal* comida* alimento* desayuno breakfast",
  take: "take takes taking tomar tomarlo tomarla tomo tomas toma tomando",
  // "When is best?", "¿cuándo es mejor?": a question about the time of day, not for the best product.
  timing: "when cuando time timing momento hora horario morning evening night manana noche",
  recommend: "recommend* suggest* recomiend* recomend* suger* aconsej*",
  coupon: "coupon* cupon* discount* descuento* promo* codigo* code codes",
  interaction:
    "interact* medication* medicament* medicine* drug* farmaco* farmacolog* pastilla* pill pills anticoagul* sintrom warfarin*",
};

/**
 * A concept's words as a regular expression's alternatives ("recommend*" → "recommend\\w*"), for the
 * patterns that read a whole question: the table stays the one place that lists them.
 */
export function conceptAlternatives(name: string): string {
  const list = CONCEPTS[name];
  if (!list) throw new Error(`no concept ${name}`);
  return list
    .split(" ")
    .map((entry) => (entry.endsWith("*") ? `${entry.slice(0, -1)}\\w*` : entry))
    .join("|");
}

/**
 * The concepts that are health topics, and who a product is for (a beginner): a recommendation for one
 * lists the products made for it.
 */
export const HEALTH_TOPICS = new Set(["eye", "heart", "brain", "skin", "nad", "sport", "longevity", "beginner"]);

const exactConcepts = new Map<string, string>();
const prefixConcepts: Array<[string, string]> = [];
for (const [concept, list] of Object.entries(CONCEPTS)) {
  for (const entry of list.split(" ")) {
    if (entry.endsWith("*")) prefixConcepts.push([entry.slice(0, -1), concept]);
    else exactConcepts.set(entry, concept);
  }
}

/** A folded word as its concept ("ojos" → "eye", "dosis" → "dose"), or the word itself when it has none. */
export function concept(word: string): string {
  const exact = exactConcepts.get(word);
  if (exact) return exact;
  for (const [prefix, name] of prefixConcepts) if (word.startsWith(prefix)) return name;
  return word;
}

/** Folded text with the PHRASES joined, ready to split into words. */
export function normalise(text: string): string {
  return PHRASES.reduce((folded, [pattern, word]) => folded.replace(pattern, word), fold(text));
}

/** Index and query terms: folded words without stop words, each read as its concept. */
export function terms(text: string): string[] {
  return words(normalise(text))
    .filter((word) => !STOP_WORDS.has(word) && (word.length > 1 || /\d/.test(word)))
    .map(concept);
}

/** The health topics a text is about ("¿algo para los ojos?" → eye). */
export function healthTopics(text: string): Set<string> {
  return new Set(terms(text).filter((term) => HEALTH_TOPICS.has(term)));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Readable text of sanitised article HTML. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<\/(p|h[1-6]|li|div|tr|blockquote)>|<br\s*\/?>/gi, ". ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (match, code: string) => {
      if (code.startsWith("#x") || code.startsWith("#X"))
        return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
      if (code.startsWith("#")) return String.fromCodePoint(Number.parseInt(code.slice(1), 10));
      return ENTITIES[code.toLowerCase()] ?? match;
    })
    .replace(/\s+([.,;:!?])/g, "$1")
    .replace(/([.!?])(\s*\.)+/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}¿¡"“(\d])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 20);
}

/**
 * The sentences of an article's body that can stand in an answer: its paragraphs and list items, never
 * its headings (a heading is no sentence, and "What about higher doses?" answers nothing), never a question.
 */
export function bodySentences(html: string): string[] {
  const body = html.replace(/<h([1-6])\b[^>]*>[\s\S]*?<\/h\1\s*>/gi, " ");
  return sentences(htmlToText(body)).filter((sentence) => !/\?["”»)]*$/.test(sentence));
}
