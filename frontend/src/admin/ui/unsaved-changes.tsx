import { useEffect, useRef, useState } from "react";
import type { StoreApi, UseBoundStore } from "zustand";
import { useAdminCopy, type AdminT } from "../admin-copy.js";
import { errorDetails } from "../api/hooks.js";
import { askConfirm } from "./confirm.js";
import { isDirty, type DialogState } from "./dialog-store.js";
import { whenText } from "./when.js";

type DialogStore<Draft> = UseBoundStore<StoreApi<DialogState<Draft>>>;

/** Asks whether to throw unsaved changes away; "keep editing" is the default. */
export function confirmDiscard(t: AdminT): Promise<boolean> {
  return askConfirm({
    message: t("common.unsaved.question"),
    confirmLabel: t("common.unsaved.discard"),
    cancelLabel: t("common.unsaved.keepEditing"),
  });
}

/** Closing a form (Escape, ✕, Cancel) asks before it throws unsaved changes away. */
export function useGuardedClose<Draft>(store: DialogStore<Draft>): () => Promise<void> {
  const { t } = useAdminCopy();
  return async () => {
    if (isDirty(store.getState()) && !(await confirmDiscard(t))) return;
    store.getState().close();
  };
}

/** The offer of a draft kept from an earlier visit: take it back, or throw it away. */
export function RestoreDraft<Draft>({ store }: { store: DialogStore<Draft> }) {
  const { t, lang } = useAdminCopy();
  const restorable = store((state) => state.restorable);
  const restore = store((state) => state.restore);
  const discard = store((state) => state.discardRestorable);
  if (!restorable) return null;
  const when = whenText(restorable.savedAt, lang);
  return (
    <div
      role="region"
      aria-label={t("common.unsaved.keptTitle")}
      data-testid="restore-draft"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p>{t("common.unsaved.kept", { when })}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={restore}>
          {t("common.unsaved.restore")}
        </button>
        <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={discard}>
          {t("common.unsaved.throwAway")}
        </button>
      </div>
    </div>
  );
}

/**
 * After a refused save, the first field marked invalid (in the form's order) is scrolled to the middle of
 * the dialog and focused, so the owner does not have to hunt for it.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    const field = formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    field?.scrollIntoView({ block: "center" });
    field?.focus({ preventScroll: true });
  }, [requests]);
  return { formRef, focusFirstInvalid: () => setRequests((count) => count + 1) };
}

/**
 * The fields a 400 named (`body.<field>`), each with its message: in the dashboard's language when it is
 * one the form knows in English (`known`, the English copy of the form's errors), else the server's own.
 */
export function serverFieldErrors(
  error: unknown,
  known: Record<string, string>,
  translate: (key: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, message } of errorDetails(error)) {
    const field = /^body\.([A-Za-z]+)$/.exec(path)?.[1];
    if (!field || field in out) continue;
    const key = Object.keys(known).find((name) => known[name] === message);
    out[field] = key ? translate(key) : message;
  }
  return out;
}
