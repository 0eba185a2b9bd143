import type { AuditChange, AuditEvent } from "@rsv/api/client";
import { useId, useState, type FormEvent } from "react";
import { adminCopy, useAdminCopy, type AdminT } from "../admin-copy.js";
import { useAuditEvents } from "../api/audit.js";
import { ListSkeletons, SelectField, TextField } from "../ui/fields.js";
import { datesReversed, noAuditFilters, shownValue, type AuditFilters } from "./audit-view.js";
import { fieldLabel, serviceLabel } from "./field-label.js";

/** The actions the log names in words, in the order the filter offers them. */
const knownActions = Object.keys(adminCopy.en.audit.actions);

const actionLabel = (t: AdminT, action: string) => t(`audit.actions.${action}`, { defaultValue: action });

function Value({ value, present, secret }: { value: unknown; present: boolean; secret: boolean }) {
  const { t } = useAdminCopy();
  if (secret) return <span className="italic text-slate-500">{t("audit.changes.hidden")}</span>;
  const shown = shownValue(value, present);
  switch (shown.kind) {
    case "absent":
      return <span className="italic text-slate-500">{t("audit.changes.absent")}</span>;
    case "empty":
      return <span className="italic text-slate-500">{t("audit.changes.empty")}</span>;
    case "boolean":
      return <span>{shown.value ? t("audit.changes.yes") : t("audit.changes.no")}</span>;
    case "text":
      return <span className="whitespace-pre-wrap break-words">{shown.text}</span>;
  }
}

function Change({ change, entity }: { change: AuditChange; entity: string }) {
  const { t } = useAdminCopy();
  const hasBefore = "before" in change;
  const hasAfter = "after" in change;
  // A secret (a password, a token) is recorded by name only, with neither value.
  const secret = !hasBefore && !hasAfter;
  return (
    <li className="py-3" data-testid="audit-change" data-field={change.field}>
      <p className="break-words text-sm font-semibold text-slate-800" title={change.field}>
        {fieldLabel(t, change.field, entity)}
      </p>
      <div className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
        <div className="min-w-0 rounded-lg bg-red-50 p-2">
          <p className="text-xs font-semibold text-red-800">{t("audit.changes.before")}</p>
          <div className="max-h-40 overflow-auto text-slate-800" data-testid="audit-before">
            <Value value={change.before} present={hasBefore} secret={secret} />
          </div>
        </div>
        <div className="min-w-0 rounded-lg bg-emerald-50 p-2">
          <p className="text-xs font-semibold text-emerald-800">{t("audit.changes.after")}</p>
          <div className="max-h-40 overflow-auto text-slate-800" data-testid="audit-after">
            <Value value={change.after} present={hasAfter} secret={secret} />
          </div>
        </div>
      </div>
    </li>
  );
}

function EventRow({ event, time }: { event: AuditEvent; time: Intl.DateTimeFormat }) {
  const { t } = useAdminCopy();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li
      className="p-4"
      data-testid="audit-event"
      data-action={event.action}
      data-target-id={event.target.id ?? undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{actionLabel(t, event.action)}</p>
          {(event.target.label || (event.target.id !== null && event.target.id !== undefined)) && (
            <p className="break-words text-sm text-slate-700">
              {/* An item's id is for the owner only when it has no name to go by ("affiliate-disclosure.en"). */}
              {event.target.label ? (
                <span className="font-medium">{event.target.label}</span>
              ) : (
                <span className="text-slate-500">{t("audit.target", { id: event.target.id })}</span>
              )}
            </p>
          )}
          <p className="break-all text-sm text-slate-600">{t("audit.by", { email: event.actor.email })}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={event.occurredAt}>{time.format(new Date(event.occurredAt))}</time>
          </p>
        </div>
        <button
          type="button"
          className="btn-outline py-1.5 text-sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          {open ? t("audit.hideChanges") : t("audit.showChanges")}
        </button>
      </div>
      {open && (
        <div id={panelId} className="mt-3 border-t border-slate-200 pt-3" data-testid="audit-details">
          {event.changes.length === 0 ? (
            <p className="text-sm text-slate-600">{t("audit.noChanges")}</p>
          ) : (
            <section aria-label={t("audit.changes.caption")}>
              <h3 className="text-sm font-semibold text-slate-800">{t("audit.changes.caption")}</h3>
              <ul className="divide-y divide-slate-100">
                {event.changes.map((change) => (
                  <Change key={change.field} change={change} entity={event.target.entity} />
                ))}
              </ul>
            </section>
          )}
          <p className="mt-2 break-all text-xs text-slate-500">{t("audit.requestId", { id: event.requestId })}</p>
          <p className="text-xs text-slate-500">{serviceLabel(t, event.service)}</p>
        </div>
      )}
    </li>
  );
}

export function ActivityTab() {
  const { t, lang } = useAdminCopy();
  const [draft, setDraft] = useState<AuditFilters>(noAuditFilters);
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  const events = useAuditEvents(filters);
  const reversed = datesReversed(draft);
  const time = new Intl.DateTimeFormat(lang === "es" ? "es-ES" : "en-US", { dateStyle: "medium", timeStyle: "medium" });
  const set = (field: keyof AuditFilters) => (value: string) => setDraft({ ...draft, [field]: value });

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!reversed) setFilters(draft);
  }

  const shown = events.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <div>
      <h2 className="text-xl font-semibold text-slate-900">{t("audit.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("audit.intro")}</p>
      <form
        onSubmit={apply}
        aria-label={t("audit.filters.label")}
        className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <TextField
          label={t("audit.filters.actor")}
          value={draft.actor}
          onValue={set("actor")}
          placeholder={t("audit.filters.actorPlaceholder")}
          maxLength={254}
          autoComplete="off"
        />
        <SelectField
          label={t("audit.filters.action")}
          value={draft.action}
          onValue={set("action")}
          options={[
            { value: "", label: t("audit.filters.anyAction") },
            ...knownActions.map((action) => ({ value: action, label: actionLabel(t, action) })),
          ]}
        />
        <TextField label={t("audit.filters.from")} type="date" value={draft.from} onValue={set("from")} />
        <TextField
          label={t("audit.filters.to")}
          type="date"
          value={draft.to}
          onValue={set("to")}
          error={reversed ? t("audit.filters.badDates") : null}
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn-primary py-2" disabled={reversed}>
            {t("audit.filters.apply")}
          </button>
          <button
            type="button"
            className="btn-outline py-2"
            onClick={() => {
              setDraft(noAuditFilters);
              setFilters(noAuditFilters);
            }}
          >
            {t("audit.filters.clear")}
          </button>
        </div>
      </form>
      <div className="mt-6">
        {events.isPending ? (
          <ListSkeletons count={5} testId="audit-skeleton" />
        ) : events.isError ? (
          <p className="text-red-600">{t("common.loadFailed")}</p>
        ) : shown.length === 0 ? (
          <p className="text-slate-600">{t("audit.empty")}</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="audit-list">
              {shown.map((event) => (
                <EventRow key={event.id} event={event} time={time} />
              ))}
            </ul>
            {events.hasNextPage && (
              <button
                type="button"
                className="btn-outline mt-4 w-full py-2 sm:w-auto"
                disabled={events.isFetchingNextPage}
                onClick={() => void events.fetchNextPage()}
              >
                {events.isFetchingNextPage ? t("audit.loadingMore") : t("audit.loadMore")}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
