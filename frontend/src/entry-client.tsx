import { createApiClient } from "@rsv/api/client";
import { HydrationBoundary, QueryClientProvider } from "@tanstack/react-query";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter } from "react-router-dom";
import { ApiProvider } from "./api/api-context.js";
import { VisitorProvider } from "./api/visitor-context.js";
import { createQueryClient } from "./api/query-client.js";
import { App } from "./app.js";
import { bootstrapScriptId, type Bootstrap } from "./bootstrap.js";
import { loadFirstPage } from "./first-load.js";
import { AdminLangProvider } from "./i18n/admin-language.js";
import { createI18n } from "./i18n/create-i18n.js";
import { matchPage } from "./routes.js";
import { HeadProvider } from "./seo/page-head.js";
import "./styles.css";

async function start(): Promise<void> {
  const bootstrapElement = document.getElementById(bootstrapScriptId);
  const bootstrap = (bootstrapElement ? JSON.parse(bootstrapElement.textContent ?? "{}") : {}) as Partial<Bootstrap>;
  const api = createApiClient({ baseUrl: "" });
  const queryClient = createQueryClient();
  const match = matchPage(window.location.pathname);
  const i18n = createI18n(match.lang);
  // The server preloaded these modules (modulepreload links), so this waits on no new request.
  await loadFirstPage(match, i18n);

  hydrateRoot(
    document.getElementById("root") as HTMLElement,
    <ApiProvider client={api}>
      <QueryClientProvider client={queryClient}>
        <HydrationBoundary state={bootstrap.state}>
          <I18nextProvider i18n={i18n}>
            <BrowserRouter>
              <HeadProvider value={{ origin: bootstrap.origin ?? window.location.origin }}>
                <VisitorProvider country={bootstrap.country ?? null}>
                  <AdminLangProvider lang={bootstrap.adminLang ?? null}>
                    <App />
                  </AdminLangProvider>
                </VisitorProvider>
              </HeadProvider>
            </BrowserRouter>
          </I18nextProvider>
        </HydrationBoundary>
      </QueryClientProvider>
    </ApiProvider>,
  );
}

void start();
