import { useQueryClient } from "@tanstack/react-query";
import { Fragment, Suspense } from "react";
import { useLocation } from "react-router-dom";
import { queryKeys } from "./api/queries.js";
import { SiteLayout } from "./components/layout/site-layout.js";
import { useRenderedAdminLang } from "./i18n/admin-language.js";
import { usePageCopy } from "./i18n/load-copy.js";
import { usePageMatch } from "./i18n/use-lang.js";
import { useInBrowser } from "./lib/in-browser.js";
import { languages, pageRegistry, type Lang, type PageMatch } from "./routes.js";
import { NotFoundPage } from "./pages/not-found-page.js";
import { pageKinds } from "./pages/page-kinds.js";
import { adminApp, pages } from "./pages/page-modules.js";
import { PageLoading } from "./pages/page-loading.js";

/** The admin's shell before its copy is at hand (it lives in the admin's chunk). */
const shellCopy: Record<Lang, { loading: string; needsJavaScript: string }> = {
  en: {
    loading: "Loading...",
    needsJavaScript: "The admin area needs JavaScript: turn it on for this site to sign in.",
  },
  es: {
    loading: "Cargando...",
    needsJavaScript: "El área de administración necesita JavaScript: actívalo para este sitio e inicia sesión.",
  },
};

/**
 * What the admin shows depends on the session, which only the server can answer. A page rendered for a
 * request without the session cookie came with that answer (nobody is signed in): the server and the
 * hydrating browser both render the admin, its sign-in form. Otherwise they both render the same
 * "Loading..." line (and, for a browser without scripts, why nothing more comes), then the browser
 * renders the admin, which asks. Either way the admin's chunk is loaded before rendering (a lazy chunk
 * suspending during hydration would make React give up on the server's HTML, its error #419).
 */
function AdminShell() {
  const inBrowser = useInBrowser();
  const signedOut = useQueryClient().getQueryData(queryKeys.session()) === null;
  // In the language the owner chose (its cookie came with the request), else in both.
  const chosen = useRenderedAdminLang();
  const shown = chosen ? [chosen] : languages;
  const loading = (
    <div className="p-8 text-center text-slate-500">
      <p>
        {shown.map((lang, index) => (
          <Fragment key={lang}>
            {index > 0 && " · "}
            <span lang={lang}>{shellCopy[lang].loading}</span>
          </Fragment>
        ))}
      </p>
      <noscript>
        <p className="mx-auto mt-2 max-w-md text-slate-700">
          {shown.map((lang, index) => (
            <Fragment key={lang}>
              {index > 0 && " "}
              <span lang={lang}>{shellCopy[lang].needsJavaScript}</span>
            </Fragment>
          ))}
        </p>
      </noscript>
    </div>
  );
  if (!inBrowser && !signedOut) return loading;
  return (
    <Suspense fallback={loading}>
      <adminApp.Component />
    </Suspense>
  );
}

function PublicPage({ match, pathname }: { match: Exclude<PageMatch, { page: "admin" }>; pathname: string }) {
  switch (match.page) {
    case "home":
      return <pages.home.Component />;
    case "article":
      return <pages.article.Component key={match.slug} slug={match.slug} />;
    case "productReview":
      return <pages.productReview.Component key={match.slug} slug={match.slug} />;
    case "productById":
      return <pages.productById.Component key={match.id} id={match.id} />;
    case "preview":
      return <pages.preview.Component key={match.token} entity={match.entity} token={match.token} />;
    case "notFound":
      return <NotFoundPage path={pathname} />;
    case "route":
      return pageKinds[pageRegistry[match.key].kind](match.key, pathname);
  }
}

/** The public pages in the path's language, once that language's copy is loaded. */
function PublicSite({ match, pathname }: { match: Exclude<PageMatch, { page: "admin" }>; pathname: string }) {
  usePageCopy(match.lang);
  return (
    <SiteLayout>
      {/* The first page's chunk is loaded before hydration; later pages suspend here while theirs loads. */}
      <Suspense fallback={<PageLoading />}>
        <PublicPage match={match} pathname={pathname} />
      </Suspense>
    </SiteLayout>
  );
}

export function App() {
  const match = usePageMatch();
  const { pathname } = useLocation();
  if (match.page === "admin") return <AdminShell />;
  return (
    <Suspense fallback={null}>
      <PublicSite match={match} pathname={pathname} />
    </Suspense>
  );
}
