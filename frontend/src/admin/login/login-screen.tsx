import { ApiError } from "@rsv/api/client";
import { useId, useRef, useState, type FormEvent } from "react";
import { useAdminCopy } from "../admin-copy.js";
import { loginRefusal, useLogin } from "../api/session.js";
import { LanguageToggle } from "../ui/language-toggle.js";

export function LoginScreen() {
  const { t } = useAdminCopy();
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const passwordField = useRef<HTMLInputElement>(null);
  const login = useLogin();
  const errorMessage = login.error ? loginRefusal(t, login.error) : null;
  // A wrong email or password is the fields' fault; too many attempts or a failure is not.
  const wrong = login.error instanceof ApiError && login.error.status === 401;
  const fieldState = wrong ? { "aria-invalid": true, "aria-describedby": errorId } : {};

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    login.mutate(
      { email, password },
      {
        onSettled: () => setPassword(""),
        // Back to the field to type again (the password was cleared), with the error as its description.
        onError: () => passwordField.current?.focus(),
      },
    );
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
              {...fieldState}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor={passwordId} className="text-sm font-medium text-slate-700">
              {t("login.password")}
            </label>
            <input
              ref={passwordField}
              id={passwordId}
              type="password"
              required
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              placeholder={t("login.passwordPlaceholder")}
              {...fieldState}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </div>
          {errorMessage && (
            <p
              id={errorId}
              role="alert"
              className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700"
              data-testid="login-error"
            >
              {errorMessage}
            </p>
          )}
          {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page. */}
          <button
            type="submit"
            aria-disabled={login.isPending}
            className="btn-primary w-full py-3 aria-disabled:opacity-50"
          >
            {login.isPending ? t("login.pending") : t("login.submit")}
          </button>
        </form>
        <p className="mt-6 text-center text-xs text-slate-500">{t("login.footer")}</p>
      </div>
    </main>
  );
}
