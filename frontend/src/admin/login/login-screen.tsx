import { ApiError } from "@rsv/api/client";
import { useId, useState, type FormEvent } from "react";
import { useAdminCopy } from "../admin-copy.js";
import { useLogin } from "../api/session.js";
import { LanguageToggle } from "../ui/language-toggle.js";

export function LoginScreen() {
  const { t } = useAdminCopy();
  const emailId = useId();
  const passwordId = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const login = useLogin();
  const errorMessage = !login.error
    ? null
    : login.error instanceof ApiError && login.error.status === 429
      ? t("login.rateLimited")
      : login.error instanceof ApiError && login.error.status === 401
        ? t("login.invalid")
        : t("login.failed");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!login.isPending) login.mutate({ email, password }, { onSettled: () => setPassword("") });
  }

  return (
    <main className="grid min-h-screen place-items-center bg-gradient-to-br from-wine-50 to-slate-100 px-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl" data-testid="admin-login">
        <div className="flex items-start justify-between gap-4">
          <h1 className="text-2xl font-bold text-slate-900">{t("login.title")}</h1>
          <LanguageToggle />
        </div>
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
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="login-error">
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
