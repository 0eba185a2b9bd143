import { createDialogStore } from "../ui/dialog-store.js";
import { emptyProductDraft } from "./product-form.js";

export const useProductDialogStore = createDialogStore(emptyProductDraft, { entity: "product" });
