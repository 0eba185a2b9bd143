import type { Placement } from "@rsv/api/placements";
import { createContext, useContext, type ReactNode } from "react";
import { useCopy } from "../../i18n/use-lang.js";
import { affiliatePath, offerPath } from "../../routes.js";

/** Where on the site the links inside are (the comparison table, the home page, the chat...): told to /go. */
const PlacementContext = createContext<Placement | undefined>(undefined);

export function InPlacement({ value, children }: { value: Placement; children: ReactNode }) {
  return <PlacementContext.Provider value={value}>{children}</PlacementContext.Provider>;
}

/**
 * Outbound links go through /go/{slug} (the best offer for the visitor's market) or /go/{slug}/{offerId}
 * (one retailer's), which record the click server-side; they open in a new tab and are marked as paid.
 */
export function AffiliateLink({
  slug,
  offerId,
  className,
  children,
  stock,
  testId,
}: {
  slug: string;
  offerId?: number;
  className?: string;
  children: ReactNode;
  stock?: "out";
  testId?: string;
}) {
  const { t } = useCopy();
  const placement = useContext(PlacementContext);
  return (
    <a
      href={offerId === undefined ? affiliatePath(slug, placement) : offerPath(slug, offerId, placement)}
      target="_blank"
      rel="sponsored nofollow noopener"
      className={className}
      data-affiliate={slug}
      data-offer={offerId}
      data-stock={stock}
      data-testid={testId}
    >
      {children}
      <span className="sr-only"> {t("product.opensInNewTab")}</span>
    </a>
  );
}
