import { Link } from "react-router-dom";
import { useCopy } from "../../i18n/use-lang.js";
import type { Crumb } from "../../seo/structured-data.js";

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useCopy();
  return (
    <nav aria-label={t("breadcrumb.label")} className="text-sm text-slate-500">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => (
          <li key={crumb.path} className="flex items-center gap-1">
            {index > 0 && <span aria-hidden="true">/</span>}
            {index === crumbs.length - 1 ? (
              <span aria-current="page" className="text-slate-700">
                {crumb.name}
              </span>
            ) : (
              // At least 24 pixels high: a finger's target on a phone (WCAG 2.5.8), not a line of small text.
              <Link to={crumb.path} className="inline-flex min-h-6 items-center hover:text-wine-700 hover:underline">
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
