import { create } from "zustand";

export interface DialogState<Draft> {
  open: boolean;
  /** The id of the item being edited; null while creating. */
  editingId: number | null;
  draft: Draft;
  openCreate: () => void;
  openEdit: (id: number, draft: Draft) => void;
  update: (patch: Partial<Draft>) => void;
  /** Cancel and success both close the dialog and forget the draft. */
  close: () => void;
}

/** The open dialog and its form draft for one admin screen. */
export function createDialogStore<Draft>(empty: () => Draft) {
  return create<DialogState<Draft>>((set) => ({
    open: false,
    editingId: null,
    draft: empty(),
    openCreate: () => set({ open: true, editingId: null, draft: empty() }),
    openEdit: (id, draft) => set({ open: true, editingId: id, draft }),
    update: (patch) => set((state) => ({ draft: { ...state.draft, ...patch } })),
    close: () => set({ open: false, editingId: null, draft: empty() }),
  }));
}
