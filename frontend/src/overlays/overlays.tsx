import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../api/api-context.js";
import { productsQuery } from "../api/queries.js";
import { useVisitorCountry } from "../api/visitor-context.js";
import { ExitIntentBanner } from "../components/layout/exit-intent-banner.js";
import { addCopy } from "../i18n/load-copy.js";
import { useLang } from "../i18n/use-lang.js";
import { visitorOffers } from "../lib/offers.js";
import enChat from "../i18n/locales/en/chat.json";
import enOverlays from "../i18n/locales/en/overlays.json";
import esChat from "../i18n/locales/es/chat.json";
import esOverlays from "../i18n/locales/es/overlays.json";
import { useExitIntentStore } from "../stores/exit-intent.store.js";
import { ActivityToast } from "./activity-toast.js";
import ChatWidget from "./chat/chat-widget.js";
import { ExitPopup, offeredProduct } from "./exit-popup.js";

/** Exit intent means a mouse leaving through the top edge; touch screens have no such gesture. */
function usesFinePointer(): boolean {
  return window.matchMedia("(hover: hover) and (pointer: fine)").matches;
}

/** Listens only once the catalogue has answered, so an early exit is not mistaken for "nothing to offer". */
function useExitIntent(hasOffer: boolean, armed: boolean) {
  const exitIntent = useExitIntentStore((state) => state.exitIntent);
  useEffect(() => {
    if (!armed) return;
    const onMouseOut = (event: MouseEvent) => {
      if (event.relatedTarget === null && event.clientY <= 0 && usesFinePointer()) exitIntent(hasOffer);
    };
    document.addEventListener("mouseout", onMouseOut);
    return () => document.removeEventListener("mouseout", onMouseOut);
  }, [exitIntent, hasOffer, armed]);
}

/** Everything that floats over the public pages; loaded after the page is interactive. */
/** The overlays' copy travels in their chunk, so a page's first load never carries it. */
const overlaysCopy = {
  en: { chat: enChat, overlays: enOverlays },
  es: { chat: esChat, overlays: esOverlays },
};

export default function Overlays() {
  const { i18n } = useTranslation();
  addCopy(i18n, overlaysCopy);
  const api = useApi();
  const lang = useLang();
  const country = useVisitorCountry();
  const { data: products, isPending } = useQuery(productsQuery(api, lang));
  // Only a product some retailer in the visitor's market has: the deal must lead somewhere.
  const offer = offeredProduct(products?.filter((product) => visitorOffers(product, country).best));
  useExitIntent(offer !== null, !isPending);
  return (
    <>
      {offer && <ExitPopup product={offer} />}
      <ExitIntentBanner />
      <ActivityToast />
      <ChatWidget />
    </>
  );
}
