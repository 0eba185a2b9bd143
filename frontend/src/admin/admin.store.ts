import { create } from "zustand";
import type { AdminRole } from "@rsv/api/client";
import { keep, readKept } from "../lib/kept.js";
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

const languageKey = "rsv-admin-lang";

/** The dashboard's language in a browser that kept no choice, and on the server, which cannot see one. */
export const defaultAdminLang: Lang = "en";

function savedLanguage(): Lang {
  return readKept(languageKey) === "es" ? "es" : defaultAdminLang;
}

interface AdminUiState {
  tab: AdminTab;
  /** The dashboard's own language: /admin has one address, so the owner's choice is kept in the browser. */
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
  // Storage unavailable, the choice lasts for this visit.
  setLang: (lang) => {
    keep(languageKey, lang);
    set({ lang });
  },
}));
