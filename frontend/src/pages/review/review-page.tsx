import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { useSiteIdentity } from "../../api/use-site-settings.js";
import { productBySlugQuery, type Product } from "../../api/queries.js";
import { useVisitorCountry } from "../../api/visitor-context.js";
import { BuyLink, OfferPrice, ProductFlags, useVisitorOffers } from "../../components/product/buy-link.js";
import { OfferList } from "../../components/product/offer-list.js";
import { preloadFor, ProductImage } from "../../components/product/product-image.js";
import { PageFrame } from "../../components/layout/page-frame.js";
import { LoadingStatus, Skeleton } from "../../components/ui/skeleton.js";
import { SanitizedHtml } from "../../components/ui/sanitized-html.js";
import { StarRating } from "../../components/ui/star-rating.js";
import { useCopy } from "../../i18n/use-lang.js";
import { useCopyToClipboard } from "../../lib/clipboard.js";
import { costPerMgPrice, formatDecimal, listOf } from "../../lib/product-figures.js";
import { reviewPath, routePath } from "../../routes.js";
import { useOrigin } from "../../seo/page-head.js";
import { productJsonLd, reviewJsonLd } from "../../seo/structured-data.js";
import { statusOf, type Prefetch } from "../page-context.js";
import { ProductNotFound } from "./product-not-found.js";
import { useOriginLabel } from "../../lib/vocabulary.js";
import { InPlacement } from "../../components/product/affiliate-link.js";

/** The image column: half the page on desktops, the screen's width on phones. */
const reviewImageSizes = "(min-width: 1024px) 50vw, 100vw";

export const prefetch: Prefetch = async (queryClient, { api, match }) => {
  if (match.page !== "productReview") return;
  const options = productBySlugQuery(api, match.slug, match.lang);
  await queryClient.prefetchQuery(options);
  const product = queryClient.getQueryData(options.queryKey);
  // An old slug of a renamed product still resolves: send visitors and crawlers to the current URL.
  if (product && product.slug !== match.slug) return { status: 301, redirect: reviewPath(product.slug, match.lang) };
  return { status: statusOf(queryClient, options.queryKey) };
};

function CouponBlock({ product }: { product: Product }) {
  const { t } = useCopy("review");
  const { copied, copy } = useCopyToClipboard();
  if (!product.couponCode) return null;
  return (
    <section
      aria-labelledby="coupon-title"
      className="mt-6 rounded-2xl border-2 border-dashed border-emerald-400 bg-emerald-50 p-5"
      data-testid="coupon"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="coupon-title" className="font-bold text-emerald-900">
          {t("coupon.title")}
        </h2>
        {product.couponDiscount && (
          <span className="rounded-full bg-emerald-700 px-3 py-1 text-sm font-bold text-white">
            {product.couponDiscount}
          </span>
        )}
      </div>
      {product.couponDescription && <p className="mt-2 text-sm text-emerald-900">{product.couponDescription}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <p>
          <span className="sr-only">{t("coupon.codeLabel")}: </span>
          <code className="rounded-lg bg-white px-4 py-2 font-mono text-lg font-bold tracking-wider text-slate-900 ring-1 ring-emerald-200">
            {product.couponCode}
          </code>
        </p>
        <button
          type="button"
          onClick={() => void copy(product.couponCode ?? "")}
          className="btn-buy"
          data-testid="copy-coupon"
        >
          <span aria-live="polite">{copied ? t("coupon.copied") : t("coupon.copy")}</span>
        </button>
      </div>
      <p className="mt-2 text-xs text-emerald-800">{t("coupon.hint")}</p>
    </section>
  );
}

/** The best offer's price and Buy Now, or, when no retailer in the visitor's market has it, a sentence saying so. */
function BuyBox({ product }: { product: Product }) {
  const { t } = useCopy("review");
  const { best } = useVisitorOffers(product);
  return (
    <div className="mt-6 flex flex-wrap items-center gap-4" data-testid="buy-box">
      {best && (
        <p>
          <span className="sr-only">{t("priceLabel")}: </span>
          <OfferPrice product={product} className="text-4xl font-extrabold text-slate-900" testId="review-price" />
        </p>
      )}
      <BuyLink product={product} className="btn-buy px-8 py-3 text-base" noOfferClassName="text-base">
        {t("buy")}
      </BuyLink>
    </div>
  );
}

/** The buy button again after the review; nothing when there is no offer to buy (the top already says so). */
function ClosingBuyLink({ product }: { product: Product }) {
  const { t } = useCopy("review");
  if (!useVisitorOffers(product).best) return null;
  return (
    <div className="mt-12 flex justify-center">
      <BuyLink product={product} className="btn-buy px-10 py-4 text-lg">
        {t("buy")}
      </BuyLink>
    </div>
  );
}

function ListSection({ title, items, icon, testId }: { title: string; items: string[]; icon: string; testId: string }) {
  if (items.length === 0) return null;
  return (
    <section className="mt-10" data-testid={testId}>
      <h2 className="text-2xl font-bold text-slate-900">{title}</h2>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item} className="flex gap-2 rounded-lg bg-slate-50 px-4 py-3 text-slate-700">
            <span aria-hidden="true">{icon}</span>
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ExpertPanel({ product }: { product: Product }) {
  const { t, lang } = useCopy("review");
  // What the visitor would pay: the best offer's price in its currency, else the product's list price.
  const { best } = useVisitorOffers(product);
  const cost = best
    ? costPerMgPrice({ price: best.price, potency: product.potency }, best.currency, lang)
    : costPerMgPrice(product, "USD", lang);
  return (
    <section
      aria-labelledby="expert-title"
      className="mt-10 rounded-2xl bg-wine-950 p-6 text-white"
      data-testid="expert-panel"
    >
      <h2 id="expert-title" className="text-2xl font-bold">
        {t("expert.title")}
      </h2>
      <dl className="mt-5 grid gap-4 sm:grid-cols-3">
        <div className="flex flex-col rounded-xl bg-white/10 p-4 text-center">
          <dt className="order-2 text-sm text-wine-100">{t("expert.grade")}</dt>
          <dd className="text-3xl font-extrabold text-emerald-300" data-testid="expert-grade">
            {product.expertGrade}
          </dd>
        </div>
        <div className="flex flex-col rounded-xl bg-white/10 p-4 text-center">
          <dt className="order-2 text-sm text-wine-100">{t("expert.rating")}</dt>
          <dd className="text-3xl font-extrabold" data-testid="expert-rating">
            {t("expert.ratingValue", { rating: formatDecimal(product.rating, lang) })}
          </dd>
        </div>
        <div className="flex flex-col rounded-xl bg-white/10 p-4 text-center">
          <dt className="order-2 text-sm text-wine-100">{t("expert.costPerMg")}</dt>
          <dd className="text-3xl font-extrabold" data-testid="cost-per-mg">
            {cost ?? "—"}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function ProsAndConsiderations({ product }: { product: Product }) {
  const { t, lang } = useCopy("review");
  const originLabel = useOriginLabel();
  const pros = [
    t("pros.rating", { rating: formatDecimal(product.rating, lang) }),
    product.potency ? t("pros.potency", { potency: product.potency }) : null,
    product.source ? t("pros.source", { source: originLabel(product.source) }) : null,
    product.bestFor ? t("pros.bestFor", { bestFor: product.bestFor }) : null,
    product.couponCode ? t("pros.coupon") : null,
  ].filter((item): item is string => item !== null);
  const considerations = [t("considerations.doctor"), t("considerations.consistency"), t("considerations.absorption")];
  if (Number(product.price) > 35) considerations.push(t("considerations.price"));
  return (
    <div className="mt-10 grid gap-6 md:grid-cols-2">
      <section className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6" data-testid="pros">
        <h2 className="text-xl font-bold text-emerald-900">{t("pros.title")}</h2>
        <ul className="mt-3 space-y-2 text-emerald-950">
          {pros.map((item) => (
            <li key={item} className="flex gap-2">
              <span aria-hidden="true">✓</span>
              {item}
            </li>
          ))}
        </ul>
      </section>
      <section className="rounded-2xl border border-amber-200 bg-amber-50 p-6" data-testid="considerations">
        <h2 className="text-xl font-bold text-amber-900">{t("considerations.title")}</h2>
        <ul className="mt-3 space-y-2 text-amber-950">
          {considerations.map((item) => (
            <li key={item} className="flex gap-2">
              <span aria-hidden="true">!</span>
              {item}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function ReviewPage({ slug }: { slug: string }) {
  const { lang } = useCopy("review");
  const common = useCopy().t;
  const api = useApi();
  const { data: product, isPending } = useQuery(productBySlugQuery(api, slug, lang));

  if (isPending) {
    return (
      <div className="container-page grid gap-8 py-10 md:grid-cols-2" aria-busy="true">
        <LoadingStatus label={common("generic.loading")} />
        <Skeleton className="h-96" />
        <div className="space-y-4">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-32 w-full" />
        </div>
      </div>
    );
  }
  if (!product) return <ProductNotFound />;
  return <ProductReview product={product} />;
}

/** A product's review as visitors read it; a preview link shows a scheduled one the same way, kept out of search engines. */
export function ProductReview({ product, noindex = false }: { product: Product; noindex?: boolean }) {
  const { t, lang } = useCopy("review");
  const common = useCopy().t;
  const origin = useOrigin();
  const originLabel = useOriginLabel();
  const { siteName } = useSiteIdentity();
  const country = useVisitorCountry();
  const path = reviewPath(product.slug, lang);
  return (
    <InPlacement value="review">
      <PageFrame
        as="article"
        head={{
          noindex,
          title: product.metaTitle || t("meta.title", { name: product.name }),
          description:
            product.metaDescription ||
            t("meta.description", {
              name: product.name,
              brand: product.brand,
              potency: product.potency ?? "",
              rating: formatDecimal(product.rating, lang),
            }),
          path,
          alternates: { en: reviewPath(product.slug, "en"), es: reviewPath(product.slug, "es") },
          ogType: "product",
          image: product.imageUrl,
          preloadImage: preloadFor(product.imageUrl, reviewImageSizes),
          jsonLd: [productJsonLd(origin, product, lang, country), reviewJsonLd(origin, product, lang, siteName)],
        }}
        trail={[
          { name: common("routes.review"), path: routePath("review", lang) },
          { name: product.name, path },
        ]}
      >
        <div className="mt-6 grid gap-10 lg:grid-cols-2">
          <div className="relative">
            <ProductImage
              src={product.imageUrl}
              alt={product.name}
              className="aspect-square w-full rounded-3xl p-8"
              sizes={reviewImageSizes}
              priority
            />
            {product.badge && (
              <span className="absolute top-4 left-4 rounded-full bg-emerald-700 px-3 py-1 text-sm font-semibold text-white">
                {product.badge}
              </span>
            )}
          </div>
          <div>
            <p className="text-sm font-semibold tracking-wide text-wine-700 uppercase" data-testid="review-brand">
              {product.brand}
            </p>
            <h1 className="mt-1 text-4xl font-extrabold tracking-tight text-slate-900">{product.name}</h1>
            <ProductFlags product={product} className="mt-2" />
            <div className="mt-3 flex items-center gap-3 text-slate-600">
              <StarRating rating={product.rating} showValue />
              <span>{common("product.reviewCount", { count: product.reviewCount })}</span>
            </div>
            <dl className="mt-6 grid grid-cols-2 gap-4 rounded-2xl bg-slate-50 p-5 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-500">{common("product.potency")}</dt>
                <dd className="font-semibold text-slate-900">{product.potency ?? common("product.notAvailable")}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{common("product.source")}</dt>
                <dd className="font-semibold text-slate-900">
                  {product.source ? originLabel(product.source) : common("product.notAvailable")}
                </dd>
              </div>
              <div className="col-span-2 sm:col-span-1">
                <dt className="text-slate-500">{common("product.bestFor")}</dt>
                <dd className="font-semibold text-slate-900">{product.bestFor}</dd>
              </div>
            </dl>
            <BuyBox product={product} />
            <OfferList product={product} />
            <CouponBlock product={product} />
          </div>
        </div>

        <div className="mx-auto max-w-4xl">
          <section className="mt-12">
            <h2 className="text-2xl font-bold text-slate-900">{t("overview")}</h2>
            <p className="mt-3 text-lg leading-relaxed text-slate-700">{product.description}</p>
          </section>
          <ListSection title={t("keyFeatures")} items={listOf(product.features)} icon="★" testId="features" />
          <ListSection title={t("benefits")} items={listOf(product.benefits)} icon="✓" testId="benefits" />
          <ExpertPanel product={product} />
          <ProsAndConsiderations product={product} />
          <SanitizedHtml html={product.htmlContent}>
            {(markup, key) => (
              <section className="mt-12" data-testid="extra-content">
                <h2 className="text-2xl font-bold text-slate-900">{t("moreDetails")}</h2>
                <div className="prose-content mt-4" data-sanitized={key} dangerouslySetInnerHTML={markup} />
              </section>
            )}
          </SanitizedHtml>
          <ClosingBuyLink product={product} />
        </div>
      </PageFrame>
    </InPlacement>
  );
}
