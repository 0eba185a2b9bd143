import type { ReactNode } from "react";
import { useCopy } from "../../i18n/use-lang.js";
import { homePath, languages, routePath, type Lang, type RouteKey } from "../../routes.js";
import type { HeadData } from "../../seo/head-data.js";
import { PageHead, useOrigin } from "../../seo/page-head.js";
import { breadcrumbList, type Crumb } from "../../seo/structured-data.js";
import { Breadcrumbs } from "../ui/breadcrumbs.js";

/** The page's path in every language, for a page that has a route key. */
export function routeAlternates(key: RouteKey): Record<Lang, string> {
  return Object.fromEntries(languages.map((lang) => [lang, routePath(key, lang)])) as Record<Lang, string>;
}

/**
 * What every public page shares: the head (title, description, canonical, language alternates,
 * JSON-LD) and the breadcrumb trail, which also becomes a BreadcrumbList. `trail` is the path after
 * Home; a page without one (the home page) shows no breadcrumbs.
 */
export function PageFrame({
  head,
  trail,
  className = "container-page py-10",
  as: Element = "div",
  children,
}: {
  head: Omit<HeadData, "lang">;
  trail?: Crumb[];
  className?: string;
  as?: "div" | "article";
  children: ReactNode;
}) {
  const { t, lang } = useCopy();
  const origin = useOrigin();
  const crumbs = trail ? [{ name: t("routes.home"), path: homePath(lang) }, ...trail] : undefined;
  const jsonLd = [...(head.jsonLd ?? []), ...(crumbs ? [breadcrumbList(origin, crumbs)] : [])];
  return (
    <Element className={className}>
      <PageHead head={{ ...head, lang, jsonLd }} />
      {crumbs && <Breadcrumbs crumbs={crumbs} />}
      {children}
    </Element>
  );
}
