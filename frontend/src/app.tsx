import { lazy, Suspense } from "react";
import { useLocation } from "react-router-dom";
import { SiteLayout } from "./components/layout/site-layout.js";
import { usePageMatch } from "./i18n/use-lang.js";
import { pageRegistry, type PageMatch } from "./routes.js";
import { ArticlePage } from "./pages/blog/article-page.js";
import { HomePage } from "./pages/home/home-page.js";
import { NotFoundPage } from "./pages/not-found-page.js";
import { pageKinds } from "./pages/page-kinds.js";
import { ProductRedirectPage } from "./pages/review/product-redirect-page.js";
import { ReviewPage } from "./pages/review/review-page.js";

// A separate chunk: public pages never download the admin code.
const AdminApp = lazy(() => import("./admin/admin-app.js"));

function PublicPage({ match, pathname }: { match: Exclude<PageMatch, { page: "admin" }>; pathname: string }) {
  switch (match.page) {
    case "home":
      return <HomePage />;
    case "article":
      return <ArticlePage key={match.slug} slug={match.slug} />;
    case "productReview":
      return <ReviewPage key={match.slug} slug={match.slug} />;
    case "productById":
      return <ProductRedirectPage key={match.id} id={match.id} />;
    case "notFound":
      return <NotFoundPage path={pathname} />;
    case "route":
      return pageKinds[pageRegistry[match.key].kind].render(match.key, pathname);
  }
}

export function App() {
  const match = usePageMatch();
  const { pathname } = useLocation();
  if (match.page === "admin") {
    return (
      <Suspense fallback={<p className="p-8 text-center text-slate-500">Loading...</p>}>
        <AdminApp />
      </Suspense>
    );
  }
  return (
    <SiteLayout>
      <PublicPage match={match} pathname={pathname} />
    </SiteLayout>
  );
}
