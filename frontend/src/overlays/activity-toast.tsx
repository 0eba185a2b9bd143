import { unwrap, type RecentActivity } from "@rsv/api/client";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { useApi } from "../api/api-context.js";
import { useCopy } from "../i18n/use-lang.js";
import { reviewPath, type Lang } from "../routes.js";
import { useActivityToastStore } from "../stores/activity-toast.store.js";
import { useChatStore } from "../stores/chat.store.js";
import { CloseButton } from "../components/ui/icon-button.js";
import { countryName } from "../lib/format.js";

function timeAgo(minutes: number, lang: Lang, justNow: string): string {
  if (minutes < 1) return justNow;
  const format = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  if (minutes < 60) return format.format(-minutes, "minute");
  if (minutes < 60 * 24) return format.format(-Math.round(minutes / 60), "hour");
  return format.format(-Math.round(minutes / (60 * 24)), "day");
}

/** Real, anonymised affiliate clicks from analytics: a country at most, never a person. */
export function ActivityToast() {
  const { t, lang } = useCopy("overlays");
  const api = useApi();
  const { phase, activity, start, close } = useActivityToastStore();
  // On a phone the open chat covers the whole bottom edge: the toast gives way.
  const chatShown = useChatStore((state) => state.view !== "closed");

  useEffect(
    () =>
      start({
        load: () => unwrap(api.GET("/api/analytics/recent-activity")),
        reducedMotion: window.matchMedia("(prefers-reduced-motion: reduce)").matches,
      }),
    [api, start],
  );

  if (phase === "hidden" || !activity) return null;
  return (
    <aside
      aria-label={t("activity.label")}
      data-testid="activity-toast"
      data-phase={phase}
      className={`fixed bottom-4 left-4 z-30 flex w-[calc(100vw-7rem)] max-w-xs items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-lg transition-opacity duration-300 motion-reduce:transition-none ${
        phase === "visible" ? "opacity-100" : "opacity-0"
      } ${chatShown ? "max-sm:hidden" : ""}`}
    >
      <span aria-hidden="true" className="mt-1 h-2.5 w-2.5 shrink-0 rounded-full bg-emerald-500" />
      <div role="status" className="min-w-0 flex-1 text-sm text-slate-800">
        <ActivityText activity={activity} lang={lang} />
        <p className="text-xs text-slate-500">{timeAgo(activity.minutesAgo, lang, t("activity.justNow"))}</p>
      </div>
      <CloseButton
        label={t("activity.close")}
        onClick={close}
        className="rounded p-1 text-slate-400 hover:text-slate-700"
        data-testid="activity-toast-close"
      />
    </aside>
  );
}

function ActivityText({ activity, lang }: { activity: RecentActivity; lang: Lang }) {
  const { t } = useCopy("overlays");
  const key = activity.country ? "activity.withCountry" : "activity.withoutCountry";
  const country = activity.country ? countryName(activity.country, lang) : "";
  // The product name becomes a link inside the translated sentence.
  const [before, after] = t(key, { country, product: "\u0000" }).split("\u0000");
  return (
    <p>
      {before}
      {activity.productSlug ? (
        <Link
          to={reviewPath(activity.productSlug, lang)}
          className="font-semibold text-wine-800 hover:underline"
          data-testid="activity-product"
        >
          {activity.productName}
        </Link>
      ) : (
        <strong data-testid="activity-product">{activity.productName}</strong>
      )}
      {after}
    </p>
  );
}
