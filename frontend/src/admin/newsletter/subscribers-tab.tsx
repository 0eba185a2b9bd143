import { copyText } from "../../lib/clipboard.js";
import { useToastStore } from "../../stores/toast.store.js";
import { useAdminCopy } from "../admin-copy.js";
import { useState } from "react";
import {
  subscriberStatuses,
  useBrowseSubscribers,
  useDeleteSubscriber,
  useExportSubscribers,
  type SubscriberStatus,
} from "../api/subscribers.js";
import { askConfirm } from "../ui/confirm.js";
import { ListSkeletons, SelectField } from "../ui/fields.js";

export const subscriberSkeletonCount = 5;

const statusClass: Record<SubscriberStatus, string> = {
  pending: "bg-amber-50 text-amber-800",
  confirmed: "bg-emerald-50 text-emerald-800",
  unsubscribed: "bg-slate-100 text-slate-600",
  bounced: "bg-red-50 text-red-700",
};

/**
 * Saves the export as the service wrote it: CSV in UTF-8 with its byte-order mark (reading the response
 * as text drops the mark, so it is put back), which tells a spreadsheet the accents are UTF-8.
 */
function download(filename: string, csv: string) {
  const withMark = csv.startsWith("\uFEFF") ? csv : `\uFEFF${csv}`;
  const url = URL.createObjectURL(new Blob([withMark], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function SubscribersTab() {
  const { t, lang } = useAdminCopy();
  const show = useToastStore((state) => state.show);
  const subscribers = useBrowseSubscribers();
  const remove = useDeleteSubscriber();
  const exportEmails = useExportSubscribers({ onSuccess: (file) => download(file.filename, file.text) });
  const [filter, setFilter] = useState<SubscriberStatus | "all">("all");
  const all = subscribers.data ?? [];
  const shown = filter === "all" ? all : all.filter((subscriber) => subscriber.status === filter);
  // What Export takes: the status shown, confirmed when every status is. Copy takes the confirmed
  // addresses whatever is shown: it is for mailing, and only they asked for mail.
  const exportStatus: SubscriberStatus = filter === "all" ? "confirmed" : filter;
  const confirmedCount = all.filter((subscriber) => subscriber.status === "confirmed").length;
  const date = new Intl.DateTimeFormat(lang === "es" ? "es-ES" : "en-US", { dateStyle: "medium" });

  async function copyEmails() {
    const confirmed = all.filter((subscriber) => subscriber.status === "confirmed");
    const copied = await copyText(confirmed.map((subscriber) => subscriber.email).join(","));
    show(
      copied
        ? {
            title: t("newsletter.toast.copied"),
            description: t("newsletter.toast.copiedText", { count: confirmed.length }),
            variant: "default",
          }
        : { title: t("newsletter.toast.copyFailed"), variant: "destructive" },
    );
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{t("newsletter.title")}</h2>
          {subscribers.data && (
            <p className="text-sm text-slate-600">
              {t("newsletter.counts", { count: subscribers.data.length, active: confirmedCount })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-outline py-2"
            disabled={exportEmails.isPending || all.every((subscriber) => subscriber.status !== exportStatus)}
            onClick={() => exportEmails.mutate(exportStatus)}
          >
            {t(`newsletter.exportAs.${exportStatus}`)}
          </button>
          <button type="button" className="btn-outline py-2" disabled={confirmedCount === 0} onClick={copyEmails}>
            {t("newsletter.copy")}
          </button>
        </div>
      </div>
      <div className="mt-4 max-w-xs">
        <SelectField
          label={t("newsletter.filter")}
          value={filter}
          onValue={setFilter}
          options={[
            { value: "all" as const, label: t("newsletter.allStatuses") },
            ...subscriberStatuses.map((status) => ({ value: status, label: t(`newsletter.status.${status}`) })),
          ]}
        />
      </div>
      <div className="mt-6">
        {subscribers.isPending ? (
          <ListSkeletons count={subscriberSkeletonCount} testId="subscriber-skeleton" />
        ) : subscribers.isError ? (
          <p className="text-red-600">{t("common.loadFailed")}</p>
        ) : shown.length === 0 ? (
          <p className="text-slate-600">{t("newsletter.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {shown.map((subscriber) => (
              <li key={subscriber.id} className="flex flex-wrap items-center gap-3 p-4" data-testid="subscriber-row">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{subscriber.email}</p>
                  <p className="text-xs text-slate-500">
                    {t("newsletter.subscribedOn", { date: date.format(new Date(subscriber.subscribedAt)) })}
                    {subscriber.confirmedAt &&
                      ` · ${t("newsletter.confirmedOn", { date: date.format(new Date(subscriber.confirmedAt)) })}`}
                    {subscriber.unsubscribedAt &&
                      ` · ${t("newsletter.unsubscribedOn", { date: date.format(new Date(subscriber.unsubscribedAt)) })}`}
                    {subscriber.bouncedAt &&
                      ` · ${t("newsletter.bouncedOn", { date: date.format(new Date(subscriber.bouncedAt)) })}`}
                  </p>
                  <p className="truncate text-xs text-slate-500">
                    {t(`newsletter.languages.${subscriber.language}`)}
                    {subscriber.sourcePath && ` · ${t("newsletter.from", { page: subscriber.sourcePath })}`}
                  </p>
                </div>
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClass[subscriber.status]}`}>
                  {t(`newsletter.status.${subscriber.status}`)}
                </span>
                <button
                  type="button"
                  className="rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
                  disabled={remove.isPending}
                  onClick={async () => {
                    if (await askConfirm({ message: t("newsletter.confirmDelete"), confirmLabel: t("common.delete") }))
                      remove.mutate(subscriber.id);
                  }}
                  aria-label={t("common.deleteItem", { name: subscriber.email })}
                >
                  {t("common.delete")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
