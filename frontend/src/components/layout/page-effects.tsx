import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { useApi } from "../../api/api-context.js";
import { langFromPath, matchPage } from "../../routes.js";
import { Beacon, eventId } from "./beacon.js";

const UTM_MAX = 200;

/**
 * Where the visit came from: the referring page (analytics keeps only another site's host) and the
 * landing address's utm_source, utm_medium and utm_campaign. Nothing that names the visitor.
 */
/** A preview link of this site: its address is a credential, never sent as where a visit came from. */
function isPreviewLink(address: string): boolean {
  try {
    const url = new URL(address);
    return url.origin === window.location.origin && matchPage(url.pathname).page === "preview";
  } catch {
    return false;
  }
}

function visitOrigin(): { referrer?: string; utm?: { source?: string; medium?: string; campaign?: string } } {
  const params = new URLSearchParams(window.location.search);
  const utm = Object.fromEntries(
    (["source", "medium", "campaign"] as const)
      .map((name) => [name, params.get(`utm_${name}`)?.slice(0, UTM_MAX)] as const)
      .filter(([, value]) => value),
  );
  return {
    ...(document.referrer && !isPreviewLink(document.referrer) ? { referrer: document.referrer.slice(0, 2048) } : {}),
    ...(Object.keys(utm).length ? { utm } : {}),
  };
}

/**
 * Sends page_view on every path change but a preview link's, including the first load, through the page's beacon (see
 * Beacon: the first at once, those of fast navigation together); failures only reach the console.
 */
export function PageViewTracker() {
  const api = useApi();
  const { pathname } = useLocation();
  // Made during render but touching nothing of the page until its effect hooks it up (listen).
  const beacon = useMemo(() => new Beacon(api), [api]);
  useEffect(() => beacon.listen(), [beacon]);
  useEffect(() => {
    // A preview link is the owner's (or a reviewer's) look at a draft, not a visit: and its address is a credential.
    if (matchPage(pathname).page === "preview") return;
    beacon.add({
      eventType: "page_view",
      eventId: eventId(),
      eventData: { page: pathname, ...visitOrigin(), timestamp: new Date().toISOString() },
      productId: null,
    });
  }, [beacon, pathname]);
  return null;
}

/** Keeps the shared i18n instance on the path's language, and scrolls like a multi-page site would. */
export function NavigationEffects() {
  const { i18n } = useTranslation();
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);

  // Lets browser tests wait until the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  useEffect(() => {
    const lang = langFromPath(pathname);
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  }, [i18n, pathname]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: "start" });
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname, hash]);
  return null;
}
