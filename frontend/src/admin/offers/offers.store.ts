import type { OfferStatus } from "@rsv/api/client";
import { create } from "zustand";

/** `problems` is every offer a visitor cannot be sent to: broken or out of stock. */
export type StatusFilter = OfferStatus | "problems" | "";

export interface OfferFilters {
  status: StatusFilter;
  /** A product id, or empty for every product. */
  productId: string;
  market: string;
}

const noFilters: OfferFilters = { status: "", productId: "", market: "" };

interface OfferFiltersState {
  filters: OfferFilters;
  setFilters: (patch: Partial<OfferFilters>) => void;
  /** The dashboard's link: only the offers with problems. */
  showProblems: () => void;
}

/** The Offers tab's filters, kept while the owner looks at other tabs. */
export const useOfferFiltersStore = create<OfferFiltersState>((set) => ({
  filters: noFilters,
  setFilters: (patch) => set((state) => ({ filters: { ...state.filters, ...patch } })),
  showProblems: () => set({ filters: { ...noFilters, status: "problems" } }),
}));
