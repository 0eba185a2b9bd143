import { useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { useCopy } from "../../i18n/use-lang.js";
import { useModalStack } from "../../stores/modal-stack.store.js";
import { useToastStore } from "../../stores/toast.store.js";
import { CloseButton } from "../ui/icon-button.js";

const placements = {
  // The public site: the bottom-end corner.
  "bottom-end": { region: "right-0 bottom-0 w-full max-w-sm p-4", list: "" },
  // The admin: over its title bar, level with the title, where it hides none of the lists and forms the
  // owner reads (on a phone, across the top of the screen).
  top: { region: "inset-x-0 top-0 pt-1.5", list: "container-page sm:[&>li]:max-w-lg" },
} as const;

/**
 * The notification region; F8 moves focus to it. While a modal dialog is open it is drawn inside the top
 * one: the page behind a modal is inert and under it, so a toast there (a save that failed) would be
 * neither seen nor announced.
 */
export function Toaster({
  placement = "bottom-end",
  labels,
}: {
  placement?: keyof typeof placements;
  /** The region's and the close buttons' names, where the page speaks another language than the site's (the admin). */
  labels?: { region: string; close: string };
} = {}) {
  const { t } = useCopy();
  const named = labels ?? { region: t("generic.notifications"), close: t("generic.close") };
  const { toasts, dismiss } = useToastStore();
  const region = useRef<HTMLElement>(null);
  const top = useModalStack((state) => state.dialogs.at(-1));

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  // Over a dialog, at its foot: across the top of a phone's screen they hid its title and close button.
  const where = top ? "bottom-end" : placement;
  const notifications = (
    <section
      ref={region}
      tabIndex={-1}
      aria-label={named.region}
      data-placement={where}
      className={`pointer-events-none fixed z-50 focus:outline-none ${placements[where].region}`}
    >
      <ol className={`flex flex-col gap-2 ${placements[where].list}`}>
        {toasts.map((toast) => (
          <li
            key={toast.id}
            data-testid="toast"
            data-variant={toast.variant}
            className={`pointer-events-auto flex items-start gap-3 rounded-xl border shadow-lg ${placement === "top" ? "px-4 py-3" : "p-4"} ${
              toast.variant === "destructive"
                ? "border-red-700 bg-red-600 text-white"
                : "border-slate-200 bg-white text-slate-900"
            }`}
          >
            {/* The live role on the words, not the item: a list's items stay list items. */}
            <div
              role={toast.announced === false ? undefined : toast.variant === "destructive" ? "alert" : "status"}
              className="flex-1"
            >
              <p className="text-sm font-semibold">{toast.title}</p>
              {/* Full white on red: faded, it falls below the contrast small text needs. */}
              {toast.description && (
                <p className={`mt-1 text-sm ${toast.variant === "destructive" ? "" : "opacity-90"}`}>
                  {toast.description}
                </p>
              )}
            </div>
            <CloseButton
              label={named.close}
              onClick={() => dismiss(toast.id)}
              // A thumb's 44 px to tap, drawn no bigger: the margins give the padding back.
              className="-my-2 -mr-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded text-current opacity-70 hover:opacity-100"
            />
          </li>
        ))}
      </ol>
    </section>
  );
  return top ? createPortal(notifications, top) : notifications;
}
