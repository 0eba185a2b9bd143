import { lazy, Suspense, useEffect, useState } from "react";

// Its own chunk: the chat, popup and toast never weigh on a page's first load.
const Overlays = lazy(() => import("./overlays.js"));

/** A visitor doing any of these is engaging with the page: the overlays load then. */
const engagements = ["pointerdown", "pointermove", "keydown", "scroll", "touchstart", "wheel"] as const;
/** Without any engagement, they load this long after the page has loaded, once the browser is idle. */
export const overlaysQuietDelayMs = 5000;

function whenIdle(run: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 1);
  return () => clearTimeout(handle);
}

/**
 * Loads the overlays (chat, exit popup, activity toast) at the visitor's first engagement with the page,
 * or a few seconds after it has loaded: mounting them was most of the home page's blocking time while
 * it loaded, and none of them is needed to read the page.
 */
export function DeferredOverlays() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelIdle = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      for (const type of engagements) window.removeEventListener(type, start, true);
      window.removeEventListener("load", afterLoad);
      clearTimeout(timer);
      cancelIdle();
    };
    const start = () => {
      stop();
      setReady(true);
    };
    const afterLoad = () => {
      timer = setTimeout(() => (cancelIdle = whenIdle(start)), overlaysQuietDelayMs);
    };
    for (const type of engagements) window.addEventListener(type, start, { capture: true, passive: true });
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
    return stop;
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  );
}
