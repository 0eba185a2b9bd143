import type { QueryClient } from "@tanstack/react-query";
import { queryKeys, siteSettingsQuery } from "../api/queries.js";
import { prefetch as prefetchArticle } from "./blog/article-page.js";
import { pageRegistry } from "../routes.js";
import { prefetch as prefetchHome } from "./home/home-page.js";
import type { PrefetchContext, PrefetchOutcome } from "./page-context.js";
import type { PageKind } from "../routes.js";
import { prefetch as prefetchBlogList } from "./blog/blog-list-page.js";
import { prefetch as prefetchComparison } from "./comparison/comparison-page.js";
import { prefetchContentPage } from "./content/content-page-prefetch.js";
import { prefetch as prefetchFaq } from "./faq/faq-page.js";
import type { Prefetch } from "./page-context.js";
import { prefetch as prefetchReviewIndex } from "./review/review-index-page.js";
import { prefetch as prefetchProductRedirect } from "./review/product-redirect-page.js";
import { prefetch as prefetchReview } from "./review/review-page.js";
import { prefetch as prefetchPreview } from "./preview/preview-page.js";

/** What the server loads for each kind of registry page before rendering, so the HTML is complete. */
const kindPrefetch: Record<PageKind, Prefetch | undefined> = {
  content: prefetchContentPage,
  comparison: prefetchComparison,
  blogList: prefetchBlogList,
  faq: prefetchFaq,
  reviewIndex: prefetchReviewIndex,
};

/** Loads everything the matched page renders, so the server HTML is complete; returns its status or redirect. */
export async function prefetchPage(queryClient: QueryClient, context: PrefetchContext): Promise<PrefetchOutcome> {
  const { match } = context;
  const settings = queryClient.prefetchQuery(siteSettingsQuery(context.api));
  // The admin's shell: the settings, so its title names the site as the owner set it. Without a session
  // cookie where the browser would have sent one, nobody is signed in: the page says so, and the sign-in
  // form renders here and at once, unasked.
  if (match.page === "admin") {
    if (context.signedOut) queryClient.setQueryData(queryKeys.session(), null);
    return settings.then(() => ({ status: 200 }));
  }
  const page = (() => {
    switch (match.page) {
      case "home":
        return prefetchHome(queryClient, context);
      case "article":
        return prefetchArticle(queryClient, context);
      case "productReview":
        return prefetchReview(queryClient, context);
      case "productById":
        return prefetchProductRedirect(queryClient, context);
      case "preview":
        return prefetchPreview(queryClient, context);
      case "notFound":
        return Promise.resolve({ status: 404 });
      case "route":
        return kindPrefetch[pageRegistry[match.key].kind]?.(queryClient, context) ?? Promise.resolve();
    }
  })();
  const [, outcome] = await Promise.all([settings, page]);
  return { status: 200, ...(outcome ?? {}) };
}
