import { useEffect, useRef } from "react";
import { useCopy } from "../../i18n/use-lang.js";
import { useToastStore } from "../../stores/toast.store.js";
import { CloseButton } from "../ui/icon-button.js";

/** The notification region; F8 moves focus to it. */
export function Toaster() {
  const { t } = useCopy();
  const { toasts, dismiss } = useToastStore();
  const region = useRef<HTMLElement>(null);

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

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label={t("generic.notifications")}
      className="pointer-events-none fixed right-0 bottom-0 z-50 w-full max-w-sm p-4 focus:outline-none"
    >
      <ol className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <li
            key={toast.id}
            role={toast.variant === "destructive" ? "alert" : "status"}
            data-testid="toast"
            data-variant={toast.variant}
            className={`pointer-events-auto flex items-start gap-3 rounded-xl border p-4 shadow-lg ${
              toast.variant === "destructive"
                ? "border-red-700 bg-red-600 text-white"
                : "border-slate-200 bg-white text-slate-900"
            }`}
          >
            <div className="flex-1">
              <p className="text-sm font-semibold">{toast.title}</p>
              {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
            </div>
            <CloseButton
              label={t("generic.close")}
              onClick={() => dismiss(toast.id)}
              className="rounded p-1 text-current opacity-70 hover:opacity-100"
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
