import type { Revision } from "@rsv/api/client";
import { useState } from "react";
import { useAdminCopy, type AdminT } from "../admin-copy.js";
import { fieldLabel } from "../audit/field-label.js";
import { useRestoreRevision, useRevisions, type RevisionEntity } from "../api/revisions.js";
import { askConfirm } from "./confirm.js";
import { whenText } from "./when.js";

const SHOWN_CHARACTERS = 400;

/** A stored instant (a post's publication time), as the contract writes it. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A field's value as the owner reads it: yes or no, a time in the dashboard's language and the
 * browser's clock, text as written, lists one per line, the rest as JSON.
 */
export function displayValue(value: unknown, t: AdminT, lang: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? t("audit.changes.yes") : t("audit.changes.no");
  if (typeof value === "string" && INSTANT.test(value)) return whenText(value, lang);
  if (typeof value === "string")
    return value.length > SHOWN_CHARACTERS ? `${value.slice(0, SHOWN_CHARACTERS)}…` : value;
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.join("\n") || "—";
  return JSON.stringify(value, null, 2);
}

function FieldChange({
  entity,
  field,
  before,
  after,
}: {
  entity: RevisionEntity;
  field: string;
  before: unknown;
  after: unknown;
}) {
  const { t, lang } = useAdminCopy();
  return (
    <div className="grid gap-2 sm:grid-cols-[10rem_1fr_1fr]" data-testid="revision-field" data-field={field}>
      <span className="text-sm font-semibold text-slate-700">{fieldLabel(t, field, entity)}</span>
      <div className="min-w-0 rounded bg-red-50 p-2">
        <span className="sr-only">{t("revisions.before")}: </span>
        <pre className="text-xs break-words whitespace-pre-wrap text-red-900">{displayValue(before, t, lang)}</pre>
      </div>
      <div className="min-w-0 rounded bg-emerald-50 p-2">
        <span className="sr-only">{t("revisions.after")}: </span>
        <pre className="text-xs break-words whitespace-pre-wrap text-emerald-900">{displayValue(after, t, lang)}</pre>
      </div>
    </div>
  );
}

function RevisionEntry({
  entity,
  revision,
  previous,
  latest,
  onRestore,
  restoring,
}: {
  entity: RevisionEntity;
  revision: Revision;
  previous: Revision | undefined;
  latest: boolean;
  onRestore: () => void;
  restoring: boolean;
}) {
  const { t, lang } = useAdminCopy();
  const when = whenText(revision.createdAt, lang);
  const who = revision.actor?.email ?? t("revisions.noAuthor");
  const before = (previous?.snapshot ?? {}) as Record<string, unknown>;
  const after = revision.snapshot as Record<string, unknown>;
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="revision">
      <details>
        <summary className="cursor-pointer text-sm">
          {/* The version found when history began is kept at the first save after: that moment is not
              when it was written, so it goes by its name alone. */}
          {revision.actor === null && !previous ? (
            <span className="font-semibold text-slate-900">{who}</span>
          ) : (
            <>
              <span className="font-semibold text-slate-900">{when}</span> · {who}
            </>
          )}
          {revision.restoredFrom !== null && (
            <span className="ml-2 rounded bg-slate-100 px-1.5 text-xs">{t("revisions.restored")}</span>
          )}
          {latest && <span className="ml-2 rounded bg-emerald-100 px-1.5 text-xs">{t("revisions.current")}</span>}
          <span className="block text-xs text-slate-500">
            {previous
              ? t("revisions.changed", {
                  fields: revision.changed.map((field) => fieldLabel(t, field, entity)).join(", ") || "—",
                })
              : t("revisions.oldest")}
          </span>
        </summary>
        <div className="mt-3 space-y-2">
          {previous &&
            revision.changed.map((field) => (
              <FieldChange key={field} entity={entity} field={field} before={before[field]} after={after[field]} />
            ))}
        </div>
      </details>
      {!latest && (
        <button
          type="button"
          className="btn-outline mt-2 text-sm"
          disabled={restoring}
          onClick={() =>
            void askConfirm({ message: t("revisions.confirm"), confirmLabel: t("revisions.restore") }).then(
              (confirmed) => confirmed && onRestore(),
            )
          }
          data-testid="revision-restore"
        >
          {t("revisions.restoreThis")}
        </button>
      )}
    </li>
  );
}

/**
 * An item's saved versions, newest first: who saved, when and what changed, field by field against
 * the version before; any older version is restored in one click (and the restore is a version too).
 */
export function RevisionHistory({
  entity,
  entityId,
  onRestored,
}: {
  entity: RevisionEntity;
  entityId: string;
  onRestored?: () => void;
}) {
  const { t } = useAdminCopy();
  const [open, setOpen] = useState(false);
  const revisions = useRevisions(entity, entityId, open);
  const restore = useRestoreRevision({ onSuccess: () => onRestored?.() });
  const list = revisions.data ?? [];
  return (
    <details
      className="rounded-xl border border-slate-200 bg-slate-50 p-3"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="revision-history"
    >
      <summary className="cursor-pointer font-semibold text-slate-800">{t("revisions.title")}</summary>
      {revisions.isPending && open && <p className="mt-2 text-sm text-slate-500">{t("common.loading")}</p>}
      {revisions.isSuccess && list.length === 0 && (
        <p className="mt-2 text-sm text-slate-500">{t("revisions.empty")}</p>
      )}
      <ol className="mt-3 space-y-2">
        {list.map((revision, index) => (
          <RevisionEntry
            key={revision.id}
            entity={entity}
            revision={revision}
            previous={list[index + 1]}
            latest={index === 0}
            restoring={restore.isPending}
            onRestore={() => restore.mutate({ entity, entityId, revisionId: revision.id })}
          />
        ))}
      </ol>
    </details>
  );
}
