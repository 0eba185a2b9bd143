import type { Offer } from "@rsv/api/client";
import { useAdminCopy } from "../admin-copy.js";
import { useDeleteOffer } from "../api/offers.js";
import { RowActions } from "../ui/row-actions.js";
import { useOfferDialogStore } from "./offer-dialog.store.js";
import { draftFromOffer } from "./offer-form.js";

/**
 * Edit and Delete for one offer, named after it for screen readers: the Offers tab's rows and cards and
 * a product's own offers list open the same dialog and ask the same question before deleting.
 */
export function OfferRowActions({ offer, name }: { offer: Offer; name: string }) {
  const { t } = useAdminCopy();
  const openEdit = useOfferDialogStore((state) => state.openEdit);
  const remove = useDeleteOffer();
  return (
    <RowActions
      name={name}
      confirmText={t("offers.confirmDelete")}
      deleting={remove.isPending}
      onEdit={() => openEdit(offer.id, draftFromOffer(offer))}
      onDelete={() => remove.mutate(offer.id)}
    />
  );
}
