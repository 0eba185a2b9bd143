// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { calendarDay, exitBannerStorageKey, useExitBannerStore } from "./exit-banner.store.js";
import { toastDurationMs, useToastStore } from "./toast.store.js";

describe("toasts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows one toast at a time, the newest replacing the visible one", () => {
    const { show } = useToastStore.getState();
    show({ title: "First", variant: "default" });
    show({ title: "Second", variant: "destructive" });
    expect(useToastStore.getState().toasts.map((toast) => toast.title)).toEqual(["Second"]);
  });

  it("closes a toast after 5000 ms", () => {
    useToastStore.getState().show({ title: "Saved", variant: "default" });
    vi.advanceTimersByTime(toastDurationMs - 1);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
    expect(toastDurationMs).toBe(5000);
  });
});

describe("exit banner", () => {
  beforeEach(() => {
    localStorage.clear();
    useExitBannerStore.setState({ open: false });
  });

  it("opens once per calendar day and stores the date", () => {
    useExitBannerStore.getState().showOncePerDay();
    expect(useExitBannerStore.getState().open).toBe(true);
    expect(localStorage.getItem(exitBannerStorageKey)).toBe(calendarDay());
    useExitBannerStore.getState().close();
    useExitBannerStore.getState().showOncePerDay();
    expect(useExitBannerStore.getState().open).toBe(false);
  });

  it("opens again on a later day", () => {
    localStorage.setItem(exitBannerStorageKey, "2000-01-01");
    useExitBannerStore.getState().showOncePerDay();
    expect(useExitBannerStore.getState().open).toBe(true);
  });
});
