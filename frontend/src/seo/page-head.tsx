import { createContext, useContext, useEffect, type ReactNode } from "react";
import { useSiteIdentity } from "../api/use-site-settings.js";
import { useCopy } from "../i18n/use-lang.js";
import { headTagsHtml, type HeadData } from "./head-data.js";

interface HeadEnvironment {
  origin: string;
  /** Set during server rendering: the page's head is captured and written into the document. */
  collect?: (head: HeadData) => void;
}

const HeadContext = createContext<HeadEnvironment>({ origin: "" });

export function HeadProvider({ value, children }: { value: HeadEnvironment; children: ReactNode }) {
  return <HeadContext.Provider value={value}>{children}</HeadContext.Provider>;
}

export function useOrigin(): string {
  return useContext(HeadContext).origin;
}

/** Declares the page's title, meta tags, alternates and JSON-LD; the browser swaps them on navigation. */
export function PageHead({ head }: { head: HeadData }) {
  const environment = useContext(HeadContext);
  const site = useSiteIdentity();
  const { t } = useCopy();
  environment.collect?.(head);
  const html = headTagsHtml(head, {
    origin: environment.origin,
    siteName: site.siteName,
    faviconUrl: site.faviconUrl,
    feedTitle: t("feed.title", { siteName: site.siteName }),
  });

  useEffect(() => {
    document.documentElement.lang = head.lang;
    const current = [...document.head.querySelectorAll("[data-head]")];
    if (current.map((node) => node.outerHTML).join("\n") === html) return;
    for (const node of current) node.remove();
    document.head.insertAdjacentHTML("beforeend", html);
  }, [html, head.lang]);

  return null;
}
