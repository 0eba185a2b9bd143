import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import type { i18n } from "i18next";
import { useApi } from "../api/api-context.js";
import { addCopy } from "../i18n/load-copy.js";
import { postBySlugQuery } from "../api/queries.js";
import { usePageMatch } from "../i18n/use-lang.js";
import { articleAlternates } from "../pages/blog/article-alternates.js";
import { routePath, translatedPath } from "../routes.js";
import { useLanguageOfferStore } from "../stores/language-offer.store.js";

/** The bar's Spanish copy, fetched only for a visitor who is offered it (most never are). */
function useSpanishOfferCopy(wanted: boolean, instance: i18n): boolean {
  const [ready, setReady] = useState(() => instance.hasResourceBundle("es", "overlays"));
  useEffect(() => {
    if (!wanted || ready) return;
    let current = true;
    import("../i18n/locales/es/overlays.json")
      .then((copy) => {
        addCopy(instance, { es: { overlays: copy.default } });
        if (current) setReady(true);
      })
      .catch((error: unknown) => console.error("language offer copy failed to load", error));
    return () => {
      current = false;
    };
  }, [wanted, ready, instance]);
  return ready;
}

/**
 * Offers the Spanish page to a Spanish-preferring browser on an English page, in Spanish. The path
 * alone decides a page's language, so nobody is redirected: crawlers and shared links stay stable.
 */
export function LanguageOfferBar() {
  const match = usePageMatch();
  const { search } = useLocation();
  const api = useApi();
  const { offered, evaluate, choose } = useLanguageOfferStore();
  const { t, i18n } = useTranslation("overlays", { lng: "es" });
  const copyReady = useSpanishOfferCopy(offered === "es", i18n);
  const articleSlug = match.page === "article" && offered ? match.slug : "";
  const { data: post } = useQuery({ ...postBySlugQuery(api, articleSlug), enabled: articleSlug !== "" });

  useEffect(() => {
    evaluate(match.lang, navigator.languages?.length ? navigator.languages : [navigator.language]);
  }, [match.lang, evaluate]);

  if (offered !== "es" || !copyReady) return null;
  const path =
    match.page === "article" && post
      ? (articleAlternates(post).es ?? routePath("blog", "es"))
      : translatedPath(match, "es");
  const href = match.page === "route" && match.key === "comparison" ? `${path}${search}` : path;

  return (
    <aside
      lang="es"
      aria-label={t("languageOffer.label")}
      data-testid="language-offer"
      className="border-b border-wine-200 bg-wine-50 text-sm text-wine-900"
    >
      <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-2 py-2">
        <p className="w-full sm:w-auto sm:flex-1">{t("languageOffer.text")}</p>
        <Link to={href} hrefLang="es" onClick={() => choose("es")} className="font-semibold underline">
          {t("languageOffer.action")}
        </Link>
        <button
          type="button"
          onClick={() => choose("en")}
          className="rounded px-2 py-1 text-wine-800 hover:bg-wine-100"
        >
          {t("languageOffer.dismiss")}
        </button>
      </div>
    </aside>
  );
}
