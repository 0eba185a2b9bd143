import { createApiClient, type ApiClient } from "@rsv/api/client";
import {
  CACHE_GENERATION_HEADER,
  clientAddress,
  conditionalGet,
  createHttpMetrics,
  GatewayGenerations,
  logStrayErrors,
  onBehalfOfVisitor,
  probes,
  requestContext,
  type Logger,
} from "@rsv/kit/runtime";
import { visitorCountry } from "@rsv/api/offer-rules";
import Koa, { type Context } from "koa";
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { RenderRequest, RenderResult } from "../entry-server.js";
import { knownSignedOut } from "../api/session-cookie.js";
import {
  isSendableEmail,
  newsletterFormPath,
  newsletterOutcomeParam,
} from "../components/newsletter/newsletter-state.js";
import { savedAdminLanguageFromCookie, savedLanguageFromCookie } from "../i18n/language-choice.js";
import { resources } from "../i18n/resources.js";
import { langFromPath, matchPage } from "../routes.js";
import { feedLangForPath, fetchFeed } from "./feed.js";
import { createRenderCache } from "./render-cache.js";
import { buildRobotsTxt, buildSitemap } from "./sitemap.js";

const frontendRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Built browser files; served by nginx in the topology and by the embedded server there. */
export const clientDistDir = path.join(frontendRoot, "dist/client");

export interface WebAppOptions {
  apiBaseUrl: string;
  /** Origin for canonical, hreflang and sitemap URLs, without a trailing slash. */
  publicOrigin: string;
  logger: Logger;
  /** Folder holding client/ and server/ from `npm run build -w @rsv/web`. */
  distDir?: string;
  /** How long one render answers the same address and saved language (see render-cache.ts); default 0. */
  renderCacheMs?: number;
  /** Proxies whose X-Forwarded-* headers are believed (the gateway); none in embedded mode. */
  trustedProxies: string[];
  /**
   * The services' shared secret, with which the no-JavaScript sign-up names its visitor to the
   * newsletter service; without it every such sign-up is counted on this process's own address.
   */
  internalToken?: string;
}

type Render = (request: RenderRequest) => Promise<RenderResult>;

const maxFormBytes = 4096;

function readSmallBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxFormBytes) {
        request.destroy();
        reject(new Error("form too large"));
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export type NewsletterOutcome = "subscribed" | "invalid" | "failed";

/**
 * The newsletter form's path when JavaScript is off: the same checks and call as the browser makes,
 * made for the visitor (`headers` name them), so the sign-up is counted on their budget, not this process's.
 */
async function subscribeFromForm(
  api: ApiClient,
  rawEmail: string,
  returnTo: string | null,
  headers: Record<string, string>,
): Promise<NewsletterOutcome> {
  const email = rawEmail.trim();
  if (!isSendableEmail(email)) return "invalid";
  // The page the form was on: its language for the confirmation, its path for the owner.
  const sourcePath = new URL(returnPath(returnTo, "subscribed"), internalBase).pathname;
  try {
    const { response } = await api.POST("/api/newsletter", {
      body: { email, language: langFromPath(sourcePath), sourcePath },
      headers,
    });
    if (response.ok) return "subscribed";
    return response.status === 400 ? "invalid" : "failed";
  } catch {
    return "failed";
  }
}

const internalBase = "http://internal.invalid";

/**
 * Back to the page the form was on, with the outcome for the page to show. The path is resolved
 * first and checked after (dot segments, repeated slashes and backslashes can otherwise turn
 * "/.//evil.example" into a protocol-relative "//evil.example"); anything off-site becomes "/".
 */
export function returnPath(returnTo: string | null, outcome: NewsletterOutcome): string {
  let url = new URL("/", internalBase);
  if (returnTo?.startsWith("/")) {
    try {
      const resolved = new URL(returnTo, internalBase);
      if (resolved.origin === internalBase) url = resolved;
    } catch {
      // not a path: back to the home page
    }
  }
  const target = new URL(url.pathname.replace(/^\/+/, "/"), internalBase);
  target.searchParams.set(newsletterOutcomeParam, outcome);
  return `${target.pathname}${target.search}#newsletter`;
}

/** A low-cardinality label for metrics: the kind of page, never the slug. */
function pageKind(pathname: string): string {
  if (pathname === "/sitemap.xml" || pathname === "/robots.txt" || pathname === newsletterFormPath) return pathname;
  if (feedLangForPath(pathname)) return "feed";
  const match = matchPage(pathname);
  return match.page === "route" ? match.key : match.page;
}

/** The page shown when rendering fails, in the language of the path. */
function serverErrorPage(ctx: Context): string {
  const lang = langFromPath(ctx.path);
  const { error, serverError } = resources[lang].common.generic;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${error}</title></head><body><h1>${error}</h1><p>${serverError}</p></body></html>`;
}

/**
 * A weak ETag for a rendered page. Two renders of unchanged content differ only in the times the
 * dehydrated query state records (when it was fetched and dehydrated), so those are left out: a
 * browser or the gateway revalidating the page then gets 304 until the content itself changes.
 */
export function pageEtag(html: string): string {
  // The times are in the state script at the end: the page before it is hashed as it is.
  const state = html.lastIndexOf('<script type="application/json"');
  const hash = createHash("sha1").update(state < 0 ? html : html.slice(0, state));
  // Literal-led patterns: the regular expression engine skips ahead to them instead of trying every quote.
  if (state >= 0)
    hash.update(
      html
        .slice(state)
        .replace(/dehydratedAt":\d+/g, "")
        .replace(/UpdatedAt":\d+/g, ""),
    );
  return `W/"${hash.digest("base64url")}"`;
}

/**
 * Which renders may answer a request (the render cache's key): its address, the languages its cookies
 * keep (the visitor's, which "/" redirects by, and on /admin the dashboard's, which it renders in), the
 * visitor's country (whose offers it lists) and whether it shows nobody is signed in (the admin's sign-in
 * form is rendered only then). Nothing else in the request changes a page.
 */
export function renderKey(request: {
  url: string;
  cookie?: string;
  secFetchSite?: string;
  country?: string | null;
}): string {
  const { url, cookie, secFetchSite, country } = request;
  const signedOut = knownSignedOut(cookie, secFetchSite) ? "signed-out" : "";
  const langs = `${savedLanguageFromCookie(cookie) ?? ""}/${savedAdminLanguageFromCookie(cookie) ?? ""}`;
  return `${langs} ${country ?? ""} ${signedOut} ${url}`;
}

/**
 * What a page's answer depends on besides its address: the saved languages (Cookie) and the visitor's
 * country (X-Country, which the gateway works out from the visitor's headers and also keys its
 * micro-cache on; Accept-Language only stands in where no gateway sets it).
 */
const pageVary = "Cookie, X-Country";

/** Renders every public page on the server and serves sitemap.xml, robots.txt and the RSS feeds. */
export function createWebApp(options: WebAppOptions): Koa {
  const { logger, publicOrigin: origin } = options;
  const distDir = options.distDir ?? path.join(frontendRoot, "dist");
  const api = createApiClient({ baseUrl: options.apiBaseUrl });
  let renderModule: Promise<{ render: Render }> | undefined;
  const loadRender = () => {
    renderModule ??= import(pathToFileURL(path.join(distDir, "server/entry-server.js")).href) as Promise<{
      render: Render;
    }>;
    return renderModule.then((module) => module.render);
  };

  const metrics = createHttpMetrics("web");
  const app = new Koa();
  app.proxy = true;
  logStrayErrors(app, logger);

  app.use(
    requestContext({
      logger,
      metrics,
      routeLabel: (ctx) => pageKind(ctx.path),
      onError: (ctx) => {
        ctx.status = 500;
        ctx.type = "html";
        ctx.body = serverErrorPage(ctx);
        return "internal";
      },
    }),
  );
  app.use(clientAddress(options.trustedProxies));
  app.use(probes({ metrics, logger }));
  app.use(conditionalGet());

  app.use(async (ctx, next) => {
    if (ctx.method === "POST" && ctx.path === newsletterFormPath) {
      const form = new URLSearchParams(await readSmallBody(ctx.req));
      const visitor = onBehalfOfVisitor(options.internalToken, ctx.ip);
      const outcome = await subscribeFromForm(api, form.get("email") ?? "", form.get("returnTo"), visitor);
      ctx.status = 303;
      ctx.set("Cache-Control", "no-store");
      ctx.set("Location", returnPath(form.get("returnTo"), outcome));
      return;
    }
    if (ctx.method !== "GET" && ctx.method !== "HEAD") {
      ctx.status = 405;
      ctx.set("Allow", "GET, HEAD");
      return;
    }
    await next();
  });

  // Keyed by renderKey: what a page depends on.
  const renders = createRenderCache<RenderResult>({ ttlMs: options.renderCacheMs ?? 0, maxEntries: 200 });
  // A feed is its language's; kept as long as a render, and dropped with them.
  const feeds = createRenderCache<string>({ ttlMs: options.renderCacheMs ?? 0, maxEntries: 2 });
  // A write went through the gateway since the last answer: nothing made before it is shared.
  const gateways = new GatewayGenerations();
  app.use(async (ctx, next) => {
    if (gateways.changed(ctx.get(CACHE_GENERATION_HEADER) || undefined)) {
      renders.clear();
      feeds.clear();
    }
    await next();
  });

  app.use(async (ctx, next) => {
    const feedLang = feedLangForPath(ctx.path);
    if (feedLang) {
      ctx.type = "application/rss+xml; charset=utf-8";
      // Revalidated on every read (ETag, 304) so a published or deleted article shows on the next one.
      ctx.set("Cache-Control", "no-cache");
      ctx.body = await feeds.get(feedLang, () => fetchFeed(api, feedLang, origin));
      return;
    }
    if (ctx.path === "/robots.txt") {
      ctx.type = "text/plain; charset=utf-8";
      ctx.set("Cache-Control", "public, max-age=3600");
      ctx.body = buildRobotsTxt(origin);
      return;
    }
    if (ctx.path === "/sitemap.xml") {
      ctx.type = "application/xml; charset=utf-8";
      ctx.set("Cache-Control", "public, max-age=600");
      ctx.body = await buildSitemap(api, origin);
      return;
    }
    await next();
  });

  app.use(async (ctx) => {
    const render = await loadRender();
    const cookie = ctx.get("cookie") || undefined;
    const secFetchSite = ctx.get("sec-fetch-site") || undefined;
    const country = visitorCountry(ctx.get("x-country") || undefined, ctx.get("accept-language") || undefined);
    const renderPage = () =>
      render({ url: ctx.url, apiBaseUrl: options.apiBaseUrl, cookie, secFetchSite, publicOrigin: origin, country });
    const page = matchPage(ctx.path).page;
    // A preview shows a draft as it is now, to whoever holds its link: never shared, kept or indexed.
    const preview = page === "preview";
    const result = preview
      ? await renderPage()
      : await renders.get(renderKey({ url: ctx.url, cookie, secFetchSite, country }), renderPage);
    // Cookie carries the languages (the admin's too, its own cookie). The admin's page also depends on where
    // its request began (a link from another site brings no session cookie, signed in or not): caches in
    // front keep one copy for each.
    ctx.set("Vary", page === "admin" ? `${pageVary}, Sec-Fetch-Site` : pageVary);
    if (result.redirect) {
      ctx.status = result.status >= 300 && result.status < 400 ? result.status : 302;
      ctx.set("Location", result.redirect);
      ctx.set("Cache-Control", "no-store");
      return;
    }
    ctx.status = result.status;
    ctx.type = "text/html; charset=utf-8";
    ctx.set("Cache-Control", preview ? "private, no-store" : "no-cache");
    if (preview) ctx.set("X-Robots-Tag", "noindex");
    ctx.set("ETag", pageEtag(result.html));
    ctx.body = result.html;
  });

  return app;
}
