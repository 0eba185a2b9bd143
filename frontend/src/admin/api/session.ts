import { ApiError, unwrap, type AdminRole, type SessionInfo } from "@rsv/api/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { queryKeys } from "../../api/queries.js";
import { useInBrowser } from "../../lib/in-browser.js";
import { useToastStore } from "../../stores/toast.store.js";
import { useAdminCopy } from "../admin-copy.js";
import type { AdminT } from "../admin-copy.js";
import { accountKeys } from "./accounts.js";
import { createMutation, errorDetails, isUnauthorized, serverMessage } from "./hooks.js";
import { usePagesEditorStore } from "../pages/pages-editor.store.js";

/**
 * Who is signed in, as the server says: null when it answers 401, or when the page was rendered for a
 * request without the session cookie (the server sent that answer with it). Nothing in the browser
 * decides this. The admin app asks on mount, unless it mounted hydrating a page that came with the
 * answer; a screen that only reads the answer (`asked: false`) does not ask again.
 */
export function useSession({ asked = true }: { asked?: boolean } = {}) {
  const api = useApi();
  // Decided once per mount: a later mount (or a refetch, after signing in or out) asks the server.
  const inBrowser = useInBrowser();
  const [answeredWithPage] = useState(() => !inBrowser);
  return useQuery({
    queryKey: queryKeys.session(),
    queryFn: async (): Promise<SessionInfo | null> => {
      try {
        return await unwrap(api.GET("/api/auth/session"));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 0,
    refetchOnMount: asked && !answeredWithPage,
  });
}

/** The signed-in admin's role, as the server said it; what the dashboard offers follows it (the server decides). */
export function useAdminRole(): AdminRole | undefined {
  return useSession({ asked: false }).data?.user.role;
}

/** Signing in or out changes what every admin read may answer: drop them all but the session. */
function useResetAdminCache() {
  const queryClient = useQueryClient();
  return (session: SessionInfo | null) => {
    // Another account (or none) from here on: nothing of the last one's open page or drafts is shown.
    usePagesEditorStore.getState().close();
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== queryKeys.session()[0] && query.queryKey[0] !== "/api/site-settings",
    });
    queryClient.setQueryData(queryKeys.session(), session);
  };
}

export function useLogin() {
  const api = useApi();
  const { t } = useAdminCopy();
  const show = useToastStore((state) => state.show);
  const reset = useResetAdminCache();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => unwrap(api.POST("/api/auth/login", { body })),
    onSuccess: (session) => {
      reset(session);
      show({ title: t("login.toast.success"), description: t("login.toast.successText"), variant: "default" });
    },
    onError: (error) => {
      show({
        title: t("login.toast.failed"),
        description: loginRefusal(t, error),
        variant: "destructive",
        // The sign-in form says the same beside its fields, and that is what is read out.
        announced: false,
      });
    },
  });
}

/** Why a sign-in failed, in the owner's words: too many attempts, a wrong email or password, or anything else. */
export function loginRefusal(t: AdminT, error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return t("login.rateLimited");
  return error instanceof ApiError && error.status === 401 ? t("login.invalid") : t("login.failed");
}

/** Accepting an invitation creates the account and signs this browser in to it. */
export function useAcceptInvitation(callbacks: { onSuccess?: () => void } = {}) {
  const api = useApi();
  const { t } = useAdminCopy();
  const show = useToastStore((state) => state.show);
  const reset = useResetAdminCache();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      unwrap(api.POST("/api/auth/invitations/accept", { body })),
    onSuccess: (session) => {
      reset(session);
      show({
        title: t("invitation.toast.welcome"),
        description: t("invitation.toast.welcomeText"),
        variant: "default",
      });
      callbacks.onSuccess?.();
    },
  });
}

/** After the server revoked the session; a 401 means it was already gone, which ends the same way. */
function useSignOut(done: "dashboard.toast.loggedOut" | "account.toast.signedOutEverywhere") {
  const { t } = useAdminCopy();
  const show = useToastStore((state) => state.show);
  const reset = useResetAdminCache();
  const signedOut = () => {
    reset(null);
    show({ title: t(done), variant: "default" });
  };
  return {
    onSuccess: signedOut,
    onError: (error: Error) => {
      if (isUnauthorized(error)) signedOut();
      else
        show({ title: t("dashboard.toast.logoutFailed"), description: serverMessage(error), variant: "destructive" });
    },
  };
}

export function useLogout() {
  const api = useApi();
  return useMutation({
    mutationFn: () => unwrap(api.POST("/api/auth/logout")),
    ...useSignOut("dashboard.toast.loggedOut"),
  });
}

export function useLogoutEverywhere() {
  const api = useApi();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE("/api/auth/sessions")),
    ...useSignOut("account.toast.signedOutEverywhere"),
  });
}

const passwordRefusals = [
  "current_password_incorrect",
  "password_same_as_current",
  "password_resembles_email",
  "password_too_weak",
] as const;
type PasswordRefusal = (typeof passwordRefusals)[number];
const isPasswordRefusal = (reason: string | undefined): reason is PasswordRefusal =>
  passwordRefusals.some((known) => known === reason);

/**
 * Why the server refused a password change, in the admin's words, by field: the reason's sentence and
 * the strength estimator's advice (hints it has no copy for are left out).
 */
export function passwordRefusal(
  t: AdminT,
  error: unknown,
): { field: "currentPassword" | "newPassword"; text: string } | null {
  const detail = errorDetails(error).find((item) => isPasswordRefusal(item.reason));
  if (!detail || !isPasswordRefusal(detail.reason)) return null;
  const advice = (detail.hints ?? [])
    .map((hint) => `account.advice.${hint}`)
    .filter((key) => t(key, { defaultValue: "" }) !== "")
    .map((key) => t(key));
  return {
    field: detail.path === "currentPassword" ? "currentPassword" : "newPassword",
    text: [t(`account.refusals.${detail.reason}`), ...advice].join(" "),
  };
}

export const useChangePassword = createMutation({
  call: (api, body: { currentPassword: string; newPassword: string }) =>
    unwrap(api.POST("/api/auth/password", { body })),
  // The invitations this account made were withdrawn with the change.
  invalidates: [accountKeys.invitations()],
  success: (t) => ({ title: t("account.toast.passwordChanged"), description: t("account.toast.passwordChangedText") }),
  failure: (t) => t("account.toast.passwordFailed"),
  failureText: (t, error) => passwordRefusal(t, error)?.text ?? null,
});
