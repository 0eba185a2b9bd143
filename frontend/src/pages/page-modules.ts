import { pageRegistry, type PageMatch } from "../routes.js";
import { lazyPage, type LazyPage } from "./lazy-page.js";

/**
 * Every public page's component, each in its own chunk: a visitor downloads the page they open and
 * nothing of the others. The sources are the modules' paths as Vite's manifest names them.
 */
export const pages = {
  home: lazyPage("src/pages/home/home-page.tsx", () => import("./home/home-page.js").then((m) => m.HomePage)),
  article: lazyPage("src/pages/blog/article-page.tsx", () =>
    import("./blog/article-page.js").then((m) => m.ArticlePage),
  ),
  productReview: lazyPage("src/pages/review/review-page.tsx", () =>
    import("./review/review-page.js").then((m) => m.ReviewPage),
  ),
  productById: lazyPage("src/pages/review/product-redirect-page.tsx", () =>
    import("./review/product-redirect-page.js").then((m) => m.ProductRedirectPage),
  ),
  content: lazyPage("src/pages/content/content-route-page.tsx", () =>
    import("./content/content-route-page.js").then((m) => m.ContentRoutePage),
  ),
  comparison: lazyPage("src/pages/comparison/comparison-page.tsx", () =>
    import("./comparison/comparison-page.js").then((m) => m.ComparisonPage),
  ),
  blogList: lazyPage("src/pages/blog/blog-list-page.tsx", () =>
    import("./blog/blog-list-page.js").then((m) => m.BlogListPage),
  ),
  faq: lazyPage("src/pages/faq/faq-page.tsx", () => import("./faq/faq-page.js").then((m) => m.FaqPage)),
  preview: lazyPage("src/pages/preview/preview-page.tsx", () =>
    import("./preview/preview-page.js").then((m) => m.PreviewPage),
  ),
  reviewIndex: lazyPage("src/pages/review/review-index-page.tsx", () =>
    import("./review/review-index-page.js").then((m) => m.ReviewIndexPage),
  ),
};

/**
 * The admin, in a chunk of its own that public pages never download. The browser renders it, and the
 * server too when it knows nobody is signed in (its sign-in form; see AdminShell); on /admin it loads
 * beside the entry, before hydration, so the dashboard's requests leave as soon as the page has hydrated.
 */
export const adminApp = lazyPage("src/admin/admin-app.tsx", () =>
  import("../admin/admin-app.js").then((m) => m.default),
);

/** What the server and the first load need of a page: where its chunk is and how to load it. */
export type PageChunk = Pick<LazyPage<never>, "source" | "preload">;

/**
 * The chunk a path's page is in, which the server loads before it renders and the browser before it
 * hydrates: the page's, or the admin's on /admin; undefined for the page in the main chunk (not found).
 */
export function firstChunkFor(match: PageMatch): PageChunk | undefined {
  switch (match.page) {
    case "home":
    case "article":
    case "productReview":
    case "productById":
    case "preview":
      return pages[match.page];
    case "route":
      return pages[pageRegistry[match.key].kind];
    case "admin":
      return adminApp;
    case "notFound":
      return undefined;
  }
}
