import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { productsQuery } from "../../api/queries.js";
import { useSiteIdentity } from "../../api/use-site-settings.js";
import { PageFrame, routeAlternates } from "../../components/layout/page-frame.js";
import { LoadingStatus, Skeleton } from "../../components/ui/skeleton.js";
import type { ContentPageMeta } from "../../content/content-page.js";
import { contentPageQuery } from "../../content/content-pages.js";
import { pickProducts, productRules, isProductRuleName } from "../../content/product-rules.js";
import { useCopy } from "../../i18n/use-lang.js";
import { routePath, type InfoPageKey, type Lang } from "../../routes.js";
import { absoluteUrl, type JsonLd } from "../../seo/head-data.js";
import { useOrigin } from "../../seo/page-head.js";
import { faqPageJsonLd, productListJsonLd } from "../../seo/structured-data.js";
import { ContentArticle, fillMeta, useLegalValues } from "./content-article.js";

function pageJsonLd(
  meta: ContentPageMeta,
  context: { origin: string; path: string; lang: Lang; siteName: string; logo: string; effectiveDate: string | null },
): JsonLd {
  const url = absoluteUrl(context.origin, context.path);
  const logo = absoluteUrl(context.origin, context.logo);
  const publisher = {
    "@type": "Organization",
    name: context.siteName,
    url: absoluteUrl(context.origin, "/"),
    logo: { "@type": "ImageObject", url: logo },
  };
  if (meta.template === "guide") {
    return {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: meta.heading ?? meta.title,
      description: meta.description,
      image: [logo],
      inLanguage: context.lang,
      datePublished: meta.updated,
      dateModified: meta.updated,
      keywords: meta.keywords?.join(", "),
      mainEntityOfPage: url,
      author: publisher,
      publisher,
      about: { "@type": "Thing", name: "Resveratrol" },
    };
  }
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name: meta.heading ?? meta.title,
    description: meta.description,
    inLanguage: context.lang,
    url,
    dateModified: meta.template === "legal" ? (context.effectiveDate ?? meta.updated) : meta.updated,
    isPartOf: { "@type": "WebSite", name: context.siteName, url: absoluteUrl(context.origin, "/") },
    publisher,
  };
}

/** A guide, landing or legal page: its copy comes from the content file for this route key and language. */
export function ContentRoutePage({ routeKey }: { routeKey: InfoPageKey }) {
  const { t, lang } = useCopy("content");
  const api = useApi();
  const origin = useOrigin();
  const { siteName, logoUrl, faviconUrl } = useSiteIdentity();
  const { data: page, isError } = useQuery(contentPageQuery(api, routeKey, lang));
  const showsProducts = page?.blocks.some((block) => block.type === "products" || block.type === "featured") ?? false;
  const { data: products } = useQuery({ ...productsQuery(api, lang), enabled: showsProducts });
  const legal = useLegalValues(lang, page?.meta.updated);

  if (!page) {
    return (
      <div className="container-page max-w-4xl space-y-4 py-10" aria-busy={!isError}>
        {isError ? (
          <p role="alert" className="text-slate-700">
            {t("loadFailed")}
          </p>
        ) : (
          <>
            <LoadingStatus label={t("loading")} />
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-64 w-full" />
          </>
        )}
      </div>
    );
  }

  const meta = fillMeta(page.meta, legal.values);
  const path = routePath(routeKey, lang);
  const heading = meta.heading ?? meta.title;
  const faq = meta.faq ?? [];
  const jsonLd: JsonLd[] = [
    pageJsonLd(meta, { origin, path, lang, siteName, logo: logoUrl ?? faviconUrl, effectiveDate: legal.effectiveDate }),
  ];
  if (faq.length) jsonLd.push(faqPageJsonLd(faq, lang));
  const listed = page.blocks.flatMap((block) =>
    block.type === "products" && isProductRuleName(block.rule) && products
      ? pickProducts(products, productRules[block.rule])
      : [],
  );
  if (listed.length) jsonLd.push(productListJsonLd(origin, listed, lang, heading));

  return (
    <PageFrame
      className="container-page max-w-5xl py-10"
      head={{
        title: meta.title,
        description: meta.description,
        keywords: meta.keywords,
        path,
        alternates: routeAlternates(routeKey),
        ogType: meta.template === "guide" ? "article" : "website",
        jsonLd,
      }}
      trail={[{ name: heading, path }]}
    >
      <ContentArticle routeKey={routeKey} meta={meta} blocks={page.blocks} legal={legal} />
    </PageFrame>
  );
}
