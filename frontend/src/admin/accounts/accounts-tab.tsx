import { useState, type FormEvent } from "react";
import type { AdminRole, CreatedInvitation } from "@rsv/api/client";
import { copyText } from "../../lib/clipboard.js";
import { useToastStore } from "../../stores/toast.store.js";
import { useAdminCopy } from "../admin-copy.js";
import {
  useBrowseAccounts,
  useBrowseInvitations,
  useChangeRole,
  useCreateInvitation,
  useDeleteAccount,
  useRevokeInvitation,
} from "../api/accounts.js";
import { useSession } from "../api/session.js";
import { askConfirm } from "../ui/confirm.js";
import { looksLikeEmail } from "../ui/email.js";
import { ListSkeletons, SelectField, TextField } from "../ui/fields.js";

const roles: readonly AdminRole[] = ["owner", "editor"];

const dangerButton =
  "rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50";

/** The owner's tab: who can sign in, with which role, and the links that invite someone new. */
export function AccountsTab() {
  const { t, lang } = useAdminCopy();
  const date = new Intl.DateTimeFormat(lang === "es" ? "es-ES" : "en-US", { dateStyle: "medium" });
  return (
    <div className="space-y-10">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{t("accounts.title")}</h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{t("accounts.intro")}</p>
      </div>
      <AccountList date={date} />
      <InviteForm date={date} />
      <PendingInvitations date={date} />
    </div>
  );
}

function AccountList({ date }: { date: Intl.DateTimeFormat }) {
  const { t } = useAdminCopy();
  const accounts = useBrowseAccounts();
  const me = useSession({ asked: false }).data?.user.id;
  const changeRole = useChangeRole();
  const remove = useDeleteAccount();
  if (accounts.isPending) return <ListSkeletons count={2} testId="account-skeleton" />;
  if (accounts.isError) return <p className="text-red-600">{t("common.loadFailed")}</p>;
  if (accounts.data.length === 0) return <p className="text-slate-600">{t("accounts.empty")}</p>;
  const owners = accounts.data.filter((account) => account.role === "owner").length;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {accounts.data.map((account) => {
        // The site always keeps an owner: the only one can be neither demoted nor removed.
        const soleOwner = account.role === "owner" && owners === 1;
        const noteId = `account-sole-owner-${account.id}`;
        return (
          <li key={account.id} className="flex flex-wrap items-center gap-3 p-4" data-testid="account-row">
            <div className="min-w-0 flex-1 basis-48">
              <p className="truncate font-medium text-slate-900">
                {account.email}
                {account.id === me && <span className="ml-2 text-xs text-slate-500">({t("accounts.you")})</span>}
              </p>
              <p className="text-xs text-slate-500">
                {t("accounts.since", { date: date.format(new Date(account.createdAt)) })}
              </p>
            </div>
            <label className="sr-only" htmlFor={`account-role-${account.id}`}>
              {t("accounts.roleOf", { email: account.email })}
            </label>
            <select
              id={`account-role-${account.id}`}
              value={account.role}
              disabled={changeRole.isPending || soleOwner}
              aria-describedby={soleOwner ? noteId : undefined}
              onChange={(event) => changeRole.mutate({ id: account.id, role: event.target.value as AdminRole })}
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {t(`accounts.roles.${role}`)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={dangerButton}
              disabled={remove.isPending || soleOwner}
              aria-describedby={soleOwner ? noteId : undefined}
              onClick={async () => {
                const message = t("accounts.confirmRemove", { email: account.email });
                if (await askConfirm({ message, confirmLabel: t("accounts.remove") })) remove.mutate(account.id);
              }}
              aria-label={t("accounts.removeItem", { email: account.email })}
            >
              {t("accounts.remove")}
            </button>
            {soleOwner && (
              <p id={noteId} className="basis-full text-xs text-slate-600" data-testid="sole-owner-note">
                {t("accounts.lastOwner")}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function InviteForm({ date }: { date: Intl.DateTimeFormat }) {
  const { t } = useAdminCopy();
  const show = useToastStore((state) => state.show);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AdminRole>("editor");
  const [attempted, setAttempted] = useState(false);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [copied, setCopied] = useState(false);
  const invite = useCreateInvitation({
    onSuccess: (invitation) => {
      setCreated(invitation);
      setCopied(false);
      setEmail("");
      setAttempted(false);
    },
  });
  const emailError = attempted && !looksLikeEmail(email) ? t("accounts.invite.emailInvalid") : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (invite.isPending || !looksLikeEmail(email)) return;
    invite.mutate({ email: email.trim(), role });
  }

  async function copy(link: string) {
    const done = await copyText(link);
    setCopied(done);
    if (!done) show({ title: t("accounts.toast.copyFailed"), variant: "destructive" });
  }

  return (
    <section aria-labelledby="invite-title" className="max-w-xl space-y-4">
      <div>
        <h3 id="invite-title" className="font-semibold text-slate-900">
          {t("accounts.invite.title")}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{t("accounts.invite.text")}</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label={t("accounts.invite.email")}
          type="email"
          autoComplete="off"
          value={email}
          onValue={setEmail}
          error={emailError}
        />
        <SelectField
          label={t("accounts.invite.role")}
          value={role}
          onValue={setRole}
          options={roles.map((value) => ({ value, label: t(`accounts.roles.${value}`) }))}
        />
        <button type="submit" className="btn-primary" disabled={invite.isPending}>
          {invite.isPending ? t("accounts.invite.pending") : t("accounts.invite.submit")}
        </button>
      </form>
      {created && (
        <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4" data-testid="invitation-link">
          <p className="text-sm text-emerald-950">
            {t("accounts.invite.linkText", {
              email: created.email,
              date: date.format(new Date(created.expiresAt)),
            })}
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <input
              readOnly
              value={created.link}
              aria-label={t("accounts.invite.linkLabel", { email: created.email })}
              onFocus={(event) => event.target.select()}
              className="min-w-0 flex-1 rounded-lg border border-emerald-300 bg-white px-3 py-2 font-mono text-xs"
            />
            <button type="button" className="btn-outline py-2" onClick={() => copy(created.link)}>
              {copied ? t("accounts.invite.copied") : t("accounts.invite.copy")}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

function PendingInvitations({ date }: { date: Intl.DateTimeFormat }) {
  const { t } = useAdminCopy();
  const invitations = useBrowseInvitations();
  const revoke = useRevokeInvitation();
  return (
    <section aria-labelledby="pending-title" className="space-y-3">
      <h3 id="pending-title" className="font-semibold text-slate-900">
        {t("accounts.pending.title")}
      </h3>
      {invitations.isPending ? (
        <ListSkeletons count={1} testId="invitation-skeleton" />
      ) : invitations.isError ? (
        <p className="text-red-600">{t("common.loadFailed")}</p>
      ) : invitations.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t("accounts.pending.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 p-4" data-testid="invitation-row">
              <div className="min-w-0 flex-1 basis-48">
                <p className="truncate font-medium text-slate-900">{invitation.email}</p>
                <p className="text-xs text-slate-500">
                  {t("accounts.pending.expires", {
                    role: t(`accounts.roles.${invitation.role}`),
                    date: date.format(new Date(invitation.expiresAt)),
                  })}
                </p>
              </div>
              <button
                type="button"
                className={dangerButton}
                disabled={revoke.isPending}
                onClick={async () => {
                  const message = t("accounts.pending.confirmRevoke", { email: invitation.email });
                  if (await askConfirm({ message, confirmLabel: t("accounts.pending.revoke") }))
                    revoke.mutate(invitation.id);
                }}
                aria-label={t("accounts.pending.revokeItem", { email: invitation.email })}
              >
                {t("accounts.pending.revoke")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
