import type { ReactNode } from "react";
import { isContentPageKey, type PageKind, type RouteKey } from "../routes.js";
import { BlogListPage, prefetch as prefetchBlogList } from "./blog/blog-list-page.js";
import { ComparisonPage, prefetch as prefetchComparison } from "./comparison/comparison-page.js";
import { prefetchContentPage } from "./content/content-page-prefetch.js";
import { ContentRoutePage } from "./content/content-route-page.js";
import { FaqPage } from "./faq/faq-page.js";
import { NotFoundPage } from "./not-found-page.js";
import type { Prefetch } from "./page-context.js";
import { ReviewIndexPage, prefetch as prefetchReviewIndex } from "./review/review-index-page.js";

interface PageKindDefinition {
  render: (key: RouteKey, pathname: string) => ReactNode;
  /** What the server loads before rendering, so the HTML is complete. */
  prefetch?: Prefetch;
}

/** How each kind of page in the registry (`pageRegistry` in routes.ts) renders and what it prefetches. */
export const pageKinds: Record<PageKind, PageKindDefinition> = {
  content: {
    render: (key, pathname) =>
      isContentPageKey(key) ? <ContentRoutePage key={key} routeKey={key} /> : <NotFoundPage path={pathname} />,
    prefetch: prefetchContentPage,
  },
  comparison: { render: () => <ComparisonPage />, prefetch: prefetchComparison },
  blogList: { render: () => <BlogListPage />, prefetch: prefetchBlogList },
  faq: { render: () => <FaqPage /> },
  reviewIndex: { render: () => <ReviewIndexPage />, prefetch: prefetchReviewIndex },
};
