import { useQueryClient } from "@tanstack/react-query";
import { useId, useReducer, useRef, useState, type FormEvent } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import { useApi } from "../../api/api-context.js";
import { queryKeys } from "../../api/queries.js";
import { useCopy } from "../../i18n/use-lang.js";
import { useToastStore } from "../../stores/toast.store.js";
import {
  initialNewsletterState,
  isSendableEmail,
  newsletterFormPath,
  newsletterOutcomeParam,
  newsletterReducer,
} from "./newsletter-state.js";

/** The envelope's message when the API sent one, else the client's "status: text" form. */
function errorMessageOf(response: Response, body: unknown): string {
  const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  return typeof message === "string" && message ? message : `${response.status}: ${response.statusText}`;
}

export function NewsletterForm() {
  const { t, lang } = useCopy();
  const api = useApi();
  const queryClient = useQueryClient();
  const showToast = useToastStore((store) => store.show);
  const [state, dispatch] = useReducer(newsletterReducer, initialNewsletterState);
  const inputId = useId();
  const errorId = useId();
  const field = useRef<HTMLInputElement>(null);
  // Shown under the field until the address is edited.
  const [invalid, setInvalid] = useState(false);
  const { pathname } = useLocation();
  const pending = state.status === "pending";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!isSendableEmail(state.email)) {
      setInvalid(true);
      field.current?.focus();
      showToast({
        title: t("newsletter.invalidTitle"),
        description: t("newsletter.invalidText"),
        variant: "destructive",
        // The field's own error, beside it, is what is read out.
        announced: false,
      });
      return;
    }
    dispatch({ type: "submit" });
    try {
      const { response, error } = await api.POST("/api/newsletter", {
        // The page's language and path: the confirmation comes in that language, the owner sees the page.
        body: { email: state.email.trim(), language: lang, sourcePath: pathname },
      });
      if (!response.ok) throw new Error(errorMessageOf(response, error));
      dispatch({ type: "succeeded" });
      // New or known address, the service answers the same; so does the form.
      showToast({
        title: t("newsletter.successTitle"),
        description: t("newsletter.successText"),
        variant: "default",
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.newsletter() });
    } catch (error) {
      dispatch({ type: "failed" });
      showToast({
        title: t("newsletter.failedTitle"),
        description: error instanceof Error ? error.message : String(error),
        variant: "destructive",
      });
    }
  }

  return (
    // Without JavaScript the form posts to the web server, which subscribes and redirects back.
    <form
      method="post"
      action={newsletterFormPath}
      onSubmit={onSubmit}
      noValidate
      className="w-full"
      data-status={state.status}
      data-testid="newsletter-form"
    >
      <input type="hidden" name="returnTo" value={pathname} />
      <div className="flex w-full flex-col gap-3 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          {t("newsletter.emailLabel")}
        </label>
        <input
          ref={field}
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          value={state.email}
          onChange={(event) => {
            setInvalid(false);
            dispatch({ type: "edit", email: event.target.value });
          }}
          placeholder={t("newsletter.placeholder")}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className="min-w-0 flex-1 rounded-lg border border-wine-200 bg-white px-4 py-3 text-slate-900 placeholder:text-slate-400 focus:border-wine-500 aria-invalid:border-red-400 aria-invalid:ring-2 aria-invalid:ring-red-300"
        />
        <button type="submit" disabled={pending} className="btn-primary py-3">
          {pending ? t("newsletter.pending") : t("newsletter.submit")}
        </button>
      </div>
      {invalid && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-amber-200" data-testid="newsletter-error">
          {t("newsletter.invalidText")}
        </p>
      )}
    </form>
  );
}

const outcomeCopy = {
  subscribed: ["newsletter.successTitle", "newsletter.successText"],
  invalid: ["newsletter.invalidTitle", "newsletter.invalidText"],
  failed: ["newsletter.failedTitle", "newsletter.failedText"],
} as const;

function isOutcome(value: string | null): value is keyof typeof outcomeCopy {
  return value !== null && value in outcomeCopy;
}

/** The result of a form post made without JavaScript, carried back in the URL. */
function ServerOutcome() {
  const { t } = useCopy();
  const [params] = useSearchParams();
  const outcome = params.get(newsletterOutcomeParam);
  if (!isOutcome(outcome)) return null;
  const [title, text] = outcomeCopy[outcome];
  return (
    <p
      role="status"
      className="mt-3 rounded-lg bg-white/10 px-4 py-3 text-sm text-white"
      data-testid="newsletter-outcome"
    >
      <strong>{t(title)}</strong> {t(text)}
    </p>
  );
}

export function NewsletterSection() {
  const { t } = useCopy();
  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-title"
      className="bg-gradient-to-br from-wine-800 to-wine-950 py-16 text-white"
    >
      <div className="container-page grid items-center gap-8 lg:grid-cols-2">
        <div>
          <h2 id="newsletter-title" className="text-3xl font-bold">
            {t("newsletter.title")}
          </h2>
          <p className="mt-3 text-wine-100">{t("newsletter.subtitle")}</p>
        </div>
        <div>
          <NewsletterForm />
          <ServerOutcome />
          <p className="mt-3 text-sm text-wine-200">{t("newsletter.privacy")}</p>
        </div>
      </div>
    </section>
  );
}
