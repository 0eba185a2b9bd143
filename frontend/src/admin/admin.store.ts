import { create } from "zustand";
import type { AdminRole } from "@rsv/api/client";
import { defaultAdminLang } from "../i18n/admin-language.js";
import { adminLanguageChoice, saveLanguageChoice, savedLanguageChoice } from "../i18n/language-choice.js";
import type { Lang } from "../routes.js";

export const adminTabs = [
  "analytics",
  "products",
  "offers",
  "blog",
  "pages",
  "newsletter",
  "images",
  "settings",
  "accounts",
  "audit",
  "account",
] as const;
export type AdminTab = (typeof adminTabs)[number];

/** What the contract's x-role keeps from editors: site settings, subscribers, the activity log, accounts. */
const ownerTabs: ReadonlySet<AdminTab> = new Set(["newsletter", "settings", "audit", "accounts"]);

/** The tabs a role can use; the others are not shown (the server refuses their operations anyway). */
export function tabsFor(role: AdminRole): readonly AdminTab[] {
  return role === "owner" ? adminTabs : adminTabs.filter((tab) => !ownerTabs.has(tab));
}

/** The owner's choice kept in this browser (storage, else its cookie), else the default. */
function savedLanguage(): Lang {
  return savedLanguageChoice(adminLanguageChoice) ?? defaultAdminLang;
}

interface AdminUiState {
  tab: AdminTab;
  /**
   * The dashboard's own language: /admin has one address, so the owner's choice is kept in the browser,
   * in storage and in a cookie the server renders /admin from.
   */
  lang: Lang;
  setTab: (tab: AdminTab) => void;
  setLang: (lang: Lang) => void;
}

/** The tab the address names (`/admin?tab=offers`: a reload or a bookmark opens it again), else Analytics. */
function tabInAddress(): AdminTab {
  const named = typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get("tab");
  return adminTabs.find((tab) => tab === named) ?? "analytics";
}

export const useAdminUiStore = create<AdminUiState>((set) => ({
  tab: tabInAddress(),
  lang: savedLanguage(),
  setTab: (tab) => set({ tab }),
  setLang: (lang) => {
    saveLanguageChoice(lang, adminLanguageChoice);
    set({ lang });
  },
}));
