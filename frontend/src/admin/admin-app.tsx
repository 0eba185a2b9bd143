import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { useApi } from "../api/api-context.js";
import { adminLanguageChoice, keepStoredChoiceInCookie } from "../i18n/language-choice.js";
import { Toaster } from "../components/layout/toaster.js";
import { registerAdminCopy, useAdminCopy } from "./admin-copy.js";
import { AcceptInvitationScreen, useInvitationToken } from "./accounts/accept-invitation.js";
import { useAdminUiStore } from "./admin.store.js";
import { forgetTimeZone, startDashboardReports } from "./api/analytics.js";
import { useSession } from "./api/session.js";
import { useSiteSettings } from "./api/settings.js";
import { Dashboard } from "./dashboard.js";
import { LoginScreen } from "./login/login-screen.js";

export default function AdminApp() {
  const { i18n } = useTranslation();
  registerAdminCopy(i18n);
  return <AdminRoot />;
}

/** The server's answer to the session call decides what shows; nothing stored in the browser does. */
function AdminRoot() {
  const { t, lang } = useAdminCopy();
  const session = useSession();
  useDocumentHead(t("dashboard.title"), lang);
  useEarlyReports(session.data === null);
  // A choice kept only in storage (before the cookie was, or the cookie cleared): the next load renders in it.
  useEffect(() => keepStoredChoiceInCookie(adminLanguageChoice), []);
  // An invitation link opens the page where the invitee chooses a password, whoever is signed in here.
  const [invitation, forgetInvitation] = useInvitationToken();
  return (
    <div lang={lang}>
      {invitation ? (
        <AcceptInvitationScreen token={invitation} onDone={forgetInvitation} />
      ) : session.isPending ? (
        <p className="p-8 text-center text-slate-500">{t("common.loading")}</p>
      ) : session.isError ? (
        <p role="alert" className="p-8 text-center text-red-600">
          {t("common.loadFailed")}
        </p>
      ) : session.data ? (
        <Dashboard email={session.data.user.email} role={session.data.user.role} />
      ) : (
        <LoginScreen />
      )}
      <Toaster placement="top" labels={{ region: t("common.notifications"), close: t("common.close") }} />
    </div>
  );
}

/**
 * The tab's title names the site as its owner set it, and the page's language is the dashboard's (the
 * server rendered both in the language the request's cookie named, which the browser's choice may change).
 */
function useDocumentHead(title: string, lang: string) {
  const siteName = useSiteSettings().data?.siteName?.trim();
  useEffect(() => {
    document.title = siteName ? `${title} | ${siteName}` : title;
  }, [title, siteName]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
}

/**
 * The dashboard opens on its reports: they are asked for beside the session call, not after it, and not
 * at all when the page came saying nobody is signed in (they would only be refused).
 */
function useEarlyReports(signedOut: boolean) {
  const queryClient = useQueryClient();
  const api = useApi();
  const [search] = useSearchParams();
  // Once, as the admin opens: later views ask for their own reports.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!signedOut && useAdminUiStore.getState().tab === "analytics") startDashboardReports(queryClient, api, search);
  }, [queryClient, api, search, signedOut]);
  useEffect(() => {
    if (signedOut) forgetTimeZone();
  }, [signedOut]);
}
