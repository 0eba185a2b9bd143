import type { ReactNode } from "react";
import type { Product } from "../../api/queries.js";
import { useVisitorCountry } from "../../api/visitor-context.js";
import { useCopy } from "../../i18n/use-lang.js";
import { formatPrice } from "../../lib/format.js";
import { visitorOffers, type VisitorOffers } from "../../lib/offers.js";
import { AffiliateLink } from "./affiliate-link.js";

type OfferFields = Pick<Product, "offers" | "preferredRetailer">;

/** The visitor's market's offers and the one `/go/{slug}` sends them to. */
export function useVisitorOffers(product: OfferFields): VisitorOffers {
  return visitorOffers(product, useVisitorCountry());
}

/** Said plainly where a buy button would be when no retailer in the visitor's market has the product. */
export function NoOffer({ className = "" }: { className?: string }) {
  const { t } = useCopy();
  return (
    <p className={`rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700 ${className}`} data-testid="no-offer">
      {t("product.noOffer")}
    </p>
  );
}

/**
 * Buy Now, leading to the best offer for the visitor's market; for a product marked out of stock, a
 * quieter link to check availability there; with no usable offer, a sentence saying so instead of a
 * button that would lead nowhere.
 */
export function BuyLink({
  product,
  className,
  noOfferClassName,
  children,
}: {
  product: Pick<Product, "slug" | "inStock"> & OfferFields;
  className?: string;
  noOfferClassName?: string;
  children: ReactNode;
}) {
  const { t } = useCopy();
  const { best } = useVisitorOffers(product);
  if (!best) return <NoOffer className={noOfferClassName} />;
  if (product.inStock === false) {
    return (
      <AffiliateLink slug={product.slug} className={className?.replace("btn-buy", "btn-outline")} stock="out">
        {t("product.checkAvailability")}
      </AffiliateLink>
    );
  }
  return (
    <AffiliateLink slug={product.slug} className={className}>
      {children}
    </AffiliateLink>
  );
}

/** The price of the visitor's best offer, in its currency; a dash (and words for screen readers) without one. */
export function OfferPrice({
  product,
  className,
  testId,
}: {
  product: OfferFields;
  className?: string;
  testId?: string;
}) {
  const { t, lang } = useCopy();
  const { best } = useVisitorOffers(product);
  if (!best) {
    return (
      <span className={className} data-testid={testId}>
        <span aria-hidden="true">{t("product.notAvailable")}</span>
        <span className="sr-only">{t("product.noPrice")}</span>
      </span>
    );
  }
  return (
    <span className={className} data-testid={testId} data-currency={best.currency}>
      {formatPrice(best.price, best.currency, lang)}
    </span>
  );
}

/** Out of stock, featured and top-pick labels, in that order of importance. */
export function ProductFlags({
  product,
  className = "",
}: {
  product: Pick<Product, "inStock" | "featured" | "isTopRanked">;
  className?: string;
}) {
  const { t } = useCopy();
  const flags = [
    product.inStock === false && { id: "outOfStock", style: "bg-slate-700 text-white" },
    product.isTopRanked && { id: "topRanked", style: "bg-amber-400 text-slate-900" },
    product.featured && { id: "featured", style: "bg-wine-700 text-white" },
  ].filter((flag): flag is { id: string; style: string } => Boolean(flag));
  if (flags.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-1 ${className}`}>
      {flags.map((flag) => (
        <li
          key={flag.id}
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${flag.style}`}
          data-flag={flag.id}
        >
          {t(`product.${flag.id}`)}
        </li>
      ))}
    </ul>
  );
}
