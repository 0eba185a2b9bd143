import { Link, useLocation } from "react-router-dom";
import { Icon } from "../../components/ui/icons.js";
import { useCopy } from "../../i18n/use-lang.js";
import { homePath } from "../../routes.js";
import { PageHead } from "../../seo/page-head.js";

export function ProductNotFound() {
  const { t, lang } = useCopy("review");
  const { pathname } = useLocation();
  return (
    <div className="container-page grid min-h-[50vh] place-items-center py-16" data-testid="product-not-found">
      <PageHead
        head={{
          lang,
          title: t("notFound.title"),
          description: t("notFound.text"),
          path: pathname,
          alternates: {},
          noindex: true,
        }}
      />
      <div className="max-w-md text-center">
        <span className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-wine-50 text-wine-700">
          <Icon name="package" className="h-8 w-8" />
        </span>
        <h1 className="mt-4 text-3xl font-bold text-slate-900">{t("notFound.title")}</h1>
        <p className="mt-3 text-slate-600">{t("notFound.text")}</p>
        <Link to={homePath(lang)} className="btn-primary mt-6">
          {t("notFound.home")}
        </Link>
      </div>
    </div>
  );
}
