import { ApiError } from "@rsv/api/client";
import { Fragment, useId, useRef, type FormEvent } from "react";
import { useRenderedAdminLang } from "../../i18n/admin-language.js";
import { useInBrowser } from "../../lib/in-browser.js";
import { languages } from "../../routes.js";
import { useAdminCopy } from "../admin-copy.js";
import { loginRefusal, useLogin } from "../api/session.js";
import { LanguageToggle } from "../ui/language-toggle.js";

export function LoginScreen() {
  const { t } = useAdminCopy();
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();
  // The fields are the browser's own: what was typed (or filled in by a password manager) into the
  // server's form before it hydrated stays, and is read on submit.
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  // Signing in is a script's call: without one (or before it runs) the form cannot be sent at all.
  const inBrowser = useInBrowser();
  // Said in the language the owner chose (the request's cookie), else in both.
  const chosen = useRenderedAdminLang();
  const login = useLogin();
  const errorMessage = login.error ? loginRefusal(t, login.error) : null;
  // A wrong email or password is the fields' fault; too many attempts or a failure is not.
  const wrong = login.error instanceof ApiError && login.error.status === 401;
  const fieldState = wrong ? { "aria-invalid": true, "aria-describedby": errorId } : {};

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    login.mutate(
      { email: emailField.current?.value ?? "", password: passwordField.current?.value ?? "" },
      {
        onSettled: () => {
          if (passwordField.current) passwordField.current.value = "";
        },
        // Back to the field to type again (the password was cleared), with the error as its description.
        onError: () => passwordField.current?.focus(),
      },
    );
  }

  return (
    <main className="grid min-h-screen place-items-center bg-gradient-to-br from-wine-50 to-slate-100 px-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl" data-testid="admin-login">
        {/* The toggle goes under the title when both do not fit (a phone, the Spanish title). */}
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <h1 className="min-w-0 text-2xl font-bold break-words text-slate-900">{t("login.title")}</h1>
          <LanguageToggle />
        </div>
        <p className="mt-1 text-sm text-slate-600">{t("login.subtitle")}</p>
        {/* Never a GET, which would put the fields in the address (they have no names either). */}
        <form method="post" onSubmit={onSubmit} className="mt-6 space-y-4">
          <div>
            <label htmlFor={emailId} className="text-sm font-medium text-slate-700">
              {t("login.email")}
            </label>
            <input
              ref={emailField}
              id={emailId}
              type="email"
              required
              autoComplete="username"
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
          {/* Signing in, aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page. */}
          <button
            type="submit"
            disabled={!inBrowser}
            aria-disabled={login.isPending}
            className="btn-primary w-full py-3 disabled:opacity-50 aria-disabled:opacity-50"
          >
            {login.isPending ? t("login.pending") : t("login.submit")}
          </button>
          <noscript>
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {(chosen ? [chosen] : languages).map((lang, index) => (
                <Fragment key={lang}>
                  {index > 0 && " "}
                  <span lang={lang}>{t("login.needsJavaScript", { lng: lang })}</span>
                </Fragment>
              ))}
            </p>
          </noscript>
        </form>
        <p className="mt-6 text-center text-xs text-slate-500">{t("login.footer")}</p>
      </div>
    </main>
  );
}
