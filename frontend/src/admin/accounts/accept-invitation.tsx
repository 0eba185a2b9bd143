import { ApiError } from "@rsv/api/client";
import { useEffect, useState, type FormEvent } from "react";
import type { AdminT } from "../admin-copy.js";
import { useAdminCopy } from "../admin-copy.js";
import { errorDetails } from "../api/hooks.js";
import { useAcceptInvitation } from "../api/session.js";
import { TextField } from "../ui/fields.js";
import { LanguageToggle } from "../ui/language-toggle.js";

/** The contract's minimum for a password. */
const minPasswordLength = 12;
const fragmentKey = "invitation=";

/** The token of an invitation link (`/admin#invitation=...`): kept in the fragment, so no server ever logs it. */
export function invitationTokenOf(hash: string): string | null {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  return fragment.startsWith(fragmentKey) && fragment.length > fragmentKey.length
    ? fragment.slice(fragmentKey.length)
    : null;
}

/**
 * The token in the address, read after hydration (the server never sees the fragment, so the first
 * render matches its page), and again when the fragment changes.
 */
export function useInvitationToken(): [string | null, () => void] {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setToken(invitationTokenOf(window.location.hash));
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  const forget = () => {
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    setToken(null);
  };
  return [token, forget];
}

const invitationReasons = [
  "invitation_unknown",
  "invitation_expired",
  "invitation_used",
  "invitation_revoked",
] as const;
const passwordReasons = ["password_resembles_email", "password_too_weak"] as const;
const isOneOf = <T extends string>(known: readonly T[], value: string | undefined): value is T =>
  known.some((each) => each === value);

/** Why the server refused, in the invitee's words: about the link (final) or the password (try another). */
export function acceptRefusal(t: AdminT, error: unknown): { about: "link" | "password"; text: string } {
  if (error instanceof ApiError && error.status === 409) return { about: "link", text: t("invitation.refusals.taken") };
  if (error instanceof ApiError && error.status === 429)
    return { about: "password", text: t("invitation.refusals.rateLimited") };
  for (const detail of errorDetails(error)) {
    if (isOneOf(invitationReasons, detail.reason))
      return { about: "link", text: t(`invitation.refusals.${detail.reason}`) };
    if (isOneOf(passwordReasons, detail.reason)) {
      const advice = (detail.hints ?? [])
        .map((hint) => `account.advice.${hint}`)
        .filter((key) => t(key, { defaultValue: "" }) !== "")
        .map((key) => t(key));
      return { about: "password", text: [t(`account.refusals.${detail.reason}`), ...advice].join(" ") };
    }
  }
  return { about: "password", text: t("invitation.errors.failed") };
}

/** Where an invitee chooses a password: the account is created and signed in, and the dashboard follows. */
export function AcceptInvitationScreen({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useAdminCopy();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [attempted, setAttempted] = useState(false);
  const accept = useAcceptInvitation({ onSuccess: onDone });
  const refusal = accept.error ? acceptRefusal(t, accept.error) : null;
  const tooShort = password.length < minPasswordLength;
  const mismatch = confirm !== password;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (accept.isPending || tooShort || mismatch) return;
    accept.mutate({ token, password });
  }

  return (
    <main className="grid min-h-screen place-items-center bg-gradient-to-br from-wine-50 to-slate-100 px-4 py-8">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8" data-testid="accept-invitation">
        <div className="flex items-start justify-between gap-4">
          <h1 className="text-2xl font-bold text-slate-900">{t("invitation.title")}</h1>
          <div className="shrink-0">
            <LanguageToggle />
          </div>
        </div>
        <p className="mt-1 text-sm text-slate-600">{t("invitation.subtitle")}</p>
        {refusal?.about === "link" ? (
          <div className="mt-6 space-y-4">
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {refusal.text}
            </p>
            <button type="button" className="btn-primary w-full py-3" onClick={onDone}>
              {t("invitation.toLogin")}
            </button>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
            <TextField
              label={t("invitation.password")}
              type="password"
              autoComplete="new-password"
              value={password}
              onValue={(value) => {
                if (accept.error) accept.reset();
                setPassword(value);
              }}
              error={
                attempted && tooShort
                  ? t("invitation.errors.tooShort", { count: minPasswordLength })
                  : (refusal?.text ?? null)
              }
              hint={t("invitation.passwordHint", { count: minPasswordLength })}
            />
            <TextField
              label={t("invitation.confirm")}
              type="password"
              autoComplete="new-password"
              value={confirm}
              onValue={setConfirm}
              error={attempted && mismatch ? t("invitation.errors.mismatch") : null}
            />
            <button type="submit" disabled={accept.isPending} className="btn-primary w-full py-3">
              {accept.isPending ? t("invitation.pending") : t("invitation.submit")}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
