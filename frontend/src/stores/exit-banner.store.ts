import { create } from "zustand";

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
    const today = calendarDay();
    try {
      if (localStorage.getItem(exitBannerStorageKey) === today) return;
      localStorage.setItem(exitBannerStorageKey, today);
    } catch {
      // storage blocked (private mode): still show it at most once per page load
    }
    set({ open: true });
  },
  close: () => set({ open: false }),
}));
