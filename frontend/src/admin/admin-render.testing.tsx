import { createApiClient, type AdminRole } from "@rsv/api/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, useLocation } from "react-router-dom";
import { ApiProvider } from "../api/api-context.js";
import { queryKeys } from "../api/queries.js";
import { createQueryClient } from "../api/query-client.js";
import { createI18n } from "../i18n/create-i18n.js";
import { resources } from "../i18n/resources.js";
import type { Lang } from "../routes.js";
import { registerAdminCopy } from "./admin-copy.js";
import { useAdminUiStore } from "./admin.store.js";

/** What the API answers a test's screen: a body by the path asked (and its query), or undefined for a 404. */
export type Answers = (path: string, query: URLSearchParams) => unknown;

/**
 * A screen of the signed-in admin at `path`, in the dashboard's language given, its API answered by
 * `answers`. The address it is at now is `address.search`. The admin's store is set for it: a test
 * resets it afterwards (resetAdminUi), as the store outlives the file.
 */
export function renderAdmin(
  ui: ReactElement,
  {
    path = "/admin",
    lang = "en",
    role = "owner",
    answers = () => undefined,
  }: {
    path?: string;
    lang?: Lang;
    role?: AdminRole;
    answers?: Answers;
  } = {},
) {
  useAdminUiStore.setState({ lang });
  const i18n = createI18n(lang, resources);
  registerAdminCopy(i18n);
  const client = createQueryClient();
  client.setQueryData(queryKeys.session(), { user: { id: 1, email: "owner@example.com", role } });
  const api = createApiClient({
    baseUrl: "http://site.test",
    fetch: async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const body = answers(url.pathname, url.searchParams);
      return body === undefined
        ? Response.json({ error: { code: "not_found", message: "No." } }, { status: 404 })
        : Response.json(body);
    },
  });
  const address = { search: "" };
  function Address() {
    address.search = useLocation().search;
    return null;
  }
  const rendered = render(
    <ApiProvider client={api}>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[path]}>
            {ui}
            <Address />
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </ApiProvider>,
  );
  return { ...rendered, address };
}

/** The admin's store as a first visit finds it. */
export function resetAdminUi(): void {
  useAdminUiStore.setState({ tab: "analytics", lang: "en" });
}
