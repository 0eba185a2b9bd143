import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { siteSettingsQuery } from "../../api/queries.js";
import { useSiteClaims, useSiteIdentity } from "../../api/use-site-settings.js";
import type { ContentPage, ContentPageMeta } from "../../content/content-page.js";
import { fillText, siteFacts } from "../../content/site-facts.js";
import { useCopy } from "../../i18n/use-lang.js";
import { formatDate } from "../../lib/product-figures.js";
import type { InfoPageKey, Lang } from "../../routes.js";
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
