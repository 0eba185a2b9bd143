import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { productsQuery } from "../../api/queries.js";
import { ProductCard } from "../../components/product/product-card.js";
import { Breadcrumbs } from "../../components/ui/breadcrumbs.js";
import { CardSkeleton } from "../../components/ui/skeleton.js";
import { useCopy } from "../../i18n/use-lang.js";
import { homePath, routePath } from "../../routes.js";
import { PageHead, useOrigin } from "../../seo/page-head.js";
import { breadcrumbList, productListJsonLd } from "../../seo/structured-data.js";
import type { Prefetch } from "../page-context.js";

export const prefetch: Prefetch = async (queryClient, { api, match }) => {
  await queryClient.prefetchQuery(productsQuery(api, match.lang));
};

/** /review without a slug: every review, in ranking order. */
export function ReviewIndexPage() {
  const { t, lang } = useCopy("review");
  const common = useCopy().t;
  const api = useApi();
  const origin = useOrigin();
  const { data, isPending } = useQuery(productsQuery(api, lang));
  const path = routePath("review", lang);
  const crumbs = [
    { name: common("routes.home"), path: homePath(lang) },
    { name: common("routes.review"), path },
  ];
  return (
    <div className="container-page py-10">
      <PageHead
        head={{
          lang,
          title: t("index.title"),
          description: t("index.metaDescription"),
          path,
          alternates: { en: routePath("review", "en"), es: routePath("review", "es") },
          jsonLd: [productListJsonLd(origin, data ?? [], lang, t("index.title")), breadcrumbList(origin, crumbs)],
        }}
      />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900">{t("index.title")}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">{t("index.intro")}</p>
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {isPending
          ? Array.from({ length: 6 }, (_, index) => <CardSkeleton key={index} />)
          : (data ?? []).map((product, index) => (
              <ProductCard key={product.id} product={product} rank={index + 1} headingLevel={2} />
            ))}
      </div>
    </div>
  );
}
