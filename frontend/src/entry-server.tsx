import { createApiClient } from "@rsv/api/client";
import { dehydrate, QueryClientProvider } from "@tanstack/react-query";
import { readFileSync } from "node:fs";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { StaticRouter } from "react-router-dom";
import { ApiProvider } from "./api/api-context.js";
import { VisitorProvider } from "./api/visitor-context.js";
import { createQueryClient } from "./api/query-client.js";
import { siteSettingsQuery } from "./api/queries.js";
import { knownSignedOut } from "./api/session-cookie.js";
import { adminCopy } from "./admin/admin-copy.js";
import { App } from "./app.js";
import { defaultFavicon } from "./assets/default-favicon.js";
import { AdminLangProvider, defaultAdminLang } from "./i18n/admin-language.js";
import { createI18n } from "./i18n/create-i18n.js";
import { resources } from "./i18n/resources.js";
import { savedAdminLanguageFromCookie, savedLanguageFromCookie } from "./i18n/language-choice.js";
import { firstChunkFor } from "./pages/page-modules.js";
import { prefetchPage } from "./pages/page-prefetch.js";
import { clientEntry, firstLoadSources, sentWithPage } from "./first-load.js";
import { matchPage, type Lang, type PageMatch } from "./routes.js";
import { bootstrapScriptId, type Bootstrap } from "./bootstrap.js";
import { HeadProvider } from "./seo/page-head.js";
import { headTagsHtml, serializeJsonForScript, type HeadData } from "./seo/head-data.js";

export interface RenderRequest {
  url: string;
  apiBaseUrl: string;
  cookie?: string;
  /** The request's Sec-Fetch-Site: whether the browser would have sent the session cookie (knownSignedOut). */
  secFetchSite?: string;
  /** Origin used in canonical, hreflang and Open Graph URLs, without a trailing slash. */
  publicOrigin: string;
  /** The visitor's country (visitorCountry of X-Country and Accept-Language): whose market's offers show. */
  country?: string | null;
}

export interface RenderResult {
  status: number;
  html: string;
  redirect?: string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

interface PageAssets {
  scripts: string[];
  preloads: string[];
  styles: string[];
}

let cachedManifest: Record<string, ManifestChunk> | undefined;

function manifest(): Record<string, ManifestChunk> {
  if (!cachedManifest) {
    try {
      cachedManifest = JSON.parse(
        readFileSync(new URL("../client/.vite/manifest.json", import.meta.url), "utf8"),
      ) as Record<string, ManifestChunk>;
    } catch {
      cachedManifest = {};
    }
  }
  return cachedManifest;
}

/**
 * The client entry's script plus everything the first page needs from Vite's manifest: the entry's
 * static imports, the page's own chunk, its language's copy and (for content pages) its content file,
 * each with their static imports and CSS. The browser fetches them in parallel and hydrates without
 * waiting on a second round of requests.
 */
function pageAssets(match: PageMatch): PageAssets {
  const chunks = manifest();
  const entry = chunks[clientEntry];
  if (!entry) return { scripts: [], preloads: [], styles: [] };
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (!chunk) return;
    if (key !== clientEntry) preloads.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of firstLoadSources(match)) visit(source);
  return { scripts: [`/${entry.file}`], preloads: [...preloads], styles: [...styles] };
}

/**
 * One i18n instance per language for every render: the server never switches an instance's
 * language (only the browser does, in an effect), so concurrent renders can share it.
 */
const i18nByLang = new Map<Lang, ReturnType<typeof createI18n>>();
function serverI18n(lang: Lang) {
  let instance = i18nByLang.get(lang);
  if (!instance) i18nByLang.set(lang, (instance = createI18n(lang, resources)));
  return instance;
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, "http://internal.invalid");
  const { pathname, search } = url;

  if (pathname.length > 1 && pathname.endsWith("/")) {
    return { status: 301, html: "", redirect: `${pathname.replace(/\/+$/, "") || "/"}${search}` };
  }
  // One admin for both languages (its language is chosen inside it): a Spanish address leads there.
  if (pathname === "/es/admin") return { status: 301, html: "", redirect: `/admin${search}` };
  if (pathname === "/" && savedLanguageFromCookie(request.cookie) === "es") {
    return { status: 302, html: "", redirect: `/es${search}` };
  }

  const origin = request.publicOrigin;
  const match = matchPage(pathname);
  // Plain JSON from the API: on this machine's loopback, compressing and decompressing only costs time.
  const api = createApiClient({ baseUrl: request.apiBaseUrl, headers: { "accept-encoding": "identity" } });
  const queryClient = createQueryClient();
  // Where browsers and feed readers look for an icon when a page names none (the newsletter's own
  // pages, a bookmark of a file): the site's icon, the owner's if set.
  if (pathname === "/favicon.ico") {
    const settings = await queryClient.fetchQuery(siteSettingsQuery(api)).catch(() => undefined);
    return { status: 302, html: "", redirect: settings?.faviconUrl || defaultFavicon };
  }
  const i18n = serverI18n(match.lang);
  // The admin's language is the owner's, kept in a cookie of its own (its path /admin): its page, title and
  // sign-in form are in it. Every cache in front keys on it (Vary: Cookie; the render cache, app.ts).
  const adminLang = match.page === "admin" ? savedAdminLanguageFromCookie(request.cookie) : null;
  const pageLang = match.page === "admin" ? (adminLang ?? defaultAdminLang) : match.lang;

  const [outcome] = await Promise.all([
    prefetchPage(queryClient, {
      api,
      match,
      search: url.searchParams,
      country: request.country ?? null,
      signedOut: knownSignedOut(request.cookie, request.secFetchSite),
    }),
    // The chunk the browser loads before hydrating: the page's, or the admin's (its sign-in form renders here).
    firstChunkFor(match)?.preload(),
  ]);
  if (outcome.redirect)
    return {
      status: outcome.status && outcome.status >= 300 ? outcome.status : 302,
      html: "",
      redirect: outcome.redirect,
    };

  const country = request.country ?? null;
  const captured: { head?: HeadData } = {};
  const appHtml = renderToString(
    <ApiProvider client={api}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <StaticRouter location={`${pathname}${search}`}>
            <HeadCollector origin={origin} onHead={(data) => (captured.head = data)}>
              <VisitorProvider country={country}>
                <AdminLangProvider lang={adminLang}>
                  <App />
                </AdminLangProvider>
              </VisitorProvider>
            </HeadCollector>
          </StaticRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </ApiProvider>,
  );

  const settings = queryClient.getQueryData(siteSettingsQuery(api).queryKey);
  const siteName = settings?.siteName?.trim() || serverI18n(pageLang).t("siteNameDefault");
  // The admin has no head of its own: its title is the one the browser gives its tab.
  const pageHead: HeadData = captured.head ?? {
    lang: pageLang,
    title: adminCopy[pageLang].dashboard.title,
    description: "",
    path: pathname,
    alternates: {},
    noindex: true,
  };
  const headHtml = headTagsHtml(pageHead, {
    origin,
    siteName,
    faviconUrl: settings?.faviconUrl || defaultFavicon,
    // The admin has no head of its own and links no feed.
    feedTitle: captured.head ? i18n.t("feed.title", { siteName }) : undefined,
  });

  const bootstrap: Bootstrap = {
    origin,
    country,
    adminLang,
    state: dehydrate(queryClient, { shouldDehydrateQuery: sentWithPage }),
  };
  const assets = pageAssets(match);
  // Without scripts, the FAQ's closed answers show. Tailwind hides [hidden] with !important inside a
  // cascade layer, which an unlayered !important loses to: a layer declared before Tailwind's wins.
  const html = `<!doctype html>
<html lang="${pageLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#59233b">
${headHtml}
<noscript><style>@layer noscript{.faq-answer[hidden]{display:block!important}@media (width<80rem){#menu-button{display:none!important}#menu-link{display:block!important}#mobile-menu:target{display:block!important}}}</style></noscript>
${assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`).join("\n")}
${assets.preloads.map((href) => `<link rel="modulepreload" href="${href}">`).join("\n")}
</head>
<body>
<div id="root">${appHtml}</div>
<script type="application/json" id="${bootstrapScriptId}">${serializeJsonForScript(bootstrap)}</script>
${assets.scripts.map((src) => `<script type="module" src="${src}"></script>`).join("\n")}
</body>
</html>`;

  return { status: outcome.status ?? 200, html };
}

function HeadCollector({
  origin,
  onHead,
  children,
}: {
  origin: string;
  onHead: (head: HeadData) => void;
  children: ReactNode;
}) {
  return <HeadProvider value={{ origin, collect: onHead }}>{children}</HeadProvider>;
}
