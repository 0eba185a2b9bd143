import type { ChatProduct } from "@rsv/api/client";
import { Link } from "react-router-dom";
import { AffiliateLink } from "../../components/product/affiliate-link.js";
import { useCopy } from "../../i18n/use-lang.js";
import { formatPrice } from "../../lib/format.js";
import { formatDecimal } from "../../lib/product-figures.js";
import { reviewPath } from "../../routes.js";
import { useChatStore } from "../../stores/chat.store.js";
import { ChatProductImage } from "./chat-product-image.js";

export function ChatProductCard({ product }: { product: ChatProduct }) {
  const { t, lang } = useCopy("chat");
  const compared = useChatStore((state) => state.compared.some((item) => item.id === product.id));
  const toggleCompared = useChatStore((state) => state.toggleCompared);
  return (
    <li
      className="flex gap-3 rounded-xl border border-slate-200 bg-white p-2"
      data-testid="chat-product"
      data-slug={product.slug}
    >
      <ChatProductImage src={product.imageUrl} alt={product.name} className="h-16 w-16 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1">
        {/* The whole name on a phone: it wraps, to two lines at most, rather than ending in an ellipsis. */}
        <p
          className="line-clamp-2 text-sm leading-snug font-semibold break-words text-slate-900"
          data-testid="chat-product-name"
        >
          <Link to={reviewPath(product.slug, lang)} className="hover:text-wine-800 hover:underline">
            {product.name}
          </Link>
        </p>
        <p className="text-xs text-slate-500">
          {product.brand}
          {product.potency ? ` · ${product.potency}` : ""}
        </p>
        <p className="text-xs text-slate-700">
          <span aria-hidden="true" className="text-amber-500">
            ★
          </span>{" "}
          <span className="sr-only">{t("card.rating", { rating: formatDecimal(product.rating, lang) })}</span>
          <span aria-hidden="true">{formatDecimal(product.rating, lang)}</span> ·{" "}
          <span className="font-semibold">{formatPrice(product.price, product.currency, lang)}</span>
        </p>
        <div className="mt-1.5 flex flex-wrap gap-1.5 text-xs">
          <Link
            to={reviewPath(product.slug, lang)}
            className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-50"
          >
            {t("card.review")}
          </Link>
          <AffiliateLink
            slug={product.slug}
            className="rounded-md bg-emerald-700 px-2 py-1 font-semibold text-white hover:bg-emerald-800"
          >
            {t("card.buy")}
          </AffiliateLink>
          <button
            type="button"
            aria-pressed={compared}
            aria-label={t(compared ? "card.removeLabel" : "card.compareLabel", { name: product.name })}
            onClick={() => toggleCompared(product)}
            data-testid="chat-compare-toggle"
            className={`rounded-md px-2 py-1 ${compared ? "bg-wine-800 text-white" : "border border-wine-300 text-wine-800 hover:bg-wine-50"}`}
          >
            {t(compared ? "card.inComparison" : "card.compare")}
          </button>
        </div>
      </div>
    </li>
  );
}
