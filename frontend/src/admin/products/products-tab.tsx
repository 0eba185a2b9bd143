import { formatPrice, numberLocale } from "../../lib/format.js";
import { useAdminCopy } from "../admin-copy.js";
import { useBrowseProducts, useDeleteProduct } from "../api/products.js";
import { ListSkeletons } from "../ui/fields.js";
import { thumbnail } from "../ui/thumbnail.js";
import { ProductDialog } from "./product-dialog.js";
import { useProductDialogStore } from "./product-dialog.store.js";
import { draftFromProduct } from "./product-form.js";
import { RowActions } from "../ui/row-actions.js";
import { isAhead } from "../ui/schedule.js";

export const productSkeletonCount = 6;

export function ProductsTab() {
  const { t, lang } = useAdminCopy();
  const products = useBrowseProducts();
  const rating = new Intl.NumberFormat(numberLocale[lang], { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const scheduled = new Intl.DateTimeFormat(numberLocale[lang], { dateStyle: "medium", timeStyle: "short" });
  const remove = useDeleteProduct();
  const { openCreate, openEdit } = useProductDialogStore();

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{t("products.title")}</h2>
        <button type="button" className="btn-primary" onClick={openCreate}>
          {t("products.add")}
        </button>
      </div>
      <div className="mt-6">
        {products.isPending ? (
          <ListSkeletons count={productSkeletonCount} testId="product-skeleton" />
        ) : products.isError ? (
          <p className="text-red-600">{t("common.loadFailed")}</p>
        ) : products.data.length === 0 ? (
          <p className="text-slate-600">{t("products.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {products.data.map((product) => (
              <li
                key={product.id}
                className="flex flex-wrap items-center gap-4 p-4"
                data-testid="admin-product-row"
                data-slug={product.slug}
              >
                <img
                  src={thumbnail(product.imageUrl)}
                  alt=""
                  className="h-14 w-14 shrink-0 rounded-lg bg-slate-100 object-contain"
                />
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-semibold text-slate-900">{product.name}</p>
                  <p className="text-sm text-slate-600">
                    {t("products.summary", {
                      brand: product.brand,
                      price: formatPrice(product.price, "USD", lang),
                      rating: rating.format(Number(product.rating)),
                      grade: product.expertGrade,
                    })}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-1 text-xs">
                    {isAhead(product.publishAt) && (
                      <span
                        className="rounded bg-sky-100 px-2 py-0.5 font-semibold text-sky-900"
                        data-testid="product-scheduled"
                      >
                        {t("products.scheduled")} ·{" "}
                        {t("products.scheduledFor", { date: scheduled.format(new Date(product.publishAt!)) })}
                      </span>
                    )}
                    {product.placement !== null && (
                      <span className="rounded bg-wine-50 px-2 py-0.5 text-wine-800" data-testid="product-rank">
                        {t("products.badges.placement", { placement: product.placement })}
                      </span>
                    )}
                    {product.isTopRanked && (
                      <span className="rounded bg-amber-50 px-2 py-0.5 text-amber-800">
                        {t("products.fields.isTopRanked")}
                      </span>
                    )}
                    {product.featured && (
                      <span className="rounded bg-sky-50 px-2 py-0.5 text-sky-800">
                        {t("products.fields.featured")}
                      </span>
                    )}
                    {!product.inStock && (
                      <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700">
                        {t("products.badges.outOfStock")}
                      </span>
                    )}
                    {product.translations.es && (
                      <span className="rounded bg-emerald-50 px-2 py-0.5 text-emerald-800">
                        {t("products.badges.translated")}
                      </span>
                    )}
                  </p>
                </div>
                <RowActions
                  name={product.name}
                  confirmText={t("products.confirmDelete")}
                  deleting={remove.isPending}
                  onEdit={() => openEdit(product.id, draftFromProduct(product))}
                  onDelete={() => remove.mutate(product.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <ProductDialog />
    </div>
  );
}
