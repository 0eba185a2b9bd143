import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { useCopy } from "../../i18n/use-lang.js";
import { routePath } from "../../routes.js";
import { useExitBannerStore } from "../../stores/exit-banner.store.js";

/** Appears when the pointer leaves through the top edge, at most once per calendar day. */
export function ExitIntentBanner() {
  const { t, lang } = useCopy();
  const { open, showOncePerDay, close } = useExitBannerStore();
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onMouseOut = (event: MouseEvent) => {
      if (event.relatedTarget === null && event.clientY <= 0) showOncePerDay();
    };
    document.addEventListener("mouseout", onMouseOut);
    return () => document.removeEventListener("mouseout", onMouseOut);
  }, [showOncePerDay]);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  if (!open) return null;
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="exit-banner-title"
      data-testid="exit-banner"
      className="fixed inset-x-0 top-0 z-50 bg-wine-900 text-white shadow-xl"
    >
      <div className="container-page flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
        <div className="flex-1">
          <p id="exit-banner-title" className="font-semibold">
            {t("exitBanner.title")}
          </p>
          <p className="text-sm text-wine-100">{t("exitBanner.text")}</p>
        </div>
        <Link
          to={routePath("comparison", lang)}
          onClick={close}
          className="btn bg-white text-wine-900 hover:bg-wine-50"
        >
          {t("exitBanner.cta")}
        </Link>
        <button
          ref={closeButton}
          type="button"
          onClick={close}
          className="absolute top-2 right-2 rounded p-2 text-wine-100 hover:text-white sm:static"
        >
          <span aria-hidden="true">✕</span>
          <span className="sr-only">{t("exitBanner.close")}</span>
        </button>
      </div>
    </div>
  );
}
