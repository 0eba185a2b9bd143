import { createDialogStore } from "../ui/dialog-store.js";
import { emptyPostDraft } from "./post-form.js";

export const usePostDialogStore = createDialogStore(emptyPostDraft, { entity: "post" });
