import type { Language } from "@rsv/api/client";
import { useEffect } from "react";
import { create } from "zustand";
import { pageInputFromDraft, type PageDraft } from "./page-form.js";

export interface EditingPage {
  key: string;
  lang: Language;
}

interface KeptDraft {
  draft: PageDraft;
  /** The page as it was when the draft began. */
  initial: PageDraft;
}

interface PagesEditorState {
  editing: EditingPage | null;
  /** Each language's draft by `key/lang`, kept while the owner switches languages or admin tabs. */
  drafts: Record<string, KeptDraft>;
  open(editing: EditingPage): void;
  /** Changes a draft (begun from `initial`, the stored page, when there is none yet). */
  change(id: string, initial: PageDraft, update: (before: PageDraft) => PageDraft): void;
  /** The draft is stored: nothing of it is left to lose. */
  saved(id: string): void;
  close(): void;
}

/**
 * The page being edited and its drafts, outside the Pages tab: the tab unmounts when the owner opens
 * another one, and its drafts went with it, unasked. Kept in memory only; a reload asks first while a
 * draft differs from its page (usePagesDraftGuard), and signing out drops them.
 */
export const usePagesEditorStore = create<PagesEditorState>((set) => ({
  editing: null,
  drafts: {},
  open: (editing) => set({ editing }),
  change: (id, initial, update) =>
    set((state) => {
      const kept = state.drafts[id] ?? { draft: initial, initial };
      return { drafts: { ...state.drafts, [id]: { ...kept, draft: update(kept.draft) } } };
    }),
  saved: (id) =>
    set((state) => {
      const { [id]: _stored, ...rest } = state.drafts;
      return { drafts: rest };
    }),
  close: () => set({ editing: null, drafts: {} }),
}));

/** Whether any draft says something its page does not (as it would be saved: trimmed). */
export function pagesDirty(state: Pick<PagesEditorState, "drafts">): boolean {
  const saved = (draft: PageDraft) => JSON.stringify(pageInputFromDraft(draft));
  return Object.values(state.drafts).some(({ draft, initial }) => saved(draft) !== saved(initial));
}

/** Asks before a reload or a closed tab throws away a page's unsaved draft, whichever admin tab is open. */
export function usePagesDraftGuard(): void {
  const dirty = usePagesEditorStore(pagesDirty);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}
