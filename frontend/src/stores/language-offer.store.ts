import { create } from "zustand";
import { preferredBrowserLanguage, saveLanguageChoice, savedLanguageChoice } from "../i18n/language-choice.js";
import type { Lang } from "../routes.js";

interface LanguageOfferState {
  /** The language offered in the bar, or null when there is no bar. */
  offered: Lang | null;
  /** Offers Spanish on an English page to a browser that prefers Spanish, unless the visitor already chose. */
  evaluate: (pageLang: Lang, preferences: readonly string[]) => void;
  /** Taking the offer or declining it both count as the visitor's choice. */
  choose: (lang: Lang) => void;
}

export function languageToOffer(pageLang: Lang, preferences: readonly string[], saved: Lang | null): Lang | null {
  if (saved || pageLang !== "en") return null;
  return preferredBrowserLanguage(preferences) === "es" ? "es" : null;
}

export const useLanguageOfferStore = create<LanguageOfferState>((set) => ({
  offered: null,
  evaluate: (pageLang, preferences) => set({ offered: languageToOffer(pageLang, preferences, savedLanguageChoice()) }),
  choose: (lang) => {
    saveLanguageChoice(lang);
    set({ offered: null });
  },
}));
