import type { ReactNode } from "react";
import { useCopy } from "../../i18n/use-lang.js";
import { Footer } from "./footer.js";
import { MedicalDisclaimer } from "./medical-disclaimer.js";
import { Navigation } from "./navigation.js";
import { NavigationEffects, PageViewTracker } from "./page-effects.js";
import { Toaster } from "./toaster.js";
import { DeferredOverlays } from "../../overlays/deferred-overlays.js";
import { LanguageOfferBar } from "../../overlays/language-offer-bar.js";

export function SiteLayout({ children }: { children: ReactNode }) {
  const { t, lang } = useCopy();
  return (
    <div lang={lang} className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-wine-900 focus:shadow"
      >
        {t("skipToContent")}
      </a>
      <LanguageOfferBar />
      <Navigation />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <MedicalDisclaimer />
      <Footer />
      <Toaster />
      <DeferredOverlays />
      <PageViewTracker />
      <NavigationEffects />
    </div>
  );
}
