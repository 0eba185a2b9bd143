import { create } from "zustand";

interface UploadState {
  /** The file being sent and how much of it has gone (0-1); null when idle. */
  current: { name: string; progress: number } | null;
  /** Why the last chosen file was refused before sending, if it was. */
  refused: { name: string; reason: string } | null;
  start: (name: string) => void;
  progress: (progress: number) => void;
  finish: () => void;
  refuse: (name: string, reason: string) => void;
}

export const useUploadStore = create<UploadState>((set) => ({
  current: null,
  refused: null,
  start: (name) => set({ current: { name, progress: 0 }, refused: null }),
  progress: (progress) => set((state) => (state.current ? { current: { ...state.current, progress } } : state)),
  finish: () => set({ current: null }),
  refuse: (name, reason) => set({ refused: { name, reason } }),
}));
