import { Link } from "react-router-dom";
import { useCopy } from "../../i18n/use-lang.js";
import type { Crumb } from "../../seo/structured-data.js";

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useCopy();
  return (
    <nav aria-label={t("breadcrumb.label")} className="text-sm text-slate-500">
      {/* Inline, so a long last crumb wraps within its words and its "/" never starts a line alone. */}
      <ol className="leading-6">
        {crumbs.map((crumb, index) => (
          <li key={crumb.path} className="inline">
            {index > 0 && (
              <span aria-hidden="true" className="mx-1">
                /
              </span>
            )}
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
