import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useApi } from "../../api/api-context.js";
import { PageFrame, routeAlternates } from "../../components/layout/page-frame.js";
import { LoadingStatus, Skeleton } from "../../components/ui/skeleton.js";
import { contentPageQuery } from "../../content/content-pages.js";
import { useCopy } from "../../i18n/use-lang.js";
import { routePath } from "../../routes.js";
import { faqPageJsonLd } from "../../seo/structured-data.js";
import type { Prefetch } from "../page-context.js";
import { faqPlainEntries } from "./faq-accordion.js";
import { FaqList } from "./faq-list.js";

/** The FAQ's copy is the owner's page `faq`: its headings and `:::faq` blocks of questions. */
export const prefetch: Prefetch = async (queryClient, { api, match }) => {
  if (match.page === "route") await queryClient.fetchQuery(contentPageQuery(api, "faq", match.lang));
};

export function FaqPage() {
  const { t, lang } = useCopy("faq");
  const common = useCopy().t;
  const content = useCopy("content").t;
  const api = useApi();
  const path = routePath("faq", lang);
  const { data: page, isError } = useQuery(contentPageQuery(api, "faq", lang));

  if (!page) {
    return (
      <div className="container-page max-w-4xl space-y-4 py-10" aria-busy={!isError}>
        {isError ? (
          <p role="alert" className="text-slate-700">
            {content("loadFailed")}
          </p>
        ) : (
          <>
            <LoadingStatus label={content("loading")} />
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-64 w-full" />
          </>
        )}
      </div>
    );
  }

  const { meta, blocks } = page;
  return (
    <PageFrame
      className="container-page max-w-4xl py-10"
      head={{
        title: meta.title,
        description: meta.description,
        path,
        alternates: routeAlternates("faq"),
        jsonLd: [faqPageJsonLd(faqPlainEntries(blocks), lang)],
      }}
      trail={[{ name: common("routes.faq"), path }]}
    >
      <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900">{meta.heading ?? meta.title}</h1>
      {meta.lead && <p className="mt-3 text-lg text-slate-600">{meta.lead}</p>}
      <div className="mt-6">
        <FaqList blocks={blocks} />
      </div>
      <section aria-labelledby="support-title" className="mt-16 rounded-3xl bg-wine-50 p-8 text-center">
        <h2 id="support-title" className="text-2xl font-bold text-slate-900">
          {t("support.title")}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-slate-600">{t("support.text")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={routePath("blog", lang)} className="btn-outline">
            {t("support.research")}
          </Link>
          <Link to={routePath("comparison", lang)} className="btn-primary">
            {t("support.compare")}
          </Link>
        </div>
      </section>
      <p className="mt-8 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" role="note">
        {t("disclaimer")}
      </p>
    </PageFrame>
  );
}
