import { Link } from "react-router-dom";
import { Icon } from "../components/ui/icons.js";
import { useCopy } from "../i18n/use-lang.js";
import { homePath, routePath } from "../routes.js";
import { PageHead } from "../seo/page-head.js";

export function NotFoundPage({ path }: { path: string }) {
  const { t, lang } = useCopy();
  return (
    <div className="container-page grid min-h-[50vh] place-items-center py-16">
      <PageHead
        head={{
          lang,
          title: t("notFound.title"),
          description: t("notFound.metaDescription"),
          path,
          alternates: {},
          noindex: true,
        }}
      />
      <div
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
        data-testid="not-found"
      >
        <span className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-wine-50 text-wine-700">
          <Icon name="search" className="h-8 w-8" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t("notFound.title")}</h1>
        <p className="mt-3 text-slate-600">{t("notFound.text")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={homePath(lang)} className="btn-primary">
            {t("notFound.home")}
          </Link>
          <Link to={routePath("comparison", lang)} className="btn-outline">
            {t("notFound.comparison")}
          </Link>
        </div>
      </div>
    </div>
  );
}
