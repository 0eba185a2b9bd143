import { isUsable } from "@rsv/api/offer-rules";
import type { PublicOffer } from "@rsv/api/client";
import type { Product } from "../../api/queries.js";
import { useCopy } from "../../i18n/use-lang.js";
import { formatPrice } from "../../lib/format.js";
import { AffiliateLink } from "./affiliate-link.js";
import { NoOffer, useVisitorOffers } from "./buy-link.js";

function OfferRow({ slug, offer }: { slug: string; offer: PublicOffer }) {
  const { t, lang } = useCopy("review");
  const usable = isUsable(offer);
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
      data-testid="offer"
      data-offer-id={offer.id}
      data-status={offer.status}
    >
      <div className="min-w-0 flex-1 basis-40">
        <p className="font-semibold text-slate-900" data-testid="offer-retailer">
          {offer.retailer}
        </p>
        {offer.packSize !== null && (
          <p className="text-sm text-slate-600">{t("offers.packSize", { count: offer.packSize })}</p>
        )}
      </div>
      <p className={`text-lg font-bold ${usable ? "text-slate-900" : "text-slate-500"}`}>
        <span className="sr-only">{t("priceLabel")}: </span>
        <span data-testid="offer-price">{formatPrice(offer.price, offer.currency, lang)}</span>
      </p>
      {usable ? (
        <AffiliateLink slug={slug} offerId={offer.id} className="btn-buy px-4 py-2" testId="offer-link">
          {t("offers.buyAt", { retailer: offer.retailer })}
        </AffiliateLink>
      ) : (
        <p
          className="rounded-lg bg-slate-100 px-4 py-2 text-sm font-semibold text-slate-700"
          data-testid="offer-unavailable"
        >
          {t(offer.status === "out_of_stock" ? "offers.outOfStock" : "offers.unavailable")}
        </p>
      )}
    </li>
  );
}

/**
 * Every offer of the visitor's market: each usable one a link to that retailer (through the click
 * counter), the others marked out of stock or unavailable, with no link to a page that would fail.
 */
export function OfferList({ product }: { product: Pick<Product, "slug" | "offers" | "preferredRetailer"> }) {
  const { t } = useCopy("review");
  const { offers } = useVisitorOffers(product);
  return (
    <section aria-labelledby="offers-title" className="mt-8" data-testid="offers">
      <h2 id="offers-title" className="text-xl font-bold text-slate-900">
        {t("offers.title")}
      </h2>
      {offers.length === 0 ? (
        <NoOffer className="mt-3" />
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {offers.map((offer) => (
            <OfferRow key={offer.id} slug={product.slug} offer={offer} />
          ))}
        </ul>
      )}
    </section>
  );
}
