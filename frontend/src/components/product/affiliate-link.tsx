import type { ReactNode } from "react";
import { useCopy } from "../../i18n/use-lang.js";
import { affiliatePath } from "../../routes.js";

/** Outbound links go through /go/{slug}, which records the click server-side and picks the visitor's market. */
export function AffiliateLink({
  slug,
  className,
  children,
  stock,
}: {
  slug: string;
  className?: string;
  children: ReactNode;
  stock?: "out";
}) {
  const { t } = useCopy();
  return (
    <a
      href={affiliatePath(slug)}
      target="_blank"
      rel="sponsored noopener"
      className={className}
      data-affiliate={slug}
      data-stock={stock}
    >
      {children}
      <span className="sr-only"> {t("product.opensInNewTab")}</span>
    </a>
  );
}
