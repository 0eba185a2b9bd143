import { create } from "zustand";

interface MobileMenuState {
  open: boolean;
  toggle: () => void;
  close: () => void;
}

export const useMobileMenuStore = create<MobileMenuState>((set) => ({
  open: false,
  toggle: () => set((state) => ({ open: !state.open })),
  close: () => set({ open: false }),
}));

interface FilterPanelState {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
}

/** The comparison page's filter panel starts closed. */
export const useFilterPanelStore = create<FilterPanelState>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
  toggle: () => set((state) => ({ open: !state.open })),
}));
