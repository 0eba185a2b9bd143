import { createDialogStore } from "../ui/dialog-store.js";
import { emptyOfferDraft } from "./offer-form.js";

/** One offer dialog, opened from the Offers tab or from a product's dialog. */
export const useOfferDialogStore = createDialogStore(() => emptyOfferDraft());
