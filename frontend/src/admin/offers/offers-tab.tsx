import type { Offer, OfferCheck, OfferCheckRun, OfferStatus } from "@rsv/api/client";
import { useQueryClient } from "@tanstack/react-query";
import { Fragment, useEffect, useRef, useState, type ReactNode } from "react";
import { queryKeys } from "../../api/queries.js";
import { formatPrice } from "../../lib/format.js";
import { useAdminCopy } from "../admin-copy.js";
import { useBrowseOffers, useCheckOffers, useOfferCheckRun } from "../api/offers.js";
import { useBrowseProducts } from "../api/products.js";
import { useAdminRole } from "../api/session.js";
import { RetailersPanel } from "./retailers-panel.js";
import { ListSkeletons, SelectField } from "../ui/fields.js";
import { LinkCheckSettingsPanel } from "./link-check-settings.js";
import { OfferDialog } from "./offer-dialog.js";
import { useOfferDialogStore } from "./offer-dialog.store.js";
import { OfferRowActions } from "./offer-row-actions.js";
import { marketName, OfferStatusBadge, useDateTime } from "./offer-status.js";
import { useOfferFiltersStore, type StatusFilter } from "./offers.store.js";
import { checkDetailText, filterOffers, marketsOf, runPercent } from "./offers-view.js";

const statuses: OfferStatus[] = ["unchecked", "ok", "redirected", "broken", "out_of_stock"];
const columns = ["product", "retailer", "market", "price", "status", "checkedAt", "httpStatus", "finalUrl"] as const;

/** Asked again every second while a run is under way, so progress and statuses show as they change. */
const whileRunning = (run: OfferCheckRun | undefined) => (run?.state === "running" ? 1000 : false);

/**
 * A link for an http(s) address a check ended on; anything else (never expected) as text. Cut short in
 * the table's column; on a phone's card the whole address, wrapped anywhere (a long one has no spaces).
 */
function Address({ url, wrap = false }: { url: string | null; wrap?: boolean }) {
  const fit = wrap ? "wrap-anywhere" : "block max-w-48 truncate";
  if (!url) return <span className="text-slate-400">—</span>;
  if (!/^https?:\/\//i.test(url))
    return (
      <span className={fit} title={url}>
        {url}
      </span>
    );
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" title={url} className={`${fit} text-wine-700 underline`}>
      {url}
    </a>
  );
}

function CheckRunProgress({ run }: { run: OfferCheckRun }) {
  const { t } = useAdminCopy();
  if (run.state !== "running") return null;
  return (
    <div className="mt-4 rounded-xl border border-sky-200 bg-sky-50 p-4" data-testid="check-progress">
      <div className="flex flex-wrap justify-between gap-2 text-sm text-sky-900">
        <label htmlFor="check-progress-bar" className="font-semibold">
          {t("offers.run.checking")}
        </label>
        <span aria-live="polite" data-testid="check-progress-text">
          {t("offers.run.progress", { done: run.done, total: run.total, problems: run.problems })}
        </span>
      </div>
      <progress
        id="check-progress-bar"
        className="mt-2 h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-sky-700 [&::-webkit-progress-bar]:bg-sky-100 [&::-webkit-progress-value]:bg-sky-700"
        value={run.done}
        max={Math.max(run.total, 1)}
      >
        {runPercent(run)}%
      </progress>
    </div>
  );
}

function RecentChecks({ checks }: { checks: OfferCheck[] }) {
  const { t } = useAdminCopy();
  const dateTime = useDateTime();
  if (checks.length === 0) return <p className="text-sm text-slate-600">{t("offers.checks.none")}</p>;
  return (
    <table className="w-full text-left text-xs" data-testid="recent-checks">
      <caption className="sr-only">{t("offers.checks.title")}</caption>
      <thead className="text-slate-500">
        <tr>
          <th scope="col" className="py-1 pr-3">
            {t("offers.checks.checkedAt")}
          </th>
          <th scope="col" className="py-1 pr-3">
            {t("offers.checks.outcome")}
          </th>
          <th scope="col" className="py-1 pr-3">
            {t("offers.columns.httpStatus")}
          </th>
          <th scope="col" className="py-1 pr-3">
            {t("offers.columns.finalUrl")}
          </th>
          <th scope="col" className="py-1 pr-3">
            {t("offers.checks.detail")}
          </th>
          <th scope="col" className="py-1">
            {t("offers.checks.duration")}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {checks.map((check) => (
          <tr key={check.checkedAt} data-outcome={check.outcome}>
            <td className="py-1 pr-3 whitespace-nowrap">{dateTime(check.checkedAt)}</td>
            <td className="py-1 pr-3">{t(`offers.outcomes.${check.outcome}`)}</td>
            <td className="py-1 pr-3">{check.httpStatus ?? "—"}</td>
            <td className="py-1 pr-3">
              <Address url={check.finalUrl} />
            </td>
            <td className="py-1 pr-3">{check.detail ? checkDetailText(check.detail, t) : "—"}</td>
            <td className="py-1 whitespace-nowrap">{t("offers.checks.durationValue", { ms: check.durationMs })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A phone's list of an offer's recent checks: each check's figures under their names, nothing to scroll sideways. */
function RecentCheckList({ checks }: { checks: OfferCheck[] }) {
  const { t } = useAdminCopy();
  const dateTime = useDateTime();
  if (checks.length === 0) return <p className="text-sm text-slate-600">{t("offers.checks.none")}</p>;
  return (
    <ol
      className="divide-y divide-slate-200 text-xs"
      aria-label={t("offers.checks.title")}
      data-testid="recent-checks-list"
    >
      {checks.map((check) => (
        <li key={check.checkedAt} className="py-2" data-outcome={check.outcome}>
          <p className="font-semibold text-slate-900">{dateTime(check.checkedAt)}</p>
          <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
            <dt className="text-slate-500">{t("offers.checks.outcome")}</dt>
            <dd>{t(`offers.outcomes.${check.outcome}`)}</dd>
            <dt className="text-slate-500">{t("offers.columns.httpStatus")}</dt>
            <dd>{check.httpStatus ?? "—"}</dd>
            <dt className="text-slate-500">{t("offers.columns.finalUrl")}</dt>
            <dd>
              <Address url={check.finalUrl} wrap />
            </dd>
            {check.detail && (
              <>
                <dt className="text-slate-500">{t("offers.checks.detail")}</dt>
                <dd className="wrap-anywhere">{checkDetailText(check.detail, t)}</dd>
              </>
            )}
            <dt className="text-slate-500">{t("offers.checks.duration")}</dt>
            <dd>{t("offers.checks.durationValue", { ms: check.durationMs })}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}

/** Check now, Edit and Delete for one offer, each named after it for screen readers. */
function OfferActions({ offer, name }: { offer: Offer; name: string }) {
  const { t } = useAdminCopy();
  const check = useCheckOffers();
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className="btn-outline px-3 py-1.5 text-sm whitespace-nowrap aria-disabled:opacity-50"
        // Not `disabled`: a disabled button loses the keyboard's focus to the top of the page.
        aria-disabled={check.isPending}
        onClick={() => {
          if (!check.isPending) check.mutate([offer.id]);
        }}
        aria-label={t("offers.checkItem", { name })}
      >
        {t("offers.checkNow")}
      </button>
      <OfferRowActions offer={offer} name={name} />
    </div>
  );
}

/** One figure of a phone's offer card, under its name. */
function Fact({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/**
 * An offer on a phone: the table's row as a card, headed by its retailer and market, with its price,
 * health, last check and the same buttons; its recent checks open below it.
 */
function OfferCard({ offer, productName }: { offer: Offer; productName: string }) {
  const { t, lang } = useAdminCopy();
  const dateTime = useDateTime();
  const [expanded, setExpanded] = useState(false);
  const market = marketName(t, lang, offer.market);
  const name = t("offers.rowName", { retailer: offer.retailer, product: productName, market });
  const detailsId = `offer-${offer.id}-card-checks`;
  return (
    <li className="p-4" data-testid="offer-card" data-offer-id={offer.id} data-status={offer.health.status}>
      {/* Each card's heading names its product too, for whoever lists the page's headings; the line below
          shows it to the eye. */}
      <h3 className="font-semibold wrap-anywhere text-slate-900">
        {offer.retailer}
        <span className="font-normal text-slate-600"> · {market}</span>
        <span className="sr-only">, {productName}</span>
      </h3>
      <p className="text-sm wrap-anywhere text-slate-600" aria-hidden="true">
        {productName}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <Fact label={t("offers.columns.price")}>
          <span className="font-semibold text-slate-900" data-testid="offer-price">
            {formatPrice(offer.price, offer.currency, lang)}
          </span>
          {offer.packSize !== null && (
            <span className="block text-xs text-slate-500">{t("offers.packOf", { count: offer.packSize })}</span>
          )}
        </Fact>
        <Fact label={t("offers.columns.status")}>
          <OfferStatusBadge status={offer.health.status} checkedAt={offer.health.checkedAt} />
        </Fact>
        <Fact label={t("offers.columns.checkedAt")}>
          <span data-testid="offer-checked-at">
            {offer.health.checkedAt ? dateTime(offer.health.checkedAt) : t("offers.never")}
          </span>
        </Fact>
        <Fact label={t("offers.columns.httpStatus")}>
          <span data-testid="offer-http-status">{offer.health.httpStatus ?? "—"}</span>
        </Fact>
        {offer.health.finalUrl && (
          <Fact label={t("offers.columns.finalUrl")} className="col-span-2 text-xs sm:col-span-4">
            <Address url={offer.health.finalUrl} wrap />
          </Fact>
        )}
      </dl>
      <div className="mt-3">
        <OfferActions offer={offer} name={name} />
      </div>
      <button
        type="button"
        className="mt-3 inline-flex min-h-8 items-center gap-1 text-sm font-medium text-wine-800 hover:underline"
        aria-expanded={expanded}
        aria-controls={detailsId}
        aria-label={t("offers.checksOf", { name })}
        onClick={() => setExpanded(!expanded)}
        data-testid="offer-expand"
      >
        <span aria-hidden="true" className={`inline-block transition-transform ${expanded ? "rotate-90" : ""}`}>
          ▸
        </span>
        {t("offers.checks.title")}
      </button>
      <div id={detailsId} hidden={!expanded} className="mt-2 rounded-lg bg-slate-50 px-3 py-2">
        {offer.health.detail && (
          <p className="mb-1 text-sm wrap-anywhere text-slate-700">
            {t("offers.lastDetail", { detail: checkDetailText(offer.health.detail, t) })}
          </p>
        )}
        <RecentCheckList checks={offer.recentChecks} />
      </div>
    </li>
  );
}

function OfferRow({ offer, productName }: { offer: Offer; productName: string }) {
  const { t, lang } = useAdminCopy();
  const dateTime = useDateTime();
  const [expanded, setExpanded] = useState(false);
  const market = marketName(t, lang, offer.market);
  const name = t("offers.rowName", { retailer: offer.retailer, product: productName, market });
  const detailsId = `offer-${offer.id}-checks`;
  return (
    <Fragment>
      <tr data-testid="offer-row" data-offer-id={offer.id} data-status={offer.health.status} className="align-top">
        <th scope="row" className="px-2.5 py-3 text-left font-medium text-slate-900">
          <button
            type="button"
            className="flex items-start gap-1 text-left hover:text-wine-800"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded(!expanded)}
            data-testid="offer-expand"
          >
            <span aria-hidden="true" className={`inline-block transition-transform ${expanded ? "rotate-90" : ""}`}>
              ▸
            </span>
            <span>
              {productName}
              <span className="sr-only"> {t("offers.showChecks")}</span>
            </span>
          </button>
        </th>
        <td className="px-2.5 py-3">{offer.retailer}</td>
        <td className="px-2.5 py-3">{market}</td>
        <td className="px-2.5 py-3 whitespace-nowrap" data-testid="offer-price">
          {formatPrice(offer.price, offer.currency, lang)}
          {offer.packSize !== null && (
            <span className="block text-xs text-slate-500">{t("offers.packOf", { count: offer.packSize })}</span>
          )}
        </td>
        <td className="px-2.5 py-3">
          <OfferStatusBadge status={offer.health.status} checkedAt={offer.health.checkedAt} />
        </td>
        <td className="px-2.5 py-3" data-testid="offer-checked-at">
          {offer.health.checkedAt ? dateTime(offer.health.checkedAt) : t("offers.never")}
        </td>
        <td className="px-2.5 py-3" data-testid="offer-http-status">
          {offer.health.httpStatus ?? "—"}
        </td>
        <td className="px-2.5 py-3 text-xs">
          <Address url={offer.health.finalUrl} />
        </td>
        <td className="px-2.5 py-3">
          <OfferActions offer={offer} name={name} />
        </td>
      </tr>
      <tr id={detailsId} hidden={!expanded} className="bg-slate-50">
        <td colSpan={columns.length + 1} className="px-6 py-3">
          {offer.health.detail && (
            <p className="mb-2 text-sm text-slate-700">
              {t("offers.lastDetail", { detail: checkDetailText(offer.health.detail, t) })}
            </p>
          )}
          <RecentChecks checks={offer.recentChecks} />
        </td>
      </tr>
    </Fragment>
  );
}

/** When a run finishes (its end time changes), the list is read once more for the final statuses. */
function useRefreshWhenRunEnds(run: OfferCheckRun | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<string | null | undefined>(undefined);
  const finishedAt = run?.finishedAt;
  useEffect(() => {
    if (finishedAt === undefined) return;
    if (seen.current !== undefined && seen.current !== finishedAt)
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminOffers() });
    seen.current = finishedAt;
  }, [finishedAt, queryClient]);
}

export function OffersTab() {
  const { t, lang } = useAdminCopy();
  const role = useAdminRole();
  const run = useOfferCheckRun({ refetchInterval: whileRunning });
  const running = run.data?.state === "running";
  const offers = useBrowseOffers({ refetchInterval: running ? 1000 : false });
  const products = useBrowseProducts();
  const checkAll = useCheckOffers();
  const openCreate = useOfferDialogStore((state) => state.openCreate);
  const { filters, setFilters } = useOfferFiltersStore();
  useRefreshWhenRunEnds(run.data);

  const names = new Map((products.data ?? []).map((product) => [product.id, product.name]));
  const nameOf = (id: number) => names.get(id) ?? t("offers.unknownProduct", { id });
  const all = offers.data ?? [];
  const shown = filterOffers(all, filters);

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{t("offers.title")}</h2>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-outline"
            disabled={checkAll.isPending || running || all.length === 0}
            onClick={() => checkAll.mutate(null)}
          >
            {t("offers.checkAll")}
          </button>
          <button type="button" className="btn-primary" onClick={openCreate}>
            {t("offers.add")}
          </button>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-600">{t("offers.intro")}</p>
      {run.data && <CheckRunProgress run={run.data} />}

      <div className="mt-6 grid gap-3 sm:grid-cols-3" role="group" aria-label={t("offers.filters.label")}>
        <SelectField<StatusFilter>
          label={t("offers.filters.status")}
          value={filters.status}
          onValue={(status) => setFilters({ status })}
          options={[
            { value: "", label: t("offers.filters.allStatuses") },
            { value: "problems", label: t("offers.filters.problems") },
            ...statuses.map((status) => ({ value: status, label: t(`offers.status.${status}`) })),
          ]}
        />
        <SelectField
          label={t("offers.filters.product")}
          value={filters.productId}
          onValue={(productId) => setFilters({ productId })}
          options={[
            { value: "", label: t("offers.filters.allProducts") },
            ...(products.data ?? []).map((product) => ({ value: String(product.id), label: product.name })),
          ]}
        />
        <SelectField
          label={t("offers.filters.market")}
          value={filters.market}
          onValue={(market) => setFilters({ market })}
          options={[
            { value: "", label: t("offers.filters.allMarkets") },
            ...marketsOf(all).map((market) => ({ value: market, label: marketName(t, lang, market) })),
          ]}
        />
      </div>

      <div className="mt-6">
        {offers.isPending ? (
          <ListSkeletons count={4} testId="offer-skeleton" />
        ) : offers.isError ? (
          <p className="text-red-600">{t("common.loadFailed")}</p>
        ) : all.length === 0 ? (
          <p className="text-slate-600">{t("offers.empty")}</p>
        ) : shown.length === 0 ? (
          <p className="text-slate-600" data-testid="offers-none-match">
            {t("offers.noneMatch")}
          </p>
        ) : (
          <>
            {/* Below md a card per offer, nothing to scroll sideways; from md up the table. Only one of
                the two is displayed, so the keyboard and screen readers meet each offer once. */}
            <ul
              className="divide-y divide-slate-200 rounded-xl border border-slate-200 md:hidden"
              aria-label={t("offers.caption", { count: shown.length })}
              data-testid="offers-list"
            >
              {shown.map((offer) => (
                <OfferCard key={offer.id} offer={offer} productName={nameOf(offer.productId)} />
              ))}
            </ul>
            <div className="relative hidden overflow-x-auto rounded-xl border border-slate-200 md:block">
              <table className="w-full min-w-[1000px] text-left text-sm" data-testid="offers-table">
                <caption className="sr-only">{t("offers.caption", { count: shown.length })}</caption>
                <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
                  <tr>
                    {columns.map((column) => (
                      <th key={column} scope="col" className="px-2.5 py-2">
                        {t(`offers.columns.${column}`)}
                      </th>
                    ))}
                    <th scope="col" className="px-2.5 py-2">
                      <span className="sr-only">{t("offers.columns.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {shown.map((offer) => (
                    <OfferRow key={offer.id} offer={offer} productName={nameOf(offer.productId)} />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>

      {/* Templates decide who is paid: the owner edits them (x-role: owner), an editor reads them. */}
      <RetailersPanel canEdit={role === "owner"} />
      {/* How often links are checked is the owner's setting (x-role: owner). */}
      {role === "owner" && <LinkCheckSettingsPanel />}
      <OfferDialog />
    </div>
  );
}
