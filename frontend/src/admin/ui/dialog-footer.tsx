import { useAdminCopy } from "../admin-copy.js";

/** The foot of a create/edit dialog: the "fix the marked fields" alert, Cancel and Save (or Create). */
export function DialogFooter({
  showErrors,
  pending,
  creating,
  createLabel,
  onCancel,
}: {
  showErrors: boolean;
  pending: boolean;
  creating: boolean;
  createLabel: string;
  onCancel: () => void;
}) {
  const { t } = useAdminCopy();
  return (
    <>
      {showErrors && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {t("common.fixErrors")}
        </p>
      )}
      <div className="sticky bottom-0 flex justify-end gap-3 border-t border-slate-200 bg-white pt-4">
        <button type="button" className="btn-outline" onClick={onCancel}>
          {t("common.cancel")}
        </button>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? t("common.saving") : creating ? createLabel : t("common.save")}
        </button>
      </div>
    </>
  );
}
