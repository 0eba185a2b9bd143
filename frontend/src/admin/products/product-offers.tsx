import type { Offer } from "@rsv/api/client";
import { formatPrice } from "../../lib/format.js";
import { useAdminCopy } from "../admin-copy.js";
import { useOfferDialogStore } from "../offers/offer-dialog.store.js";
import { emptyOfferDraft } from "../offers/offer-form.js";
import { OfferRowActions } from "../offers/offer-row-actions.js";
import { marketName, OfferStatusBadge, useDateTime } from "../offers/offer-status.js";

/** The same price as English and Spanish readers see it, side by side. */
export function formatPriceBoth(amount: string, currency: string): string {
  return `${formatPrice(amount, currency, "en")} / ${formatPrice(amount, currency, "es")}`;
}

/**
 * A product's offers inside its dialog: every market's price as English and Spanish readers see it,
 * with the Offers tab's own form to add, edit and delete them.
 */
export function ProductOffers({ productId, offers }: { productId: number | null; offers: Offer[] }) {
  const { t, lang } = useAdminCopy();
  const { openCreate, update } = useOfferDialogStore();
  const dateTime = useDateTime();
  return (
    <section aria-labelledby="product-offers" className="space-y-3" data-testid="product-offers">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="product-offers" className="text-sm font-semibold text-slate-900">
          {t("products.sections.offers")}
        </h3>
        {productId !== null && (
          <button
            type="button"
            className="btn-outline px-3 py-1.5 text-sm"
            onClick={() => {
              openCreate();
              update(emptyOfferDraft(productId));
            }}
          >
            {t("offers.add")}
          </button>
        )}
      </div>
      {productId === null ? (
        <p className="text-sm text-slate-600">{t("products.hints.offersAfterSave")}</p>
      ) : offers.length === 0 ? (
        <p className="text-sm text-slate-600">{t("products.hints.noOffers")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {offers.map((offer) => {
            const market = marketName(t, lang, offer.market);
            const name = t("offers.marketRowName", { retailer: offer.retailer, market });
            return (
              <li
                key={offer.id}
                className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm"
                data-testid="product-offer"
                data-offer-id={offer.id}
              >
                {/* Anywhere: a retailer named after its web address has no space to wrap at on a phone. */}
                <span className="min-w-0 flex-1 basis-40 wrap-anywhere">
                  <span className="font-medium text-slate-900">{offer.retailer}</span>
                  <span className="text-slate-600"> · {market}</span>
                  {offer.health.checkedAt && (
                    <span className="block text-xs text-slate-500" data-testid="product-offer-checked-at">
                      {t("offers.lastCheck", { date: dateTime(offer.health.checkedAt) })}
                    </span>
                  )}
                </span>
                <span className="font-semibold text-slate-900" data-testid="product-offer-price">
                  {formatPriceBoth(offer.price, offer.currency)}
                </span>
                <OfferStatusBadge status={offer.health.status} checkedAt={offer.health.checkedAt} />
                <OfferRowActions offer={offer} name={name} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
