import { useRef } from "react";
import { Link } from "react-router-dom";
import { useCopy } from "../../i18n/use-lang.js";
import { useFocusTrap } from "../../overlays/use-focus-trap.js";
import { routePath } from "../../routes.js";
import { useExitBannerStore } from "../../stores/exit-banner.store.js";
import { CloseButton } from "../ui/icon-button.js";

/** The site-wide banner for a visitor about to leave; when it opens is decided with the deal popup. */
export function ExitIntentBanner() {
  const { t, lang } = useCopy();
  const { open, close } = useExitBannerStore();
  const banner = useRef<HTMLDivElement>(null);
  useFocusTrap(banner, open, close);

  if (!open) return null;
  return (
    <div
      ref={banner}
      role="dialog"
      aria-modal="true"
      aria-labelledby="exit-banner-title"
      data-testid="exit-banner"
      className="fixed inset-x-0 top-0 z-50 bg-wine-900 text-white shadow-xl"
    >
      <div className="container-page flex flex-col gap-3 py-4 pr-12 sm:flex-row sm:items-center sm:pr-4">
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
          data-autofocus
        >
          {t("exitBanner.cta")}
        </Link>
        <CloseButton
          label={t("exitBanner.close")}
          onClick={close}
          className="absolute top-2 right-2 rounded p-2 text-wine-100 hover:text-white sm:static"
          data-testid="exit-banner-close"
        />
      </div>
    </div>
  );
}
