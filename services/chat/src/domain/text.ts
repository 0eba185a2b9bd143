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
    "their this that these those what which who whom whose when where why how there here than then so not no yes very",
    "just also any all some more most other such only own same too s t don tell please know want need give show",
    "like get got let thing things much many one ones help helps helping work works good better really something anything best",
    // Spanish (accents folded)
    "el la los las un una unos unas y o u e de del al a en por para con sin sobre entre es son era fue ser estar esta",
    "estan este esto estos estas ese esa esos esas que cual cuales quien como cuando donde cuanto cuanta cuantos",
    "me mi mis te tu tus su sus se nos le les lo lo ya muy mas menos tambien pero si ni hay tiene tienen puedo puede",
    "quiero dime dame hola gracias favor algo cosa ayuda ayudar ayudan sirve sirven funciona bueno buena mejor mejores",
  ]
    .join(" ")
    .split(/\s+/),
);

/** Index and query terms: folded words without stop words. */
export function terms(text: string): string[] {
  return words(fold(text)).filter((word) => !STOP_WORDS.has(word) && (word.length > 1 || /\d/.test(word)));
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
