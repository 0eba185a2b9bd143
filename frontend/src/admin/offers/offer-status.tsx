import type { OfferStatus } from "@rsv/api/client";
import { countryName, numberLocale } from "../../lib/format.js";
import type { Lang } from "../../routes.js";
import { useAdminCopy, type AdminT } from "../admin-copy.js";

const styles: Record<OfferStatus, string> = {
  ok: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  redirected: "bg-sky-50 text-sky-800 ring-sky-200",
  unchecked: "bg-slate-100 text-slate-700 ring-slate-200",
  broken: "bg-red-50 text-red-800 ring-red-200",
  out_of_stock: "bg-amber-50 text-amber-900 ring-amber-200",
};

/** A market as the owner reads it: the country's name beside its code ("United States (US)"), or words for `default`. */
export function marketName(t: AdminT, lang: Lang, market: string): string {
  if (market === "default") return t("offers.defaultMarket");
  const name = countryName(market, lang);
  return name === market ? market : `${name} (${market})`;
}

/** A check's date and time in the admin's language ("27 Nov 2026, 18:47"). */
export function useDateTime(): (iso: string) => string {
  const { lang } = useAdminCopy();
  const format = new Intl.DateTimeFormat(numberLocale[lang], { dateStyle: "medium", timeStyle: "short" });
  return (iso: string) => format.format(new Date(iso));
}

/** An offer's health in words (never by colour alone). */
/**
 * An offer's status. One failed check leaves a new offer's status as it was (two in a row make it
 * broken): "not checked yet" beside a check's time read as a contradiction, so it says it failed once.
 */
export function OfferStatusBadge({ status, checkedAt }: { status: OfferStatus; checkedAt: string | null }) {
  const { t } = useAdminCopy();
  const failedOnce = status === "unchecked" && checkedAt !== null;
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${styles[status]}`}
      data-testid="offer-status"
      data-status={status}
      title={failedOnce ? t("offers.status.failedOnceHint") : undefined}
    >
      {failedOnce ? t("offers.status.failedOnce") : t(`offers.status.${status}`)}
    </span>
  );
}
