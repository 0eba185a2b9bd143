import type { Language } from "@rsv/api/client";
import { create } from "zustand";
import type { PageDraft } from "./page-form.js";

export interface EditingPage {
  key: string;
  lang: Language;
}

interface PagesEditorState {
  editing: EditingPage | null;
  /** Each language's draft by `key/lang`, kept while the owner switches languages or admin tabs. */
  drafts: Record<string, PageDraft>;
  open(editing: EditingPage): void;
  setDraft(id: string, draft: PageDraft): void;
  close(): void;
}

/**
 * The page being edited and its drafts, outside the Pages tab: the tab unmounts when the owner opens
 * another one, and its drafts went with it, unasked. Kept in memory only (a reload asks first, see
 * PagesTab).
 */
export const usePagesEditorStore = create<PagesEditorState>((set) => ({
  editing: null,
  drafts: {},
  open: (editing) => set({ editing }),
  setDraft: (id, draft) => set((state) => ({ drafts: { ...state.drafts, [id]: draft } })),
  close: () => set({ editing: null, drafts: {} }),
}));
