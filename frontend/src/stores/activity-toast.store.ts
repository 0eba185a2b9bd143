import type { RecentActivity } from "@rsv/api/client";
import { create } from "zustand";

export const activityFirstDelayMs = 10_000;
export const activityIntervalMinMs = 25_000;
export const activityIntervalMaxMs = 35_000;
export const activityVisibleMs = 6_000;
export const activityFadeMs = 300;

export type ActivityPhase = "hidden" | "visible" | "fading";

export interface ActivityToastOptions {
  /** The latest anonymised clicks, newest first. */
  load: () => Promise<RecentActivity[]>;
  /** Visitors who prefer reduced motion see the first toast only. */
  reducedMotion: boolean;
  random?: () => number;
}

interface ActivityToastState {
  phase: ActivityPhase;
  activity: RecentActivity | null;
  /** Starts the schedule; returns a function that stops it. */
  start: (options: ActivityToastOptions) => () => void;
  close: () => void;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let running: (ActivityToastOptions & { shown: number }) | null = null;

export function nextIntervalMs(random: () => number = Math.random): number {
  return activityIntervalMinMs + Math.round(random() * (activityIntervalMaxMs - activityIntervalMinMs));
}

export const useActivityToastStore = create<ActivityToastState>((set, get) => {
  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (!running) return;
    if (running.reducedMotion && running.shown > 0) return;
    timer = setTimeout(() => void showNext(), delay);
  };

  const showNext = async () => {
    const run = running;
    if (!run) return;
    let items: RecentActivity[] = [];
    try {
      items = await run.load();
    } catch (error) {
      console.warn("Recent activity could not be loaded:", error);
    }
    if (running !== run) return;
    if (items.length === 0) {
      set({ phase: "hidden", activity: null });
      schedule(nextIntervalMs(run.random));
      return;
    }
    const activity = items[run.shown % items.length]!;
    run.shown += 1;
    set({ phase: "visible", activity });
    clearTimeout(timer);
    timer = setTimeout(() => get().close(), activityVisibleMs);
  };

  return {
    phase: "hidden",
    activity: null,
    start: (options) => {
      clearTimeout(timer);
      const run = { ...options, shown: 0 };
      running = run;
      set({ phase: "hidden", activity: null });
      schedule(activityFirstDelayMs);
      return () => {
        if (running !== run) return;
        running = null;
        clearTimeout(timer);
        set({ phase: "hidden", activity: null });
      };
    },
    close: () => {
      if (get().phase !== "visible") return;
      clearTimeout(timer);
      set({ phase: "fading" });
      timer = setTimeout(() => {
        set({ phase: "hidden" });
        schedule(nextIntervalMs(running?.random));
      }, activityFadeMs);
    },
  };
});
