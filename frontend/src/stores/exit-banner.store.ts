import { create } from "zustand";
import { keep, readKept } from "../lib/kept.js";

export const exitBannerStorageKey = "rsv-exit-banner-shown-on";

/** The visitor's local calendar day, YYYY-MM-DD. */
export function calendarDay(date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface ExitBannerState {
  open: boolean;
  /** Shows the banner unless it was already shown today; remembers today's date in localStorage. */
  showOncePerDay: () => void;
  close: () => void;
}

export const useExitBannerStore = create<ExitBannerState>((set) => ({
  open: false,
  showOncePerDay: () => {
    // Storage blocked (private mode), it is still shown at most once per page load.
    const today = calendarDay();
    if (readKept(exitBannerStorageKey) === today) return;
    keep(exitBannerStorageKey, today);
    set({ open: true });
  },
  close: () => set({ open: false }),
}));
