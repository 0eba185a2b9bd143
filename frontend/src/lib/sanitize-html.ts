import DOMPurify, { type Config } from "dompurify";

/**
 * The API sanitises stored HTML on save; this second pass runs when a page renders. DOMPurify is
 * the well-kept allow-list sanitiser browsers and servers both use: in the browser over the real
 * DOM, on the server over jsdom (the client build drops that branch, so jsdom never ships).
 */
const purify = import.meta.env.SSR ? DOMPurify(new (await import("jsdom")).JSDOM("").window) : DOMPurify(window);

const config: Config = {
  ALLOWED_TAGS: [
    "a",
    "abbr",
    "b",
    "blockquote",
    "br",
    "caption",
    "cite",
    "code",
    "div",
    "em",
    "figcaption",
    "figure",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "img",
    "li",
    "mark",
    "ol",
    "p",
    "pre",
    "s",
    "small",
    "span",
    "strong",
    "sub",
    "sup",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "u",
    "ul",
  ],
  ALLOWED_ATTR: [
    "title",
    "lang",
    "dir",
    "href",
    "target",
    "src",
    "alt",
    "width",
    "height",
    "loading",
    "colspan",
    "rowspan",
    "scope",
    "start",
  ],
  // No data-* attributes either (DOMPurify keeps them by default): stored HTML must not be able to
  // pose as the markup SanitizedHtml marks with data-sanitized.
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/)|#|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

// A link that opens a new tab must not hand the opened page a handle on this one.
purify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A" && node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
  else if (node.hasAttribute("target")) node.removeAttribute("target");
});

/**
 * Some trees the parser builds serialise to markup that parses into a different tree (a link
 * foster-parented out of a table ends up inside another link, which no parser reads back). That gap
 * between what was checked and what the browser reads is what mutation XSS lives on, so the output
 * is sanitised again until it is stable: the HTML a page writes parses into exactly what was cleaned.
 *
 * Sanitising is the same work for the same text, and on the server it walks jsdom: the results of
 * the most recent inputs are kept (stored articles and product texts repeat on every render).
 */
const MAX_PASSES = 4;
const recent = new Map<string, string>();
const RECENT_LIMIT = 500;

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return "";
  const known = recent.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeUntilStable(html);
  if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  recent.set(html, clean);
  return clean;
}

function sanitizeUntilStable(html: string): string {
  let clean = purify.sanitize(html, config);
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const again = purify.sanitize(clean, config);
    if (again === clean) return clean;
    clean = again;
  }
  return clean;
}
