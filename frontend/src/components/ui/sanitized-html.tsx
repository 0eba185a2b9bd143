import { use, useId, useState, type ReactNode } from "react";
import type * as SanitizeHtml from "../../lib/sanitize-html.js";

type Sanitizer = typeof SanitizeHtml;

/**
 * Stored HTML (article bodies, a product's extra review text) is sanitised by the API on save and again
 * here on every render. The server loads DOMPurify (over jsdom) before its first render; the browser
 * loads it only when it must sanitise, so it stays off every first load: while the first page hydrates,
 * the markup the server already sanitised is in the document and is taken as it is.
 */
let sanitizer: Sanitizer | undefined = import.meta.env.SSR ? await import("../../lib/sanitize-html.js") : undefined;
let loading: Promise<Sanitizer> | undefined;

export function loadSanitizer(): Promise<Sanitizer> {
  loading ??= import("../../lib/sanitize-html.js").then((module) => (sanitizer = module));
  loading.catch(() => (loading = undefined));
  return loading;
}

interface ServerMarkup {
  source: string;
  markup: string;
}

/** The server's sanitised markup for this element, while the first page hydrates (and only then). */
function serverMarkup(id: string, source: string): ServerMarkup | undefined {
  if (typeof document === "undefined" || document.documentElement.dataset.hydrated === "true") return undefined;
  const element = document.querySelector(`[data-sanitized="${CSS.escape(id)}"]`);
  return element ? { source, markup: element.innerHTML } : undefined;
}

/**
 * Renders `children` with the sanitised markup of `html`, or nothing when no markup is left. After the
 * first load it suspends (the page's loading state) until the sanitiser's chunk has arrived.
 */
export function SanitizedHtml({
  html,
  children,
}: {
  html: string | null | undefined;
  children: (markup: { __html: string }, id: string) => ReactNode;
}) {
  const id = useId();
  const source = html ?? "";
  const [fromServer] = useState(() => (sanitizer ? undefined : serverMarkup(id, source)));
  let markup: string;
  if (sanitizer) markup = sanitizer.sanitizeHtml(source);
  else if (fromServer && fromServer.source === source) markup = fromServer.markup;
  else markup = use(loadSanitizer()).sanitizeHtml(source);
  return markup ? children({ __html: markup }, id) : null;
}
