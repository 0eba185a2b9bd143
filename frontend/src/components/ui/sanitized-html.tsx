import { use, useState, type ReactNode } from "react";
import type * as SanitizeHtml from "../../lib/sanitize-html.js";

type Sanitizer = typeof SanitizeHtml;

/**
 * Stored HTML (article bodies, a product's extra review text) is sanitised by the API on save and again
 * here on every render. The server loads DOMPurify (over jsdom) before its first render; the browser
 * loads it only when it must sanitise, so it stays off every first load: while the first page hydrates,
 * the markup the server sanitised for the same stored HTML is in the document and is taken as it is.
 */
let sanitizer: Sanitizer | undefined = import.meta.env.SSR ? await import("../../lib/sanitize-html.js") : undefined;
let loading: Promise<Sanitizer> | undefined;

export function loadSanitizer(): Promise<Sanitizer> {
  loading ??= import("../../lib/sanitize-html.js").then((module) => (sanitizer = module));
  loading.catch(() => (loading = undefined));
  return loading;
}

/** A 53-bit hash of the stored HTML (cyrb53), naming the element that holds its sanitised markup. */
export function sourceKey(source: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Markup already in the document for the same stored HTML: the server's, while the first page hydrates.
 * Only this component writes `data-sanitized`, and always with sanitised markup, so whatever it finds
 * has been through a sanitiser.
 */
function markupInDocument(key: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector(`[data-sanitized="${key}"]`)?.innerHTML;
}

/**
 * Renders `children` with the sanitised markup of `html`, or nothing when no markup is left; the
 * element holding the markup carries `data-sanitized={key}`. Without markup to reuse, it suspends (the
 * page's loading state) until the sanitiser's chunk has arrived.
 */
export function SanitizedHtml({
  html,
  children,
}: {
  html: string | null | undefined;
  children: (markup: { __html: string }, key: string) => ReactNode;
}) {
  const source = html ?? "";
  const key = sourceKey(source);
  const [inDocument] = useState(() => (sanitizer ? undefined : { key, markup: markupInDocument(key) }));
  let markup: string;
  if (sanitizer) markup = sanitizer.sanitizeHtml(source);
  else if (inDocument?.key === key && inDocument.markup !== undefined) markup = inDocument.markup;
  else markup = use(loadSanitizer()).sanitizeHtml(source);
  return markup ? children({ __html: markup }, key) : null;
}
