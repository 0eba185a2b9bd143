import { productsQuery } from "../../api/queries.js";
import { contentPageQuery } from "../../content/content-pages.js";
import { isContentPageKey, languages, routePath, type Lang } from "../../routes.js";
import type { Prefetch } from "../page-context.js";

/** Route keys that also take their language from `?lang=` (links shared by the old site); answered with a redirect. */
const languageFromQuery = new Set(["resveratrolVsSupplements"]);

function isLang(value: string | null): value is Lang {
  return (languages as readonly string[]).includes(value ?? "");
}

export const prefetchContentPage: Prefetch = async (queryClient, { api, match, search }) => {
  if (match.page !== "route" || !isContentPageKey(match.key)) return;
  const wanted = search.get("lang");
  if (languageFromQuery.has(match.key) && isLang(wanted) && wanted !== match.lang) {
    return { status: 301, redirect: routePath(match.key, wanted) };
  }
  const page = await queryClient.fetchQuery(contentPageQuery(api, match.key, match.lang));
  if (page.blocks.some((block) => block.type === "products" || block.type === "featured")) {
    await queryClient.prefetchQuery(productsQuery(api, match.lang));
  }
};
