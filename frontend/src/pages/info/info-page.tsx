import { Link } from "react-router-dom";
import { Breadcrumbs } from "../../components/ui/breadcrumbs.js";
import { useCopy } from "../../i18n/use-lang.js";
import { homePath, routePath, type InfoPageKey } from "../../routes.js";
import { PageHead, useOrigin } from "../../seo/page-head.js";
import { breadcrumbList } from "../../seo/structured-data.js";

/** Guide, landing and legal pages: a heading and an introduction until their full content lands. */
export function InfoPage({ routeKey }: { routeKey: InfoPageKey }) {
  const { t, lang } = useCopy("pages");
  const common = useCopy().t;
  const origin = useOrigin();
  const path = routePath(routeKey, lang);
  const crumbs = [
    { name: common("routes.home"), path: homePath(lang) },
    { name: t(`${routeKey}.title`), path },
  ];
  return (
    <article className="container-page max-w-3xl py-12">
      <PageHead
        head={{
          lang,
          title: t(`${routeKey}.title`),
          description: t(`${routeKey}.intro`),
          path,
          alternates: { en: routePath(routeKey, "en"), es: routePath(routeKey, "es") },
          ogType: "article",
          jsonLd: [breadcrumbList(origin, crumbs)],
        }}
      />
      <Breadcrumbs crumbs={crumbs} />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900">{t(`${routeKey}.title`)}</h1>
      <p className="mt-5 text-lg leading-relaxed text-slate-700">{t(`${routeKey}.intro`)}</p>
      <div className="mt-10 rounded-2xl bg-wine-50 p-6">
        <p className="text-slate-700">{t("moreSoon")}</p>
        <Link to={routePath("comparison", lang)} className="btn-primary mt-4">
          {t("compareCta")}
        </Link>
      </div>
    </article>
  );
}
