import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useApi } from "../../api/api-context.js";
import { postsQuery, productsQuery, type ListedProduct } from "../../api/queries.js";
import { useSiteIdentity } from "../../api/use-site-settings.js";
import stockProductImage from "../../assets/stock-product.svg";
import { PostCard } from "../../components/blog/post-card.js";
import { topProductsAnchor } from "../../components/layout/navigation.js";
import { NewsletterSection } from "../../components/newsletter/newsletter-form.js";
import { BuyLink, OfferPrice, ProductFlags } from "../../components/product/buy-link.js";
import { ProductCard } from "../../components/product/product-card.js";
import { preloadFor, ProductImage } from "../../components/product/product-image.js";
import { Icon } from "../../components/ui/icons.js";
import { CardSkeleton, LoadingStatus, Skeleton } from "../../components/ui/skeleton.js";
import { StarRating } from "../../components/ui/star-rating.js";
import { useCopy } from "../../i18n/use-lang.js";
import { formatDecimal } from "../../lib/product-figures.js";
import { homePath, reviewPath, routePath } from "../../routes.js";
import { useOrigin } from "../../seo/page-head.js";
import { PageFrame } from "../../components/layout/page-frame.js";
import { productListJsonLd, websiteJsonLd } from "../../seo/structured-data.js";
import type { Prefetch } from "../page-context.js";
import { InPlacement } from "../../components/product/affiliate-link.js";

export const homeProductCount = 9;
export const homeProductSkeletons = 6;
export const homePostCount = 3;
export const homePostSkeletons = 3;

export const prefetch: Prefetch = async (queryClient, { api, match }) => {
  await Promise.all([
    queryClient.prefetchQuery(productsQuery(api, match.lang)),
    queryClient.prefetchQuery(postsQuery(api, match.lang)),
  ]);
};

function Hero() {
  const { t, lang } = useCopy("home");
  const api = useApi();
  const { data: products = [] } = useQuery(productsQuery(api, lang));
  // Counted from the catalogue, so the figures stay true as the owner adds and removes products.
  const counted = {
    brands: String(new Set(products.map((p) => p.brand.trim().toLowerCase())).size),
    products: String(products.length),
    purity: t("hero.stats.purity.value"),
  };
  const stats = ["brands", "products", "purity"] as const;
  return (
    <div>
      <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-4 py-1.5 text-sm font-semibold text-wine-800 ring-1 ring-wine-200">
        <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-500" />
        {t("hero.badge")}
      </p>
      <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{t("hero.title")}</h1>
      <p className="mt-5 max-w-xl text-lg text-slate-600">{t("hero.subtitle")}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={routePath("comparison", lang)} className="btn-primary px-6 py-3 text-base">
          {t("hero.ctaPrimary")}
        </Link>
        <Link to={routePath("whatIsResveratrol", lang)} className="btn-outline px-6 py-3 text-base">
          {t("hero.ctaSecondary")}
        </Link>
      </div>
      <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4" aria-label={t("hero.statsLabel")}>
        {stats.map((stat) => (
          <div key={stat} className="flex flex-col rounded-xl bg-white/70 p-3 text-center ring-1 ring-wine-100">
            <dt className="order-2 text-xs text-slate-600">{t(`hero.stats.${stat}.label`)}</dt>
            <dd className="text-2xl font-extrabold text-wine-800" data-testid={`hero-stat-${stat}`}>
              {counted[stat]}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The hero's right column: up to 448 pixels wide on desktops, the screen's width on phones. */
export const topProductImageSizes = "(min-width: 1024px) 448px, 100vw";

/** The best-ranked product, as a skeleton while the catalogue loads; nothing at all without one. */
export function TopProductCard({ product, loading }: { product: ListedProduct | undefined; loading: boolean }) {
  const { t, lang } = useCopy("home");
  const common = useCopy().t;
  if (loading && !product) {
    return (
      <div
        className="rounded-3xl bg-white p-6 shadow-xl ring-1 ring-wine-100"
        data-testid="top-product-skeleton"
        aria-busy="true"
      >
        <LoadingStatus label={common("generic.loading")} />
        <Skeleton className="h-56 w-full rounded-2xl" />
        <Skeleton className="mt-4 h-3 w-1/3" />
        <Skeleton className="mt-2 h-7 w-3/4" />
        <Skeleton className="mt-3 h-4 w-full" />
        <div className="mt-4 grid grid-cols-3 gap-3">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
        <Skeleton className="mt-5 h-12 w-full" />
      </div>
    );
  }
  if (!product) return null;
  return (
    <aside
      aria-labelledby="top-product-title"
      className="relative rounded-3xl bg-white p-6 shadow-xl ring-1 ring-wine-100"
      data-testid="top-product"
    >
      <p className="absolute -top-3 left-6 rounded-full bg-emerald-700 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase">
        {t("topProduct.label")}
      </p>
      <ProductImage
        src={product.imageUrl}
        fallbackSrc={stockProductImage}
        alt={product.name}
        className="h-56 w-full rounded-2xl p-4"
        sizes={topProductImageSizes}
        priority
      />
      <ProductFlags product={product} className="mt-4" />
      <p className="mt-2 text-xs font-semibold tracking-wide text-wine-700 uppercase">{product.brand}</p>
      <h2 id="top-product-title" className="mt-1 text-2xl font-bold text-slate-900">
        {product.name}
      </h2>
      <p className="mt-2 line-clamp-2 text-sm text-slate-600">{product.description}</p>
      <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
        <div className="rounded-lg bg-wine-50 p-2">
          <dt className="text-xs text-slate-600">{t("topProduct.rating")}</dt>
          <dd className="font-bold text-slate-900" data-testid="top-product-rating">
            {formatDecimal(product.rating, lang)}
          </dd>
        </div>
        <div className="rounded-lg bg-wine-50 p-2">
          <dt className="text-xs text-slate-600">{t("topProduct.potency")}</dt>
          <dd className="font-bold text-slate-900" data-testid="top-product-potency">
            {product.potency ?? common("product.notAvailable")}
          </dd>
        </div>
        <div className="rounded-lg bg-wine-50 p-2">
          <dt className="text-xs text-slate-600">{t("topProduct.price")}</dt>
          <dd className="font-bold text-slate-900">
            <OfferPrice product={product} testId="top-product-price" />
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex justify-center">
        <StarRating rating={product.rating} />
      </div>
      <div className="mt-5 grid gap-2 sm:grid-cols-2">
        <BuyLink product={product} className="btn-buy py-3" noOfferClassName="text-center">
          {t("topProduct.buy")}
        </BuyLink>
        <Link to={reviewPath(product.slug, lang)} className="btn-outline py-3">
          {t("topProduct.review")}
        </Link>
      </div>
    </aside>
  );
}

function TrustIndicators() {
  const { t } = useCopy("home");
  const items = [
    { id: "independent", icon: "scale" },
    { id: "tested", icon: "flask" },
    { id: "research", icon: "book" },
    { id: "updated", icon: "refresh" },
  ] as const;
  return (
    <section aria-labelledby="trust-title" className="border-y border-slate-200 bg-white">
      <div className="container-page py-10">
        <h2 id="trust-title" className="sr-only">
          {t("trust.title")}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {items.map(({ id, icon }) => (
            <li key={id} className="flex gap-3">
              <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-wine-50 text-wine-700">
                <Icon name={icon} />
              </span>
              <div>
                <p className="font-semibold text-slate-900">{t(`trust.${id}.title`)}</p>
                <p className="text-sm text-slate-600">{t(`trust.${id}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function TopProducts({ products, loading }: { products: ListedProduct[]; loading: boolean }) {
  const { t, lang } = useCopy("home");
  const common = useCopy().t;
  return (
    <section
      id={topProductsAnchor}
      tabIndex={-1}
      aria-labelledby="top-products-title"
      className="bg-slate-50 py-16 focus:outline-none"
    >
      <div className="container-page">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="top-products-title" className="text-3xl font-bold text-slate-900">
              {t("products.title")}
            </h2>
            <p className="mt-2 text-slate-600">{t("products.subtitle")}</p>
          </div>
          <Link to={routePath("comparison", lang)} className="btn-outline">
            {t("products.viewAll")}
          </Link>
        </div>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={loading}>
          {loading ? (
            <>
              <LoadingStatus label={common("generic.loading")} />
              {Array.from({ length: homeProductSkeletons }, (_, index) => (
                <CardSkeleton key={index} />
              ))}
            </>
          ) : (
            products
              .slice(0, homeProductCount)
              .map((product, index) => <ProductCard key={product.id} product={product} rank={index + 1} />)
          )}
        </div>
        {!loading && products.length === 0 && <p className="mt-6 text-slate-600">{t("products.empty")}</p>}
      </div>
    </section>
  );
}

function Benefits() {
  const { t } = useCopy("home");
  const items = [
    { id: "longevity", icon: "hourglass" },
    { id: "heart", icon: "heart" },
    { id: "metabolic", icon: "bolt" },
    { id: "brain", icon: "brain" },
    { id: "antioxidant", icon: "shield" },
    { id: "skin", icon: "sparkles" },
  ] as const;
  return (
    <section aria-labelledby="benefits-title" className="py-16">
      <div className="container-page">
        <h2 id="benefits-title" className="text-center text-3xl font-bold text-slate-900">
          {t("benefits.title")}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-slate-600">{t("benefits.subtitle")}</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map(({ id, icon }) => (
            <li key={id} className="rounded-2xl border border-slate-200 bg-white p-6" data-testid="benefit-tile">
              <span className="grid h-12 w-12 place-items-center rounded-xl bg-wine-50 text-wine-700">
                <Icon name={icon} className="h-7 w-7" />
              </span>
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{t(`benefits.${id}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(`benefits.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function LatestPosts() {
  const { t, lang } = useCopy("home");
  const common = useCopy().t;
  const api = useApi();
  const { data, isPending } = useQuery(postsQuery(api, lang));
  const posts = (data ?? []).slice(0, homePostCount);
  return (
    <section aria-labelledby="latest-posts-title" className="bg-wine-50/60 py-16">
      <div className="container-page">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="latest-posts-title" className="text-3xl font-bold text-slate-900">
              {t("posts.title")}
            </h2>
            <p className="mt-2 text-slate-600">{t("posts.subtitle")}</p>
          </div>
          <Link to={routePath("blog", lang)} className="btn-outline">
            {t("posts.viewAll")}
          </Link>
        </div>
        <div className="mt-8 grid gap-6 md:grid-cols-3" aria-busy={isPending}>
          {isPending ? (
            <>
              <LoadingStatus label={common("generic.loading")} />
              {Array.from({ length: homePostSkeletons }, (_, index) => (
                <CardSkeleton key={index} />
              ))}
            </>
          ) : (
            posts.map((post) => <PostCard key={post.id} post={post} />)
          )}
        </div>
        {!isPending && posts.length === 0 && <p className="mt-6 text-slate-600">{t("posts.empty")}</p>}
      </div>
    </section>
  );
}

function BuyingGuide() {
  const { t } = useCopy("home");
  const steps = ["transResveratrol", "dosage", "bioavailability", "testing"] as const;
  return (
    <section aria-labelledby="buying-guide-title" className="py-16">
      <div className="container-page">
        <h2 id="buying-guide-title" className="text-center text-3xl font-bold text-slate-900">
          {t("guide.title")}
        </h2>
        <p className="mt-2 text-center text-slate-600">{t("guide.subtitle")}</p>
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step} className="rounded-2xl border border-slate-200 bg-white p-6">
              <span
                aria-hidden="true"
                className="grid h-10 w-10 place-items-center rounded-full bg-wine-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(`guide.${step}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(`guide.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function HomePage() {
  const { t, lang } = useCopy("home");
  const api = useApi();
  const origin = useOrigin();
  const identity = useSiteIdentity();
  const { siteName } = identity;
  // The owner's description in the page's language, for search engines and link previews; the built-in
  // words of that language until the owner writes it, never the other language's.
  const description = identity.description || t("meta.description");
  const { data, isPending } = useQuery(productsQuery(api, lang));
  const products = data ?? [];
  const best = products.slice(0, homeProductCount);
  const top = products.find((product) => product.isTopRanked) ?? products[0];

  return (
    <InPlacement value="home">
      <PageFrame
        className=""
        head={{
          title: t("meta.title"),
          description,
          path: homePath(lang),
          alternates: { en: homePath("en"), es: homePath("es") },
          jsonLd: [
            websiteJsonLd(origin, siteName, description, lang),
            productListJsonLd(origin, best, lang, t("products.title")),
          ],
          preloadImage: preloadFor(top?.imageUrl, topProductImageSizes),
        }}
      >
        <section className="bg-gradient-to-br from-wine-50 via-white to-emerald-50">
          <div className="container-page grid items-center gap-12 py-14 lg:grid-cols-[1.2fr_1fr] lg:py-20">
            <Hero />
            <TopProductCard product={top} loading={isPending} />
          </div>
        </section>
        <TrustIndicators />
        <TopProducts products={best} loading={isPending} />
        <Benefits />
        <LatestPosts />
        <NewsletterSection />
        <BuyingGuide />
      </PageFrame>
    </InPlacement>
  );
}
