import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { productsQuery, siteSettingsQuery } from "../../api/queries.js";
import { useSiteClaims, useSiteIdentity } from "../../api/use-site-settings.js";
import { PageFrame, routeAlternates } from "../../components/layout/page-frame.js";
import { LoadingStatus, Skeleton } from "../../components/ui/skeleton.js";
import type { ContentPage, ContentPageMeta } from "../../content/content-page.js";
import { contentPageQuery } from "../../content/content-pages.js";
import { pickProducts, productRules, isProductRuleName } from "../../content/product-rules.js";
import { fillText, siteFacts } from "../../content/site-facts.js";
import { useCopy } from "../../i18n/use-lang.js";
import { formatDate } from "../../lib/product-figures.js";
import { routePath, type InfoPageKey, type Lang } from "../../routes.js";
import { absoluteUrl, type JsonLd } from "../../seo/head-data.js";
import { useOrigin } from "../../seo/page-head.js";
import { faqPageJsonLd, productListJsonLd } from "../../seo/structured-data.js";
import { ContentBlocks } from "./content-blocks.js";

/** Legal pages may name the site or its owner in their title, description and lead. */
export function fillMeta(meta: ContentPageMeta, values: Record<string, string>): ContentPageMeta {
  const fill = (text: string | undefined) => (text === undefined ? undefined : fillText(text, values));
  return {
    ...meta,
    title: fillText(meta.title, values),
    description: fillText(meta.description, values),
    heading: fill(meta.heading),
    lead: fill(meta.lead),
  };
}

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

/** The owner's legal facts from site settings; until the owner sets a date, the page's own review date applies. */
export function useLegalValues(lang: Lang, reviewedOn: string | undefined) {
  const api = useApi();
  const { t } = useCopy("content");
  const { siteName } = useSiteIdentity();
  const { data: settings } = useQuery(siteSettingsQuery(api));
  const effectiveDate = settings?.legalEffectiveDate ?? reviewedOn ?? null;
  return {
    effectiveDate,
    values: {
      ...siteFacts,
      siteName,
      legalName: settings?.legalName?.trim() || siteName,
      contactAddress: settings?.contactAddress?.trim() || t("contactFallback"),
      effectiveDate: effectiveDate ? formatDate(effectiveDate, lang) : "",
    },
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

/**
 * A content page's article: its head (eyebrow, heading, lead, date), its blocks and the educational
 * note. The site's page and the admin's preview both render it.
 */
export function ContentArticle({
  routeKey,
  meta,
  blocks,
  legal,
}: {
  routeKey: InfoPageKey;
  meta: ContentPageMeta;
  blocks: ContentPage["blocks"];
  legal: ReturnType<typeof useLegalValues>;
}) {
  const { t, lang } = useCopy("content");
  const { affiliateDisclosure } = useSiteClaims();
  const heading = meta.heading ?? meta.title;
  const faq = meta.faq ?? [];
  return (
    <article data-template={meta.template} data-page={routeKey}>
      <header className="mt-6 border-b border-slate-200 pb-8">
        {meta.eyebrow && <p className="text-sm font-semibold tracking-wide text-wine-700 uppercase">{meta.eyebrow}</p>}
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{heading}</h1>
        {meta.lead && <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-600">{meta.lead}</p>}
        <p className="mt-4 text-sm text-slate-500">
          {meta.template === "legal" ? (
            <span data-testid="effective-date">{t("effectiveDate", { date: legal.values.effectiveDate })}</span>
          ) : (
            <time dateTime={meta.updated}>{t("updated", { date: formatDate(meta.updated, lang) })}</time>
          )}
        </p>
      </header>
      {routeKey === "affiliateDisclosure" && affiliateDisclosure && (
        <p
          className="mt-8 max-w-4xl rounded-xl border border-wine-200 bg-wine-50 p-4 font-medium text-wine-950"
          data-testid="affiliate-disclosure"
        >
          {affiliateDisclosure}
        </p>
      )}
      <div className="mt-8 max-w-4xl">
        <ContentBlocks blocks={blocks} faq={faq} values={legal.values} />
      </div>
      {meta.template !== "legal" && (
        <p
          className="mt-12 max-w-4xl rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
          role="note"
        >
          {t("educational")}{" "}
          <a href="#medical-disclaimer-title" className="font-medium underline">
            {t("disclaimerLink")}
          </a>
        </p>
      )}
    </article>
  );
}
