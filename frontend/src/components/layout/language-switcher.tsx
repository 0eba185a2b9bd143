import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router-dom";
import { useApi } from "../../api/api-context.js";
import { postBySlugQuery } from "../../api/queries.js";
import { useCopy, usePageMatch } from "../../i18n/use-lang.js";
import { languages, routePath, translatedPath, type Lang } from "../../routes.js";
import { Flag } from "../ui/icons.js";
import { articleAlternates } from "../../pages/blog/article-alternates.js";
import { saveLanguageChoice } from "../../i18n/language-choice.js";

/** Keeps the visitor on the same page (and the same comparison filters) in the other language. */
/** `compact` shows EN/ES next to the flags, the languages' names for screen readers. */
export function LanguageSwitcher({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  const { t, lang } = useCopy();
  const api = useApi();
  const match = usePageMatch();
  const { search } = useLocation();
  const articleSlug = match.page === "article" ? match.slug : "";
  const { data: post } = useQuery({ ...postBySlugQuery(api, articleSlug), enabled: articleSlug !== "" });

  function hrefFor(target: Lang): string {
    const path =
      match.page === "article" && post
        ? (articleAlternates(post)[target] ?? routePath("blog", target))
        : translatedPath(match, target);
    const keepsQuery = match.page === "route" && match.key === "comparison" && path === routePath("comparison", target);
    return keepsQuery ? `${path}${search}` : path;
  }

  return (
    <div className={`flex items-center gap-1 ${className}`} role="group" aria-label={t("language.label")}>
      {languages.map((target) => (
        <Link
          key={target}
          to={hrefFor(target)}
          hrefLang={target}
          lang={target}
          aria-current={target === lang ? "true" : undefined}
          onClick={() => saveLanguageChoice(target)}
          className={`flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap ${
            target === lang ? "bg-wine-100 text-wine-900" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          }`}
        >
          <Flag lang={target} />
          {compact ? (
            <>
              <span aria-hidden="true">{target.toUpperCase()}</span>
              <span className="sr-only">{t(`language.${target}`)}</span>
            </>
          ) : (
            t(`language.${target}`)
          )}
        </Link>
      ))}
    </div>
  );
}
