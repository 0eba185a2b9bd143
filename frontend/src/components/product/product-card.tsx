import { Link } from "react-router-dom";
import { maxCardBenefits, type ComparedProduct } from "../../api/queries.js";
import { useCopy } from "../../i18n/use-lang.js";
import { listOf } from "../../lib/product-figures.js";
import { reviewPath } from "../../routes.js";
import { StarRating } from "../ui/star-rating.js";
import { BuyLink, NoOffer, OfferPrice, ProductFlags, useVisitorOffers } from "./buy-link.js";
import { ProductImage } from "./product-image.js";
import { BenefitList } from "./benefit-list.js";
import { useOriginLabel } from "../../lib/vocabulary.js";

export function ProductCard({
  product,
  rank,
  headingLevel = 3,
}: {
  product: ComparedProduct;
  rank?: number;
  headingLevel?: 2 | 3;
}) {
  const { t, lang } = useCopy();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const benefits = listOf(product.benefits).slice(0, maxCardBenefits);
  const { best } = useVisitorOffers(product);
  const originLabel = useOriginLabel();
  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
      data-testid="product-card"
      data-slug={product.slug}
    >
      <div className="relative">
        <ProductImage src={product.imageUrl} alt={product.name} className="h-52 w-full p-4" />
        {rank !== undefined && (
          <span className="absolute top-3 left-3 rounded-full bg-wine-800 px-2.5 py-1 text-xs font-bold text-white">
            #{rank}
          </span>
        )}
        {product.badge && (
          <span className="absolute top-3 right-3 rounded-full bg-emerald-700 px-2.5 py-1 text-xs font-semibold text-white">
            {product.badge}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <ProductFlags product={product} className="mb-2" />
        <p className="text-xs font-semibold tracking-wide text-wine-700 uppercase">{product.brand}</p>
        <Heading className="mt-1 text-lg font-bold text-slate-900">
          <Link to={reviewPath(product.slug, lang)} className="hover:text-wine-800">
            {product.name}
          </Link>
        </Heading>
        <div className="mt-2 flex items-center gap-2 text-sm text-slate-500">
          <StarRating rating={product.rating} showValue />
          <span>{t("product.reviewCount", { count: product.reviewCount })}</span>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-slate-500">{t("product.potency")}</dt>
            <dd className="font-medium text-slate-900">{product.potency ?? t("product.notAvailable")}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("product.source")}</dt>
            <dd className="font-medium text-slate-900">
              {product.source ? originLabel(product.source) : t("product.notAvailable")}
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-slate-500">{t("product.bestFor")}</dt>
            <dd className="font-medium text-slate-900">{product.bestFor}</dd>
          </div>
        </dl>
        {benefits.length > 0 && (
          <div className="mt-3">
            <p className="text-sm font-semibold text-slate-700">{t("product.keyBenefits")}</p>
            <BenefitList benefits={benefits} testId="card-benefits" />
          </div>
        )}
        {best ? (
          <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-5">
            <OfferPrice product={product} className="text-2xl font-bold text-slate-900" testId="card-price" />
            <div className="flex flex-wrap items-center gap-2">
              <Link to={reviewPath(product.slug, lang)} className="btn-outline px-3">
                {t("product.readReview")}
              </Link>
              <BuyLink product={product} className="btn-buy px-3">
                {t("product.buyNow")}
              </BuyLink>
            </div>
          </div>
        ) : (
          <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-5">
            <NoOffer />
            <Link to={reviewPath(product.slug, lang)} className="btn-outline px-3">
              {t("product.readReview")}
            </Link>
          </div>
        )}
      </div>
    </article>
  );
}
