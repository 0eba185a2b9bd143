import { Link } from "react-router-dom";
import { NotFoundCard } from "../components/layout/not-found-card.js";
import { useCopy } from "../i18n/use-lang.js";
import { homePath, routePath } from "../routes.js";

export function NotFoundPage({ path }: { path: string }) {
  const { t, lang } = useCopy();
  return (
    <NotFoundCard
      title={t("notFound.title")}
      text={t("notFound.text")}
      description={t("notFound.metaDescription")}
      path={path}
      icon="search"
      testId="not-found"
    >
      <Link to={homePath(lang)} className="btn-primary">
        {t("notFound.home")}
      </Link>
      <Link to={routePath("comparison", lang)} className="btn-outline">
        {t("notFound.comparison")}
      </Link>
    </NotFoundCard>
  );
}
