import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useApi } from "../../api/api-context.js";
import { maxCardBenefits, productsQuery, type ListedProduct } from "../../api/queries.js";
import { BuyLink, OfferPrice } from "../../components/product/buy-link.js";
import { ProductCard } from "../../components/product/product-card.js";
import { ProductImage } from "../../components/product/product-image.js";
import { StarRating } from "../../components/ui/star-rating.js";
import type { BlockCopy } from "../../content/content-page.js";
import { pickProducts, productRules, type ProductRuleName } from "../../content/product-rules.js";
import { useCopy } from "../../i18n/use-lang.js";
import { listOf } from "../../lib/product-figures.js";
import { reviewPath, routePath } from "../../routes.js";
import { BenefitList } from "../../components/product/benefit-list.js";
import { InPlacement } from "../../components/product/affiliate-link.js";

function heading(copy: BlockCopy, key: string): string | undefined {
  const value = copy[key];
  return typeof value === "string" ? value : undefined;
}

export function useRuleProducts(rule: ProductRuleName): ListedProduct[] | undefined {
  const api = useApi();
  const { lang } = useCopy();
  const { data } = useQuery(productsQuery(api, lang));
  return data ? pickProducts(data, productRules[rule]) : undefined;
}

function EmptyCatalogue() {
  const { t, lang } = useCopy("content");
  return (
    <p className="rounded-xl bg-slate-50 p-5 text-slate-600">
      {t("products.empty")}{" "}
      <Link to={routePath("comparison", lang)} className="font-medium text-wine-700 underline">
        {t("products.browseAll")}
      </Link>
    </p>
  );
}

/** A grid of catalogue products picked by a landing page's rule. */
export function RuleProductList({ rule, copy, id }: { rule: ProductRuleName; copy: BlockCopy; id?: string }) {
  const products = useRuleProducts(rule);
  const title = heading(copy, "title");
  const intro = heading(copy, "intro");
  return (
    <section id={id} data-products={rule} className="my-10" aria-label={title}>
      {title && <h2 className="text-2xl font-bold text-slate-900">{title}</h2>}
      {intro && <p className="mt-2 text-slate-600">{intro}</p>}
      {products && products.length === 0 && (
        <div className="mt-6">
          <EmptyCatalogue />
        </div>
      )}
      {products && products.length > 0 && (
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <InPlacement value="landing">
            {products.map((product, index) => (
              <ProductCard key={product.id} product={product} rank={index + 1} />
            ))}
          </InPlacement>
        </div>
      )}
    </section>
  );
}

/** One product, picked by rule, with its figures, top benefits, a review link and a buy link. */
export function FeaturedProduct({ rule, copy, id }: { rule: ProductRuleName; copy: BlockCopy; id?: string }) {
  const { t, lang } = useCopy("content");
  const product = useRuleProducts(rule)?.[0];
  const title = heading(copy, "title") ?? t("products.editorsPick");
  const reason = heading(copy, "reason");
  if (!product) {
    return (
      <section id={id} data-featured={rule} className="my-10">
        <EmptyCatalogue />
      </section>
    );
  }
  const benefits = listOf(product.benefits).slice(0, maxCardBenefits);
  return (
    <section
      id={id}
      data-featured={rule}
      data-slug={product.slug}
      aria-label={title}
      className="my-10 overflow-hidden rounded-3xl border-2 border-wine-200 bg-white shadow-sm"
    >
      <p className="bg-wine-800 px-6 py-2 text-sm font-semibold tracking-wide text-white uppercase">{title}</p>
      <div className="grid gap-6 p-6 md:grid-cols-[14rem_1fr]">
        <ProductImage
          src={product.imageUrl}
          alt={product.name}
          className="h-56 w-full"
          sizes="(min-width: 768px) 224px, 100vw"
        />
        <div>
          <p className="text-xs font-semibold tracking-wide text-wine-700 uppercase">{product.brand}</p>
          <h2 className="mt-1 text-2xl font-bold text-slate-900">{product.name}</h2>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-500">
            <StarRating rating={product.rating} showValue />
            <span>{t("products.reviews", { count: product.reviewCount })}</span>
          </div>
          {reason && <p className="mt-3 text-slate-700">{reason}</p>}
          <dl className="mt-4 flex flex-wrap gap-6 text-sm">
            <div>
              <dt className="text-slate-500">{t("products.potency")}</dt>
              <dd className="text-lg font-semibold text-slate-900">{product.potency ?? "—"}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("products.price")}</dt>
              <dd className="text-lg font-semibold text-slate-900">
                <OfferPrice product={product} />
              </dd>
            </div>
          </dl>
          {benefits.length > 0 && (
            <>
              <p className="mt-4 text-sm font-semibold text-slate-700">{t("products.benefits")}</p>
              <BenefitList benefits={benefits} />
            </>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={reviewPath(product.slug, lang)} className="btn-outline">
              {t("products.viewDetails")}
            </Link>
            <InPlacement value="landing">
              <BuyLink product={product} className="btn-buy">
                {t("products.buyNow")}
              </BuyLink>
            </InPlacement>
          </div>
        </div>
      </div>
    </section>
  );
}
