import { useEffect, useId, useRef, type ReactNode } from "react";
import { useModalLayer } from "../../stores/modal-stack.store.js";
import { useAdminCopy } from "../admin-copy.js";

/**
 * A modal on the native <dialog>: the browser traps focus and makes the page behind it inert; Escape and
 * the close button are reported through onClose, so the screen decides (a form with unsaved changes asks
 * first) and its store stays the one source of truth.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  wide = false,
  testId,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  const { t } = useAdminCopy();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  useModalLayer(ref, open);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // The browser may close it without asking (a second Escape with no click between); while the
        // screen still has it open, it comes back and the screen decides, as for a cancel.
        const dialog = ref.current;
        if (open && dialog && !dialog.open) {
          dialog.showModal();
          onClose();
        }
      }}
      className={`m-auto max-h-[92vh] w-[calc(100%-1rem)] overflow-y-auto rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/50 ${wide ? "max-w-5xl" : "max-w-lg"}`}
    >
      {open && (
        <>
          <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-5 py-4">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100"
              aria-label={t("common.close")}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          <div className="p-5">{children}</div>
        </>
      )}
    </dialog>
  );
}
