import { create } from "zustand";
import { keep, readKept } from "../lib/kept.js";
import { calendarDay, exitBannerStorageKey, useExitBannerStore } from "./exit-banner.store.js";

export const exitPopupStorageKey = "rsv-exit-popup-shown-on";
export const popupFadeInDelayMs = 100;
export const popupFadeOutMs = 300;

/** closed → opening (mounted, transparent) → visible → closing (fading out) → closed. */
export type PopupPhase = "closed" | "opening" | "visible" | "closing";

function shownToday(key: string): boolean {
  return readKept(key) === calendarDay();
}

/** Storage blocked, the once-per-page-load guard below still holds. */
function rememberToday(key: string): void {
  keep(key, calendarDay());
}

interface ExitIntentState {
  popup: PopupPhase;
  /** Set once either overlay was shown in this page load, so storage failures cannot repeat them. */
  shownThisLoad: { popup: boolean; banner: boolean };
  /**
   * The pointer left through the top. The deal popup comes first (when there is a product to offer),
   * the banner on a later exit; each at most once per calendar day, never both at once.
   */
  exitIntent: (hasOffer: boolean) => void;
  closePopup: () => void;
}

let timer: ReturnType<typeof setTimeout> | undefined;

export const useExitIntentStore = create<ExitIntentState>((set, get) => ({
  popup: "closed",
  shownThisLoad: { popup: false, banner: false },
  exitIntent: (hasOffer) => {
    const { popup, shownThisLoad } = get();
    if (popup !== "closed" || useExitBannerStore.getState().open) return;
    if (hasOffer && !shownThisLoad.popup && !shownToday(exitPopupStorageKey)) {
      rememberToday(exitPopupStorageKey);
      set({ popup: "opening", shownThisLoad: { ...shownThisLoad, popup: true } });
      clearTimeout(timer);
      timer = setTimeout(() => set({ popup: "visible" }), popupFadeInDelayMs);
      return;
    }
    if (!shownThisLoad.banner && !shownToday(exitBannerStorageKey)) {
      set({ shownThisLoad: { ...shownThisLoad, banner: true } });
      useExitBannerStore.getState().showOncePerDay();
    }
  },
  closePopup: () => {
    if (get().popup === "closed" || get().popup === "closing") return;
    clearTimeout(timer);
    set({ popup: "closing" });
    timer = setTimeout(() => set({ popup: "closed" }), popupFadeOutMs);
  },
}));
