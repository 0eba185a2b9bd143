import type { LinkCheckSettings } from "@rsv/api/client";
import { phrasesOf } from "./offers-view.js";

/** The languages whose retailer pages the link checker reads for sold-out words. */
export const phraseLanguages = ["en", "es", "de", "nl", "pl"] as const;
export type PhraseLanguage = (typeof phraseLanguages)[number];

export interface SettingsDraft {
  intervalHours: string;
  phrases: Record<PhraseLanguage, string>;
}

export function draftOf(settings: LinkCheckSettings): SettingsDraft {
  return {
    intervalHours: String(settings.intervalHours),
    phrases: Object.fromEntries(
      phraseLanguages.map((lang) => [lang, settings.outOfStockPhrases[lang].join("\n")]),
    ) as SettingsDraft["phrases"],
  };
}

export function settingsOf(draft: SettingsDraft): LinkCheckSettings {
  return {
    intervalHours: Number(draft.intervalHours),
    outOfStockPhrases: Object.fromEntries(
      phraseLanguages.map((lang) => [lang, phrasesOf(draft.phrases[lang])]),
    ) as LinkCheckSettings["outOfStockPhrases"],
  };
}

export type SettingsProblem = "intervalRange" | "phraseLength" | "tooManyPhrases";

/** The contract's bounds: 1 to 168 hours, at most 50 phrases a language, each 2 to 100 characters. */
export function settingsProblems(
  draft: SettingsDraft,
): Partial<Record<"intervalHours" | PhraseLanguage, SettingsProblem>> {
  const problems: Partial<Record<"intervalHours" | PhraseLanguage, SettingsProblem>> = {};
  const hours = draft.intervalHours.trim();
  if (!/^\d+$/.test(hours) || Number(hours) < 1 || Number(hours) > 168) problems.intervalHours = "intervalRange";
  for (const lang of phraseLanguages) {
    const phrases = phrasesOf(draft.phrases[lang]);
    if (phrases.length > 50) problems[lang] = "tooManyPhrases";
    else if (phrases.some((phrase) => phrase.length < 2 || phrase.length > 100)) problems[lang] = "phraseLength";
  }
  return problems;
}
