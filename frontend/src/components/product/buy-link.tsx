import type { ReactNode } from "react";
import type { Product } from "../../api/queries.js";
import { useCopy } from "../../i18n/use-lang.js";
import { AffiliateLink } from "./affiliate-link.js";

/** Buy Now, or, for a product out of stock, a quieter link to check availability at the retailer. */
export function BuyLink({
  product,
  className,
  children,
}: {
  product: Pick<Product, "slug" | "inStock">;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useCopy();
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
