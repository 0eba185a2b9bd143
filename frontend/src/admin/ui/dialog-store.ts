import { create } from "zustand";
import { keep, readKept } from "../../lib/kept.js";

/** A form's unsaved text kept in the browser, and when it was last typed. */
export interface KeptDraft<Draft> {
  draft: Draft;
  savedAt: string;
}

export interface DialogState<Draft> {
  open: boolean;
  /** The id of the item being edited; null while creating. */
  editingId: number | null;
  draft: Draft;
  /** The draft as the dialog opened, to tell whether anything has changed. */
  initial: Draft;
  /** Unsaved text from an earlier visit (a reload, a closed tab) the owner may take back or throw away. */
  restorable: KeptDraft<Draft> | null;
  openCreate: () => void;
  openEdit: (id: number, draft: Draft) => void;
  update: (patch: Partial<Draft>) => void;
  restore: () => void;
  discardRestorable: () => void;
  /** Cancel and success both close the dialog and forget the draft. */
  close: () => void;
}

/** Whether the form holds changes that closing it would lose. */
export function isDirty<Draft>(state: Pick<DialogState<Draft>, "open" | "draft" | "initial">): boolean {
  return state.open && JSON.stringify(state.draft) !== JSON.stringify(state.initial);
}

/** Where a screen's drafts live in localStorage: one per item, and one for a new item. */
export function draftStorageKey(entity: string, id: number | null): string {
  return `rsv-admin-draft:${entity}:${id ?? "new"}`;
}

/** The kept draft for this key, unless it says nothing the form does not already say. */
function readDraft<Draft>(key: string | null, current: Draft): KeptDraft<Draft> | null {
  const raw = key ? readKept(key) : null;
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as Partial<KeptDraft<Draft>>;
    if (!kept?.draft || typeof kept.savedAt !== "string") return null;
    const restored = { ...current, ...kept.draft };
    return JSON.stringify(restored) === JSON.stringify(current) ? null : { draft: restored, savedAt: kept.savedAt };
  } catch {
    return null;
  }
}

/** Storage full or unavailable, the draft lasts while the page does. */
function writeDraft(key: string | null, draft: unknown | null): void {
  if (key) keep(key, draft === null ? null : JSON.stringify({ draft, savedAt: new Date().toISOString() }));
}

/**
 * The open dialog and its form draft for one admin screen. With `entity`, unsaved changes are also kept in
 * localStorage (keyed by entity and id) until the form is saved or its changes discarded, so a reload does
 * not lose them; reopening the item offers them back.
 */
export function createDialogStore<Draft>(empty: () => Draft, options: { entity?: string } = {}) {
  const keyOf = (id: number | null) => (options.entity ? draftStorageKey(options.entity, id) : null);
  return create<DialogState<Draft>>((set, get) => ({
    open: false,
    editingId: null,
    draft: empty(),
    initial: empty(),
    restorable: null,
    openCreate: () => {
      const draft = empty();
      set({ open: true, editingId: null, draft, initial: draft, restorable: readDraft(keyOf(null), draft) });
    },
    openEdit: (id, draft) =>
      set({ open: true, editingId: id, draft, initial: draft, restorable: readDraft(keyOf(id), draft) }),
    update: (patch) => {
      set((state) => ({ draft: { ...state.draft, ...patch } }));
      const state = get();
      // While an earlier draft waits for the owner's answer, it stays as it was.
      if (state.restorable === null) writeDraft(keyOf(state.editingId), isDirty(state) ? state.draft : null);
    },
    restore: () => {
      const kept = get().restorable;
      if (kept) set({ draft: kept.draft, restorable: null });
    },
    discardRestorable: () => {
      writeDraft(keyOf(get().editingId), null);
      set({ restorable: null });
    },
    close: () => {
      const state = get();
      // An earlier draft the owner has not answered for is still offered next time.
      if (state.restorable === null) writeDraft(keyOf(state.editingId), null);
      const draft = empty();
      set({ open: false, editingId: null, draft, initial: draft, restorable: null });
    },
  }));
}
