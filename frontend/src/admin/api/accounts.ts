import { ApiError, unwrap, type AdminRole } from "@rsv/api/client";
import { queryKeys } from "../../api/queries.js";
import { createMutation, createQuery } from "./hooks.js";

/** Only the admin reads these, so their keys stay in the admin's chunk. */
export const accountKeys = {
  accounts: () => ["/api/auth/accounts"] as const,
  invitations: () => ["/api/auth/invitations"] as const,
};

export const useBrowseAccounts = createQuery({
  key: accountKeys.accounts,
  load: (api) => unwrap(api.GET("/api/auth/accounts")),
});

export const useBrowseInvitations = createQuery({
  key: accountKeys.invitations,
  load: (api) => unwrap(api.GET("/api/auth/invitations")),
});

export const useCreateInvitation = createMutation({
  call: (api, body: { email: string; role: AdminRole }) => unwrap(api.POST("/api/auth/invitations", { body })),
  invalidates: [accountKeys.invitations()],
  success: (t) => ({ title: t("accounts.toast.invited"), description: t("accounts.toast.invitedText") }),
  failure: (t) => t("accounts.toast.inviteFailed"),
  failureText: (t, error) => (conflicted(error) ? t("accounts.toast.alreadyAccount") : null),
});

export const useRevokeInvitation = createMutation({
  call: (api, id: number) => unwrap(api.DELETE("/api/auth/invitations/{id}", { params: { path: { id } } })),
  invalidates: [accountKeys.invitations()],
  success: (t) => ({ title: t("accounts.toast.revoked") }),
  failure: (t) => t("accounts.toast.revokeFailed"),
});

export const useChangeRole = createMutation({
  call: (api, { id, role }: { id: number; role: AdminRole }) =>
    unwrap(api.PATCH("/api/auth/accounts/{id}", { params: { path: { id } }, body: { role } })),
  // Stepping down changes what this browser may see: the session is read again with the accounts. An
  // owner made editor loses the invitations they made.
  invalidates: [accountKeys.accounts(), accountKeys.invitations(), queryKeys.session()],
  success: (t) => ({ title: t("accounts.toast.roleChanged") }),
  failure: (t) => t("accounts.toast.roleFailed"),
  failureText: (t, error) => (conflicted(error) ? t("accounts.lastOwner") : null),
});

export const useDeleteAccount = createMutation({
  call: (api, id: number) => unwrap(api.DELETE("/api/auth/accounts/{id}", { params: { path: { id } } })),
  invalidates: [accountKeys.accounts(), accountKeys.invitations(), queryKeys.session()],
  success: (t) => ({ title: t("accounts.toast.removed") }),
  failure: (t) => t("accounts.toast.removeFailed"),
  failureText: (t, error) => (conflicted(error) ? t("accounts.lastOwner") : null),
});

function conflicted(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
