import type { ChatProduct } from "@rsv/api/client";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { ListedProduct } from "../../api/queries.js";
import { AffiliateLink } from "../../components/product/affiliate-link.js";
import { useCopy } from "../../i18n/use-lang.js";
import { formatPrice } from "../../lib/format.js";
import { formatDecimal } from "../../lib/product-figures.js";
import { reviewPath } from "../../routes.js";
import { maxComparedProducts, minComparedForTable, useChatStore } from "../../stores/chat.store.js";
import { ChatProductImage } from "./chat-product-image.js";

/** The products picked for comparison, with the button to the table from two on. */
export function ComparisonTray({ onView }: { onView: () => void }) {
  const { t } = useCopy("chat");
  const compared = useChatStore((state) => state.compared);
  const toggleCompared = useChatStore((state) => state.toggleCompared);
  if (compared.length === 0) return null;
  return (
    <section
      aria-labelledby="chat-comparison-title"
      className="border-t border-slate-200 bg-wine-50 px-3 py-2"
      data-testid="chat-comparison"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id="chat-comparison-title" className="text-xs font-semibold text-wine-900">
          {t("comparison.title")}{" "}
          <span className="font-normal text-slate-600">
            ({t("comparison.count", { count: compared.length, max: maxComparedProducts })})
          </span>
        </h3>
        {compared.length >= minComparedForTable && (
          <button
            type="button"
            onClick={onView}
            className="rounded-md bg-wine-800 px-2 py-1 text-xs font-semibold text-white hover:bg-wine-900"
          >
            {t("comparison.view")}
          </button>
        )}
      </div>
      <ul className="mt-1 flex flex-wrap gap-1">
        {compared.map((product) => (
          <li key={product.id} data-testid="chat-compared" data-slug={product.slug}>
            <button
              type="button"
              onClick={() => toggleCompared(product)}
              aria-label={t("card.removeLabel", { name: product.name })}
              className="flex items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs text-slate-800 ring-1 ring-wine-200 hover:bg-wine-100"
            >
              {product.name} <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Side by side, one column per product; catalogue details fill in what the chat reply left out. */
export function ComparisonTable({ catalogue, onBack }: { catalogue: ListedProduct[] | undefined; onBack: () => void }) {
  const { t, lang } = useCopy("chat");
  const compared = useChatStore((state) => state.compared);
  const details = (product: ChatProduct) => catalogue?.find((item) => item.id === product.id);
  const rows: { label: string; cell: (product: ChatProduct) => ReactNode }[] = [
    { label: t("comparison.brand"), cell: (p) => p.brand },
    { label: t("comparison.rating"), cell: (p) => `${formatDecimal(p.rating, lang)} / 5` },
    { label: t("comparison.reviews"), cell: (p) => new Intl.NumberFormat(lang).format(p.reviewCount) },
    { label: t("comparison.price"), cell: (p) => formatPrice(p.price, p.currency, lang) },
    { label: t("comparison.potency"), cell: (p) => p.potency ?? t("comparison.notAvailable") },
    { label: t("comparison.source"), cell: (p) => details(p)?.source ?? t("comparison.notAvailable") },
    { label: t("comparison.bestFor"), cell: (p) => p.bestFor },
    {
      label: t("comparison.stock"),
      cell: (p) => {
        const inStock = details(p)?.inStock;
        if (inStock === undefined) return t("comparison.notAvailable");
        return t(inStock ? "comparison.inStock" : "comparison.outOfStock");
      },
    },
  ];
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="chat-comparison-table">
      <div className="flex-1 overflow-auto p-3">
        <table className="w-full border-collapse text-left text-xs">
          <caption className="mb-2 text-left text-sm font-semibold text-slate-900">{t("comparison.caption")}</caption>
          <thead>
            <tr>
              <td />
              {compared.map((product) => (
                <th key={product.id} scope="col" className="p-1 align-top font-semibold text-slate-900">
                  <ChatProductImage src={product.imageUrl} alt="" className="mb-1 h-12 w-12 rounded" />
                  {product.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-t border-slate-200">
                <th scope="row" className="p-1 font-medium text-slate-500">
                  {row.label}
                </th>
                {compared.map((product) => (
                  <td key={product.id} className="p-1 text-slate-800">
                    {row.cell(product)}
                  </td>
                ))}
              </tr>
            ))}
            <tr className="border-t border-slate-200">
              <th scope="row" className="p-1 font-medium text-slate-500">
                {t("comparison.links")}
              </th>
              {compared.map((product) => (
                <td key={product.id} className="space-y-1 p-1">
                  <Link to={reviewPath(product.slug, lang)} className="block text-wine-800 underline">
                    {t("card.review")}
                  </Link>
                  <AffiliateLink slug={product.slug} className="block font-semibold text-emerald-700 underline">
                    {t("card.buy")}
                  </AffiliateLink>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <div className="border-t border-slate-200 p-2">
        <button
          type="button"
          onClick={onBack}
          className="w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {t("comparison.back")}
        </button>
      </div>
    </div>
  );
}
