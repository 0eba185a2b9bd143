import { create } from "zustand";
import { useEffect, type FormEvent } from "react";
import { useAdminCopy } from "../admin-copy.js";
import { passwordRefusal, useChangePassword, useLogoutEverywhere } from "../api/session.js";
import { askConfirm } from "../ui/confirm.js";
import { TextField } from "../ui/fields.js";

/** The contract's minimum for a new password. */
export const minPasswordLength = 12;

interface PasswordDraft {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  attempted: boolean;
}
const emptyDraft: PasswordDraft = { currentPassword: "", newPassword: "", confirmPassword: "", attempted: false };

const usePasswordDraftStore = create<{
  draft: PasswordDraft;
  update: (patch: Partial<PasswordDraft>) => void;
  reset: () => void;
}>((set) => ({
  draft: emptyDraft,
  update: (patch) => set((state) => ({ draft: { ...state.draft, ...patch } })),
  reset: () => set({ draft: emptyDraft }),
}));

export function passwordProblems(draft: PasswordDraft) {
  return {
    currentPassword: draft.currentPassword ? null : ("currentRequired" as const),
    newPassword: draft.newPassword.length >= minPasswordLength ? null : ("tooShort" as const),
    confirmPassword: draft.confirmPassword === draft.newPassword ? null : ("mismatch" as const),
  };
}

export function AccountTab({ email }: { email: string }) {
  const { t } = useAdminCopy();
  const { draft, update, reset } = usePasswordDraftStore();
  const change = useChangePassword({ onSuccess: reset });
  const everywhere = useLogoutEverywhere();
  const problems = passwordProblems(draft);
  // Typed passwords are not kept once the owner leaves the tab.
  useEffect(() => reset, [reset]);
  // The server's refusal (a wrong current password, a guessable new one) stays until the fields change.
  const refused = change.error ? passwordRefusal(t, change.error) : null;
  const errorOf = (field: keyof typeof problems) =>
    draft.attempted && problems[field]
      ? t(`account.errors.${problems[field]}`, { count: minPasswordLength })
      : refused?.field === field
        ? refused.text
        : null;
  const edit = (patch: Partial<PasswordDraft>) => {
    if (change.error) change.reset();
    update(patch);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update({ attempted: true });
    if (change.isPending || Object.values(problems).some(Boolean)) return;
    change.mutate({ currentPassword: draft.currentPassword, newPassword: draft.newPassword });
  }

  return (
    <div className="max-w-xl space-y-10">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{t("account.title")}</h2>
        <p className="mt-1 text-sm text-slate-600">{t("dashboard.signedInAs", { email })}</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="change-password">
        <h3 id="change-password" className="font-semibold text-slate-900">
          {t("account.changePassword")}
        </h3>
        <p className="text-sm text-slate-600">{t("account.changePasswordText")}</p>
        {/* The username field lets password managers file the new password under the right account. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={t("account.currentPassword")}
          type="password"
          autoComplete="current-password"
          value={draft.currentPassword}
          onValue={(currentPassword) => edit({ currentPassword })}
          error={errorOf("currentPassword")}
        />
        <TextField
          label={t("account.newPassword")}
          type="password"
          autoComplete="new-password"
          value={draft.newPassword}
          onValue={(newPassword) => edit({ newPassword })}
          error={errorOf("newPassword")}
          hint={t("account.newPasswordHint", { count: minPasswordLength })}
        />
        <TextField
          label={t("account.confirmPassword")}
          type="password"
          autoComplete="new-password"
          value={draft.confirmPassword}
          onValue={(confirmPassword) => edit({ confirmPassword })}
          error={errorOf("confirmPassword")}
        />
        <div className="flex gap-3">
          <button
            type="button"
            className="btn-outline"
            onClick={() => {
              change.reset();
              reset();
            }}
          >
            {t("common.cancel")}
          </button>
          <button type="submit" className="btn-primary" disabled={change.isPending}>
            {change.isPending ? t("common.saving") : t("account.savePassword")}
          </button>
        </div>
      </form>
      <section aria-labelledby="sign-out-everywhere" className="rounded-xl border border-red-200 bg-red-50 p-5">
        <h3 id="sign-out-everywhere" className="font-semibold text-red-900">
          {t("account.everywhere")}
        </h3>
        <p className="mt-1 text-sm text-red-800">{t("account.everywhereText")}</p>
        <button
          type="button"
          className="mt-4 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          disabled={everywhere.isPending}
          onClick={async () => {
            if (
              await askConfirm({ message: t("account.everywhereConfirm"), confirmLabel: t("account.everywhereButton") })
            )
              everywhere.mutate();
          }}
        >
          {t("account.everywhereButton")}
        </button>
      </section>
    </div>
  );
}
