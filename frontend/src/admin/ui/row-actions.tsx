import { useAdminCopy } from "../admin-copy.js";
import { askConfirm } from "./confirm.js";

/** Edit and Delete for one row of a list; Delete asks first, with the screen's own question. */
export function RowActions({
  name,
  confirmText,
  deleting,
  onEdit,
  onDelete,
}: {
  /** The row's name, for screen readers: "Edit {name}". */
  name: string;
  confirmText: string;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useAdminCopy();
  return (
    <div className="flex gap-2">
      <button
        type="button"
        className="btn-outline px-3 py-1.5 text-sm"
        onClick={onEdit}
        aria-label={t("common.editItem", { name })}
      >
        {t("common.edit")}
      </button>
      <button
        type="button"
        className="rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
        disabled={deleting}
        onClick={async (event) => {
          const button = event.currentTarget;
          if (!(await askConfirm({ message: confirmText, confirmLabel: t("common.delete") }))) return;
          // The row (and this button) goes, and the list with it when it was the last: the keyboard's
          // place moves to the tab's panel, not to the top of the page.
          const panel = button.closest<HTMLElement>("[role='tabpanel']");
          if (panel) {
            if (!panel.hasAttribute("tabindex")) panel.tabIndex = -1;
            panel.focus();
          }
          onDelete();
        }}
        aria-label={t("common.deleteItem", { name })}
      >
        {t("common.delete")}
      </button>
    </div>
  );
}
