import { ApiError } from "@rsv/api/client";
import { useId, useState, type FormEvent } from "react";
import { useAdminCopy, type AdminT } from "../admin-copy.js";
import { errorDetails } from "../api/hooks.js";
import { useAddOffer, useEditOffer } from "../api/offers.js";
import { useBrowseProducts } from "../api/products.js";
import { DialogFooter } from "../ui/dialog-footer.js";
import { SelectField, TextField } from "../ui/fields.js";
import { Modal } from "../ui/modal.js";
import { useFocusFirstInvalid, useGuardedClose } from "../ui/unsaved-changes.js";
import { useOfferDialogStore } from "./offer-dialog.store.js";
import {
  offerInputFromDraft,
  serverFieldErrors,
  suggestedMarkets,
  validateOffer,
  withMarket,
  type OfferDraft,
  type OfferField,
} from "./offer-form.js";

export function OfferDialog() {
  const { t } = useAdminCopy();
  const { open, editingId } = useOfferDialogStore();
  // Escape, ✕ and Cancel ask before they throw typed changes away.
  const close = useGuardedClose(useOfferDialogStore);
  return (
    <Modal
      open={open}
      title={editingId === null ? t("offers.dialog.createTitle") : t("offers.dialog.editTitle")}
      onClose={() => void close()}
      testId="offer-dialog"
    >
      <OfferForm />
    </Modal>
  );
}

/** The server's words for a refused offer, beside the field it names (a duplicate, in the admin's words, names the address). */
function refusals(error: unknown, t: AdminT): Partial<Record<OfferField, string>> {
  const fields = serverFieldErrors(errorDetails(error));
  if (error instanceof ApiError && error.status === 409 && !fields.url) fields.url = t("offers.errors.duplicate");
  return fields;
}

function OfferForm() {
  const { t } = useAdminCopy();
  const { editingId, draft, update, close } = useOfferDialogStore();
  const cancel = useGuardedClose(useOfferDialogStore);
  const products = useBrowseProducts();
  const [attempted, setAttempted] = useState(false);
  // Errors are marked above the buttons, often off a phone's screen: the first one takes the focus.
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const marketList = useId();
  const add = useAddOffer({ onSuccess: close });
  const edit = useEditOffer({ onSuccess: close });
  const saving = editingId === null ? add : edit;
  const pending = add.isPending || edit.isPending;
  const errors = attempted ? validateOffer(draft) : {};
  const refused = refusals(saving.error, t);
  const errorOf = (field: OfferField) =>
    errors[field] ? t(`offers.errors.${errors[field]}`) : (refused[field] ?? null);
  const label = (field: OfferField) => t(`offers.fields.${field}`);
  // A change clears the server's refusal: it was about the values sent.
  const change = (patch: Partial<OfferDraft>) => {
    if (saving.error) saving.reset();
    update(patch);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (pending) return;
    if (Object.keys(validateOffer(draft)).length > 0) return focusFirstInvalid();
    const body = offerInputFromDraft(draft);
    const onError = () => focusFirstInvalid();
    if (editingId === null) add.mutate(body, { onError });
    else edit.mutate({ id: editingId, body }, { onError });
  }

  const productOptions = [
    { value: "", label: t("offers.dialog.chooseProduct") },
    ...(products.data ?? []).map((product) => ({ value: String(product.id), label: product.name })),
  ];

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
      <SelectField
        label={label("productId")}
        value={draft.productId}
        onValue={(productId) => change({ productId })}
        options={productOptions}
        error={errorOf("productId")}
      />
      <TextField
        label={label("retailer")}
        value={draft.retailer}
        onValue={(retailer) => change({ retailer })}
        error={errorOf("retailer")}
        maxLength={100}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={label("market")}
          value={draft.market}
          onValue={(market) => change(withMarket(draft, market))}
          error={errorOf("market")}
          hint={t("offers.hints.market")}
          list={marketList}
          autoCapitalize="characters"
        />
        <TextField
          label={label("currency")}
          value={draft.currency}
          onValue={(currency) => change({ currency })}
          error={errorOf("currency")}
          hint={t("offers.hints.currency")}
          maxLength={3}
          autoCapitalize="characters"
        />
      </div>
      <datalist id={marketList}>
        {suggestedMarkets.map((market) => (
          <option key={market} value={market} />
        ))}
      </datalist>
      <TextField
        label={label("url")}
        type="url"
        value={draft.url}
        onValue={(url) => change({ url })}
        error={errorOf("url")}
        placeholder="https://"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={label("price")}
          inputMode="decimal"
          value={draft.price}
          onValue={(price) => change({ price })}
          error={errorOf("price")}
        />
        <TextField
          label={label("packSize")}
          type="number"
          step="1"
          min="1"
          value={draft.packSize}
          onValue={(packSize) => change({ packSize })}
          error={errorOf("packSize")}
          hint={t("offers.hints.packSize")}
        />
      </div>
      <DialogFooter
        showErrors={(attempted && Object.keys(errors).length > 0) || Object.keys(refused).length > 0}
        pending={pending}
        creating={editingId === null}
        createLabel={t("offers.dialog.create")}
        onCancel={() => void cancel()}
      />
    </form>
  );
}
