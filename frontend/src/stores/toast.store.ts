import { create } from "zustand";

export const toastLimit = 1;
export const toastDurationMs = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: "default" | "destructive";
  /**
   * False where the same words are announced where they belong (a form's own error): the toast is
   * still shown, but not read out a second time. Announced by default.
   */
  announced?: boolean;
}

interface ToastState {
  toasts: Toast[];
  show: (toast: Omit<Toast, "id">) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** One toast at a time: a new toast replaces the visible one, and each closes itself after 5 seconds. */
export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++;
    const kept = [{ ...toast, id }, ...get().toasts].slice(0, toastLimit);
    for (const [timerId, timer] of timers) {
      if (!kept.some((item) => item.id === timerId)) {
        clearTimeout(timer);
        timers.delete(timerId);
      }
    }
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), toastDurationMs),
    );
    set({ toasts: kept });
  },
  dismiss: (id) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
}));
