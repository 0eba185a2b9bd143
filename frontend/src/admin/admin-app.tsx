import { ApiError, unwrap } from "@rsv/api/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useApi } from "../api/api-context.js";
import { useCopy } from "../i18n/use-lang.js";
import { adminTabs, useAdminUiStore, type AdminTab } from "./admin.store.js";

const sessionKey = ["/api/auth/session"] as const;

function useSession() {
  const api = useApi();
  return useQuery({
    queryKey: sessionKey,
    queryFn: async () => {
      try {
        return await unwrap(api.GET("/api/auth/session"));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
}

function LoginScreen() {
  const { t } = useCopy("admin");
  const api = useApi();
  const queryClient = useQueryClient();
  const emailId = useId();
  const passwordId = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const login = useMutation({
    mutationFn: () => unwrap(api.POST("/api/auth/login", { body: { email, password } })),
    onSuccess: (session) => {
      setPassword("");
      queryClient.setQueryData(sessionKey, session);
    },
  });
  const errorMessage = (() => {
    if (!login.error) return null;
    if (login.error instanceof ApiError && login.error.status === 401) return t("login.invalid");
    if (login.error instanceof ApiError && login.error.status === 429) return t("login.rateLimited");
    return t("login.failed");
  })();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!login.isPending) login.mutate();
  }

  return (
    <main className="grid min-h-screen place-items-center bg-gradient-to-br from-wine-50 to-slate-100 px-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl" data-testid="admin-login">
        <h1 className="text-2xl font-bold text-slate-900">{t("login.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("login.subtitle")}</p>
        <form onSubmit={onSubmit} className="mt-6 space-y-4">
          <div>
            <label htmlFor={emailId} className="text-sm font-medium text-slate-700">
              {t("login.email")}
            </label>
            <input
              id={emailId}
              type="email"
              required
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder={t("login.emailPlaceholder")}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor={passwordId} className="text-sm font-medium text-slate-700">
              {t("login.password")}
            </label>
            <input
              id={passwordId}
              type="password"
              required
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              placeholder={t("login.passwordPlaceholder")}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </div>
          {errorMessage && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {errorMessage}
            </p>
          )}
          <button type="submit" disabled={login.isPending} className="btn-primary w-full py-3">
            {login.isPending ? t("login.pending") : t("login.submit")}
          </button>
        </form>
        <p className="mt-6 text-center text-xs text-slate-500">{t("login.footer")}</p>
      </div>
    </main>
  );
}

function Dashboard({ email }: { email: string }) {
  const { t } = useCopy("admin");
  const api = useApi();
  const queryClient = useQueryClient();
  const { tab, setTab } = useAdminUiStore();
  const tabRefs = useRef<Partial<Record<AdminTab, HTMLButtonElement | null>>>({});
  const logout = useMutation({
    mutationFn: () => unwrap(api.POST("/api/auth/logout")),
    onSettled: () => queryClient.setQueryData(sessionKey, null),
  });

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = adminTabs.indexOf(tab);
    const next =
      event.key === "ArrowRight"
        ? adminTabs[(index + 1) % adminTabs.length]
        : event.key === "ArrowLeft"
          ? adminTabs[(index - 1 + adminTabs.length) % adminTabs.length]
          : null;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page flex h-16 items-center justify-between">
          <h1 className="text-lg font-bold text-slate-900">{t("dashboard.title")}</h1>
          <div className="flex items-center gap-4">
            <span className="hidden text-sm text-slate-600 sm:inline">{t("dashboard.signedInAs", { email })}</span>
            <button
              type="button"
              onClick={() => logout.mutate()}
              className="btn-outline py-2"
              data-testid="admin-logout"
            >
              {t("dashboard.logout")}
            </button>
          </div>
        </div>
      </header>
      <main className="container-page py-8">
        <div
          role="tablist"
          aria-label={t("dashboard.tabsLabel")}
          className="flex flex-wrap gap-2"
          onKeyDown={onTabKeyDown}
        >
          {adminTabs.map((id) => (
            <button
              key={id}
              ref={(element) => {
                tabRefs.current[id] = element;
              }}
              type="button"
              role="tab"
              id={`admin-tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`admin-panel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              onClick={() => setTab(id)}
              className={`rounded-lg px-4 py-2 text-sm font-medium ${tab === id ? "bg-wine-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100"}`}
            >
              {t(`dashboard.tabs.${id}`)}
            </button>
          ))}
        </div>
        <section
          id={`admin-panel-${tab}`}
          role="tabpanel"
          aria-labelledby={`admin-tab-${tab}`}
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-8"
        >
          <h2 className="text-xl font-semibold text-slate-900">{t(`dashboard.tabs.${tab}`)}</h2>
          <p className="mt-2 text-slate-600">{t("dashboard.placeholder")}</p>
        </section>
      </main>
    </div>
  );
}

export default function AdminApp() {
  const { t } = useCopy();
  const session = useSession();
  if (session.isPending) return <p className="p-8 text-center text-slate-500">{t("generic.loading")}</p>;
  if (!session.data) return <LoginScreen />;
  return <Dashboard email={session.data.user.email} />;
}
