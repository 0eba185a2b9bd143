// @vitest-environment jsdom
import { createApiClient } from "@rsv/api/client";
import { HydrationBoundary, QueryClientProvider, type DehydratedState } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "../api/queries.js";
import { bootstrapScriptId, type Bootstrap } from "../bootstrap.js";
import { render } from "../entry-server.js";
import type { Lang } from "../routes.js";
import { adminCopy } from "./admin-copy.js";
import { TIME_ZONE_STORAGE_KEY } from "./api/analytics.js";

/**
 * /admin as the web process renders it and a browser then hydrates it (entry-client.tsx's tree, its
 * modules loaded afresh after the browser's storage is set, as a page load does), with the API answered
 * here: who is signed in is the server's to say, by its render or its answer.
 */
const origin = "http://site.test";
let asked: string[] = [];

async function answer(input: RequestInfo | URL): Promise<Response> {
  const { pathname } = new URL(input instanceof Request ? input.url : String(input));
  asked.push(pathname);
  if (pathname === "/api/site-settings") return Response.json({ siteName: "Resveratrol Test" });
  const error = { code: pathname === "/api/auth/session" ? "unauthorized" : "not_found", message: "No." };
  return Response.json({ error }, { status: pathname === "/api/auth/session" ? 401 : 404 });
}

/** /admin as the server renders it for a browser navigating within the site (Sec-Fetch-Site), with the cookies given. */
async function served(cookie?: string) {
  const request = { url: "/admin", apiBaseUrl: origin, cookie, secFetchSite: "same-origin", publicOrigin: origin };
  const { status, html } = await render(request);
  expect(status).toBe(200);
  const page = new DOMParser().parseFromString(html, "text/html");
  const bootstrap = JSON.parse(page.getElementById(bootstrapScriptId)?.textContent ?? "") as Bootstrap;
  return {
    root: page.getElementById("root")!,
    state: bootstrap.state,
    adminLang: bootstrap.adminLang,
    lang: page.documentElement.lang,
    title: page.title,
  };
}

const isSession = (query: DehydratedState["queries"][number]) =>
  query.queryHash === JSON.stringify(queryKeys.session());

/** A browser's first load: fresh modules (the admin's store reads the storage as it is now) and its tree. */
async function browser(state: DehydratedState, adminLang: Lang | null) {
  vi.resetModules();
  const [app, apiContext, queryClient, visitor, adminLanguage, i18n, resources, pageModules, head] = await Promise.all([
    import("../app.js"),
    import("../api/api-context.js"),
    import("../api/query-client.js"),
    import("../api/visitor-context.js"),
    import("../i18n/admin-language.js"),
    import("../i18n/create-i18n.js"),
    import("../i18n/resources.js"),
    import("../pages/page-modules.js"),
    import("../seo/page-head.js"),
  ]);
  // Loaded before hydrating, as loadFirstPage does.
  await pageModules.adminApp.preload();
  const client = queryClient.createQueryClient();
  const api = createApiClient({ baseUrl: origin, fetch: answer });
  const tree = (
    <apiContext.ApiProvider client={api}>
      <QueryClientProvider client={client}>
        <HydrationBoundary state={state}>
          <I18nextProvider i18n={i18n.createI18n("en", resources.resources)}>
            <BrowserRouter>
              <head.HeadProvider value={{ origin }}>
                <visitor.VisitorProvider country={null}>
                  <adminLanguage.AdminLangProvider lang={adminLang}>
                    <app.App />
                  </adminLanguage.AdminLangProvider>
                </visitor.VisitorProvider>
              </head.HeadProvider>
            </BrowserRouter>
          </I18nextProvider>
        </HydrationBoundary>
      </QueryClientProvider>
    </apiContext.ApiProvider>
  );
  return { tree, client };
}

let container: HTMLElement;
let root: Root | undefined;

/**
 * Hydrates the server's markup with the page's state (and the admin's language it names, as
 * entry-client.tsx does); returns React's complaints, and the browser's tree and query client.
 */
async function hydrate(markup: Element, state: DehydratedState, adminLang: Lang | null = null) {
  const { tree, client } = await browser(state, adminLang);
  const complaints: unknown[] = [];
  container.innerHTML = markup.innerHTML;
  await act(async () => {
    root = hydrateRoot(container, tree, { onRecoverableError: (error) => complaints.push(error) });
  });
  return { complaints, tree, client };
}

const heading = () => container.querySelector("h1")?.textContent;
const submit = () => container.querySelector<HTMLButtonElement>("button[type='submit']");

beforeEach(() => {
  asked = [];
  // The server's render calls the API with the global fetch.
  vi.stubGlobal("fetch", answer);
  window.history.replaceState(null, "", "/admin");
  container = document.body.appendChild(document.createElement("div"));
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.cookie = "rsv_admin_lang=; Path=/admin; Max-Age=0";
  window.history.replaceState(null, "", "/");
  document.title = "";
  document.documentElement.lang = "";
});

describe("/admin for a request without the session cookie", () => {
  it("comes with the sign-in form and the answer that nobody is signed in, asked of no one", async () => {
    const { root: markup, state } = await served("rsv_lang=es");
    expect(markup.querySelector("[data-testid='admin-login'] h1")?.textContent).toBe(adminCopy.en.login.title);
    // Sent without a script, it could carry nothing in an address, and it cannot be sent at all.
    expect(markup.querySelector("form")?.getAttribute("method")).toBe("post");
    expect(markup.querySelectorAll("input[name]")).toHaveLength(0);
    expect(markup.querySelector("button[type='submit']")?.hasAttribute("disabled")).toBe(true);
    expect(markup.querySelector("noscript")?.textContent).toContain(adminCopy.es.login.needsJavaScript);
    expect(state.queries.find(isSession)?.state.data).toBeNull();
    expect(asked).toEqual(["/api/site-settings"]);
  });

  it("hydrates it without a mismatch or a request it would be refused, then speaks the language kept in the browser", async () => {
    const { root: markup, state } = await served();
    // As an earlier visit signed in left them: the dashboard's language, and the reports' zone it would start on.
    localStorage.setItem("rsv-admin-lang", "es");
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, "Europe/Madrid");
    const errors = vi.spyOn(console, "error");
    asked = [];

    const { complaints } = await hydrate(markup, state);
    expect(complaints).toEqual([]);
    expect(heading()).toBe(adminCopy.es.login.title);
    expect(submit()?.disabled).toBe(false);
    // Nothing it would be refused: the site's settings (its name in the tab's title) are public.
    expect(asked.filter((path) => path !== "/api/site-settings")).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    // Kept before the server could read it: now in the cookie too, for the next load's render.
    expect(document.cookie).toContain("rsv_admin_lang=es");
  });

  it("comes in the language the owner chose, its cookie's: the page, its title and the sign-in form", async () => {
    const { root: markup, adminLang, lang, title } = await served("rsv_lang=en; rsv_admin_lang=es");
    expect(markup.querySelector("[data-testid='admin-login'] h1")?.textContent).toBe(adminCopy.es.login.title);
    expect(markup.querySelector("label")?.textContent).toBe(adminCopy.es.login.email);
    expect(markup.querySelector("noscript")?.textContent).toBe(adminCopy.es.login.needsJavaScript);
    expect(lang).toBe("es");
    expect(title).toBe(`${adminCopy.es.dashboard.title} | Resveratrol Test`);
    expect(adminLang).toBe("es");
    // Without a choice, the default.
    const unchosen = await served("rsv_lang=es");
    expect(unchosen.root.querySelector("h1")?.textContent).toBe(adminCopy.en.login.title);
    expect([unchosen.lang, unchosen.adminLang]).toEqual(["en", null]);
  });

  it("hydrates the chosen language's form without a mismatch, and stays in it with only the cookie kept", async () => {
    const { root: markup, state, adminLang } = await served("rsv_admin_lang=es");
    // Storage cleared (or blocked) since: the browser's store reads the same cookie.
    document.cookie = "rsv_admin_lang=es; Path=/admin";
    const errors = vi.spyOn(console, "error");

    const { complaints } = await hydrate(markup, state, adminLang);
    expect(complaints).toEqual([]);
    await vi.waitFor(() => expect(submit()?.disabled).toBe(false));
    expect(heading()).toBe(adminCopy.es.login.title);
    expect(document.documentElement.lang).toBe("es");
    expect(errors).not.toHaveBeenCalled();
  });

  it("asks the server on a later mount, as after signing out", async () => {
    const { root: markup, state } = await served();
    const { tree, client } = await hydrate(markup, state);
    await act(async () => root?.unmount());
    client.setQueryData(queryKeys.session(), null);
    asked = [];

    await act(async () => {
      root = createRoot(container);
      root.render(tree);
    });
    await vi.waitFor(() => expect(asked).toContain("/api/auth/session"));
    expect(heading()).toBe(adminCopy.en.login.title);
  });
});

describe("/admin for a request with the session cookie", () => {
  it("asks the server once hydrated, even for an ended session's cookie, and shows the sign-in form on its 401", async () => {
    const { root: markup, state } = await served("rsv_lang=en; rsv_session=ended");
    expect(markup.querySelector("[data-testid='admin-login']")).toBeNull();
    expect(markup.textContent).toContain("Loading...");
    expect(state.queries.some(isSession)).toBe(false);
    asked = [];

    const { complaints } = await hydrate(markup, state);
    expect(complaints).toEqual([]);
    await vi.waitFor(() => expect(heading()).toBe(adminCopy.en.login.title));
    expect(asked.filter((path) => path === "/api/auth/session")).toHaveLength(1);
  });

  it("says it is loading in the language the owner chose, and hydrates that line", async () => {
    const { root: markup, state, adminLang, lang } = await served("rsv_admin_lang=es; rsv_session=ended");
    expect(lang).toBe("es");
    expect(markup.textContent).toContain("Cargando...");
    expect(markup.textContent).not.toContain("Loading...");
    localStorage.setItem("rsv-admin-lang", "es");

    const { complaints } = await hydrate(markup, state, adminLang);
    expect(complaints).toEqual([]);
    await vi.waitFor(() => expect(heading()).toBe(adminCopy.es.login.title));
  });
});
