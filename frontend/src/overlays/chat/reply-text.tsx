import type { ChatArticle, ChatProduct } from "@rsv/api/client";
import { Fragment, useContext, useEffect, useReducer } from "react";
import { getI18n, I18nContext } from "react-i18next";
import { Link } from "react-router-dom";
import { loadPageCopy } from "../../i18n/load-copy.js";
import { languages, matchPage, type Lang, type PageMatch, type RouteKey } from "../../routes.js";

// A site path standing alone in the text: "/review/slug", "/es/investigacion/slug", "/david-sinclair-protocol".
const sitePath = /(^|[\s(])(\/[a-z0-9][a-z0-9\-/]*[a-z0-9])(?=$|[\s).,;:!?])/gi;

/** A link reads as `name`: the page it leads to, or its path when nothing better is known. */
export type ReplyPart = { text: string } | { path: string; name: string };

/** What names the pages a reply links to: the reply's own products and articles, and the site's page names. */
export interface LinkNames {
  products?: readonly ChatProduct[];
  articles?: readonly ChatArticle[];
  /** A page's name as the navigation gives it, in a language; undefined when that language's copy is not at hand. */
  page?: (key: RouteKey | "home", lang: Lang) => string | undefined;
}

function nameOf(path: string, match: PageMatch, names: LinkNames): string | undefined {
  switch (match.page) {
    case "article":
      return names.articles?.find((article) => article.link === path)?.title;
    case "productReview":
      return names.products?.find((product) => product.slug === match.slug)?.name;
    case "route":
      return names.page?.(match.key, match.lang);
    case "home":
      return names.page?.("home", match.lang);
    default:
      return undefined;
  }
}

/** Splits a reply into text and named links to pages of this site; anything else stays plain text. */
export function replyParts(text: string, names: LinkNames = {}): ReplyPart[] {
  const parts: ReplyPart[] = [];
  let last = 0;
  for (const match of text.matchAll(sitePath)) {
    const path = match[2]!;
    const page = matchPage(path);
    if (page.page === "notFound") continue;
    const start = match.index + match[1]!.length;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ path, name: nameOf(path, page, names) ?? path });
    last = start + path.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * The assistant's plain-text reply with its site paths as links named after their pages (the reply's
 * products and articles, the navigation's page names); React escapes the rest, so no HTML gets in.
 */
export function ReplyText({
  text,
  products,
  articles,
  onNavigate,
}: {
  text: string;
  products?: readonly ChatProduct[];
  articles?: readonly ChatArticle[];
  onNavigate?: () => void;
}) {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const [, copyLoaded] = useReducer((count: number) => count + 1, 0);
  const unloaded = new Set<Lang>();
  const page = (key: RouteKey | "home", lang: Lang) => {
    if (i18n.hasResourceBundle(lang, "common")) return i18n.getFixedT(lang, "common")(`routes.${key}`);
    unloaded.add(lang);
    return undefined;
  };
  const parts = replyParts(text, { products, articles, page });
  // The browser may hold its page's language only: a reply in the other loads that copy, naming its links once in.
  const missing = languages.find((lang) => unloaded.has(lang));
  useEffect(() => {
    // A copy that fails to load leaves those links reading as their paths.
    if (missing) void loadPageCopy(i18n, missing).then(copyLoaded, () => {});
  }, [i18n, missing]);
  return (
    <>
      {parts.map((part, index) =>
        "path" in part ? (
          <Link key={index} to={part.path} onClick={onNavigate} className="font-medium text-wine-800 underline">
            {part.name}
          </Link>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
