import { lazy, Suspense, useEffect, useState } from "react";

// Its own chunk: the chat, popup and toast never weigh on a page's first load.
const Overlays = lazy(() => import("./overlays.js"));

function whenIdle(run: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 1);
  return () => clearTimeout(handle);
}

/** Loads the overlays once the page has loaded and the browser is idle. */
export function DeferredOverlays() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const start = () => (cancel = whenIdle(() => setReady(true)));
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      cancel();
    };
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  );
}
