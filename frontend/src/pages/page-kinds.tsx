import type { ReactNode } from "react";
import { isContentPageKey, type PageKind, type RouteKey } from "../routes.js";
import { NotFoundPage } from "./not-found-page.js";
import { pages } from "./page-modules.js";

/** How each kind of page in the registry (`pageRegistry` in routes.ts) renders; page-prefetch.ts says what it loads. */
export const pageKinds: Record<PageKind, (key: RouteKey, pathname: string) => ReactNode> = {
  content: (key, pathname) =>
    isContentPageKey(key) ? <pages.content.Component key={key} routeKey={key} /> : <NotFoundPage path={pathname} />,
  comparison: () => <pages.comparison.Component />,
  blogList: () => <pages.blogList.Component />,
  faq: () => <pages.faq.Component />,
  reviewIndex: () => <pages.reviewIndex.Component />,
};
