import { useCallback, useRef } from "react";
import type { ListedProduct } from "../api/queries.js";
import { OfferPrice } from "../components/product/buy-link.js";
import { ProductImage } from "../components/product/product-image.js";
import { useSiteClaims } from "../api/use-site-settings.js";
import { ClaimList } from "../components/ui/claim-list.js";
import { useCopy } from "../i18n/use-lang.js";
import { formatDecimal } from "../lib/product-figures.js";
import { affiliatePath } from "../routes.js";
import { useExitIntentStore } from "../stores/exit-intent.store.js";
import { useFocusTrap } from "./use-focus-trap.js";
import { CloseButton } from "../components/ui/icon-button.js";

export const popupDescriptionLength = 150;

/** The product the popup offers: the one ranked top, else the best placed, else none. */
export function offeredProduct(products: readonly ListedProduct[] | undefined): ListedProduct | null {
  if (!products?.length) return null;
  const top = products.find((product) => product.isTopRanked);
  if (top) return top;
  const placed = products.filter((product) => product.placement != null);
  if (placed.length === 0) return null;
  return placed.reduce((best, product) => (product.placement! < best.placement! ? product : best));
}

export function truncate(text: string, length = popupDescriptionLength): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

/**
 * The popup's deal, or null without one: the product's coupon code and discount, the only thing that
 * makes its price a deal (the CTA says "Get This Deal Now" only then).
 */
export function couponLine(
  product: Pick<ListedProduct, "couponCode" | "couponDiscount">,
  t: (key: "exitPopup.coupon" | "exitPopup.couponOnly", values: Record<string, string>) => string,
): string | null {
  const code = product.couponCode?.trim();
  const discount = product.couponDiscount?.trim();
  if (!code) return null;
  return discount ? t("exitPopup.coupon", { code, discount }) : t("exitPopup.couponOnly", { code });
}

export function ExitPopup({ product }: { product: ListedProduct }) {
  const { t, lang } = useCopy("overlays");
  const coupon = couponLine(product, t);
  const { popupPerks } = useSiteClaims();
  const phase = useExitIntentStore((state) => state.popup);
  const closePopup = useExitIntentStore((state) => state.closePopup);
  const dialog = useRef<HTMLDivElement>(null);
  const onEscape = useCallback(() => closePopup(), [closePopup]);
  useFocusTrap(dialog, phase !== "closed", onEscape);
  if (phase === "closed") return null;

  return (
    <div
      className={`fixed inset-0 z-[70] flex items-center justify-center bg-slate-900/60 p-4 transition-opacity duration-300 motion-reduce:transition-none ${
        phase === "visible" ? "opacity-100" : "opacity-0"
      }`}
      data-testid="exit-popup-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) closePopup();
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="exit-popup-title"
        aria-describedby="exit-popup-intro"
        data-testid="exit-popup"
        data-phase={phase}
        className="relative max-h-full w-full max-w-md overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl"
      >
        <CloseButton
          label={t("exitPopup.close")}
          onClick={closePopup}
          className="absolute top-3 right-3 rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          data-testid="exit-popup-close"
        />
        <h2 id="exit-popup-title" className="pr-8 text-xl font-bold text-slate-900">
          {t("exitPopup.title")}
        </h2>
        <p id="exit-popup-intro" className="mt-1 text-sm text-slate-600">
          {t("exitPopup.intro")}
        </p>
        <div className="mt-4 flex gap-4">
          <ProductImage
            src={product.imageUrl}
            alt={product.name}
            className="h-28 w-28 shrink-0 rounded-xl"
            sizes="112px"
            width={112}
            height={112}
            loading="eager"
          />
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-wine-700 uppercase">{product.brand}</p>
            <p className="font-bold text-slate-900" data-testid="exit-popup-product">
              {product.name}
            </p>
            <p className="text-sm text-slate-600">
              <span aria-hidden="true" className="text-amber-500">
                ★
              </span>{" "}
              {t("exitPopup.rating", { rating: formatDecimal(product.rating, lang) })}
            </p>
            <p className="mt-2 text-xs font-semibold text-slate-600 uppercase">{t("exitPopup.price")}</p>
            <p className="text-2xl font-extrabold text-slate-900">
              <OfferPrice product={product} />
            </p>
            {coupon && (
              <p className="mt-1 text-sm font-semibold text-emerald-700" data-testid="exit-popup-coupon">
                {coupon}
              </p>
            )}
          </div>
        </div>
        <p className="mt-4 text-sm text-slate-700" data-testid="exit-popup-description">
          {truncate(product.description)}
        </p>
        <ClaimList
          claims={popupPerks}
          className="mt-4 space-y-1 text-sm text-slate-800"
          tickClassName="text-emerald-600"
          testId="exit-popup-perks"
        />
        <a
          href={affiliatePath(product.slug, "exit-popup")}
          target="_blank"
          rel="sponsored nofollow noopener"
          onClick={closePopup}
          data-affiliate={product.slug}
          className="btn-buy mt-5 w-full py-3 text-base"
          data-autofocus
        >
          {/* A deal only where there is one: the product's coupon. */}
          {coupon ? t("exitPopup.cta") : t("exitPopup.ctaPrice")}
        </a>
        <button
          type="button"
          onClick={closePopup}
          className="mt-2 w-full py-2 text-sm text-slate-500 hover:text-slate-800"
        >
          {t("exitPopup.decline")}
        </button>
      </div>
    </div>
  );
}
