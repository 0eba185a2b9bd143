/**
 * Characters that show nothing but make two spellings differ: zero-width spaces and joiners, the word
 * joiner, the byte-order mark, the soft hyphen and the bidirectional controls.
 */
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * One line of text as it reads: Unicode's composed form (an "é" typed as e and an accent is the "é"
 * of the keyboard), nothing invisible, runs of spaces made one. The comparison's filters group by
 * these values, and retailers are told apart by them.
 */
export function facetText(value: string): string {
  return value.normalize("NFC").replace(INVISIBLE, "").trim().replace(/\s+/g, " ");
}
