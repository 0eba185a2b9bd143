import { create } from "zustand";

interface ImagePickerState {
  open: boolean;
  onPick: ((url: string) => void) | null;
  choose: (onPick: (url: string) => void) => void;
  close: () => void;
}

/** One library picker for the whole dashboard; whoever opens it says where the chosen URL goes. */
export const useImagePickerStore = create<ImagePickerState>((set) => ({
  open: false,
  onPick: null,
  choose: (onPick) => set({ open: true, onPick }),
  close: () => set({ open: false, onPick: null }),
}));
