import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useApi } from "../api/api-context.js";
import { productsQuery } from "../api/queries.js";
import { ExitIntentBanner } from "../components/layout/exit-intent-banner.js";
import { useLang } from "../i18n/use-lang.js";
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
export default function Overlays() {
  const api = useApi();
  const lang = useLang();
  const { data: products, isPending } = useQuery(productsQuery(api, lang));
  const offer = offeredProduct(products);
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
