import { Link, useLocation } from "react-router-dom";
import { NotFoundCard } from "../../components/layout/not-found-card.js";
import { useCopy } from "../../i18n/use-lang.js";
import { homePath, routePath } from "../../routes.js";

export function ProductNotFound() {
  const { t, lang } = useCopy("review");
  const { pathname } = useLocation();
  return (
    <NotFoundCard
      title={t("notFound.title")}
      text={t("notFound.text")}
      path={pathname}
      icon="package"
      testId="product-not-found"
    >
      <Link to={routePath("comparison", lang)} className="btn-primary">
        {t("notFound.comparison")}
      </Link>
      <Link to={homePath(lang)} className="btn-outline">
        {t("notFound.home")}
      </Link>
    </NotFoundCard>
  );
}
