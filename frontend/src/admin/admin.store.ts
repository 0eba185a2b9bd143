import { create } from "zustand";

export const adminTabs = ["analytics", "products", "blog", "newsletter", "images", "settings"] as const;
export type AdminTab = (typeof adminTabs)[number];

interface AdminUiState {
  tab: AdminTab;
  setTab: (tab: AdminTab) => void;
}

export const useAdminUiStore = create<AdminUiState>((set) => ({
  tab: "analytics",
  setTab: (tab) => set({ tab }),
}));
