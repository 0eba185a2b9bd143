import { useEffect, useId, useRef } from "react";
import { create } from "zustand";
import { useAdminCopy } from "../admin-copy.js";

export interface ConfirmOptions {
  /** The question, a whole sentence. */
  message: string;
  /** The button that goes ahead ("Delete", "Discard"). */
  confirmLabel: string;
  /** The button that keeps things as they are; "Cancel" when absent. */
  cancelLabel?: string;
}

interface Pending extends ConfirmOptions {
  answer: (confirmed: boolean) => void;
}

const useConfirmStore = create<{ pending: Pending | null }>(() => ({ pending: null }));

/**
 * Asks the owner in the dashboard's own dialog (never window.confirm, which cannot be styled, translated
 * or tested like the rest); resolves true when they go ahead. A second question replaces an unanswered one,
 * which counts as declined.
 */
export function askConfirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    useConfirmStore.getState().pending?.answer(false);
    const answer = (confirmed: boolean) => {
      if (useConfirmStore.getState().pending?.answer === answer) useConfirmStore.setState({ pending: null });
      resolve(confirmed);
    };
    useConfirmStore.setState({ pending: { ...options, answer } });
  });
}

/**
 * The one confirmation dialog of the dashboard, an alertdialog on the native <dialog>: shown modal (over an
 * open form too), so the page behind is inert and focus stays on its buttons; focus starts on the safe choice,
 * Escape takes the safe choice, and focus goes back to where it was when the question was asked.
 */
export function ConfirmHost() {
  const { t } = useAdminCopy();
  const pending = useConfirmStore((state) => state.pending);
  const ref = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (pending && !dialog.open) {
      returnTo.current = document.activeElement;
      dialog.showModal();
      keep.current?.focus();
    }
    if (!pending && dialog.open) {
      dialog.close();
      if (returnTo.current instanceof HTMLElement && returnTo.current.isConnected) returnTo.current.focus();
      returnTo.current = null;
    }
  }, [pending]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="confirm-dialog"
      onCancel={(event) => {
        event.preventDefault();
        useConfirmStore.getState().pending?.answer(false);
      }}
      // The browser may close it without a cancel event (a second Escape with no click between): that
      // too keeps things as they are.
      onClose={() => useConfirmStore.getState().pending?.answer(false)}
      // Tab goes round its two buttons rather than out to the browser's own controls.
      onKeyDown={(event) => {
        if (event.key !== "Tab") return;
        const buttons = [...event.currentTarget.querySelectorAll("button")];
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
        const next = buttons[(at + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length];
        event.preventDefault();
        next?.focus();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      {pending && (
        <div className="space-y-5 p-5">
          <p id={titleId} className="text-base font-medium text-slate-900">
            {pending.message}
          </p>
          <div className="flex flex-wrap justify-end gap-3">
            <button ref={keep} type="button" className="btn-outline" onClick={() => pending.answer(false)}>
              {pending.cancelLabel ?? t("common.cancel")}
            </button>
            <button
              type="button"
              className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
              onClick={() => pending.answer(true)}
            >
              {pending.confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
