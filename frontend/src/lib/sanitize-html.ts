/**
 * The API already sanitises stored HTML; this second, allow-list pass runs at render time on the
 * server and in the browser alike (no DOM needed), so both produce identical markup for hydration.
 */
const allowedTags = new Set([
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
]);
const voidTags = new Set(["br", "hr", "img"]);
const droppedWithContent = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "noscript",
  "template",
  "textarea",
  "select",
  "svg",
  "math",
]);
const globalAttributes = new Set(["title", "lang", "dir"]);
const tagAttributes: Record<string, Set<string>> = {
  a: new Set(["href", "rel", "target"]),
  img: new Set(["src", "alt", "width", "height", "loading"]),
  td: new Set(["colspan", "rowspan"]),
  th: new Set(["colspan", "rowspan", "scope"]),
  ol: new Set(["start"]),
};

const tagPattern =
  /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/;
const attributePattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function escapeText(text: string): string {
  return text.replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&(?!(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);)/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#(\d+);?/g, (_, code: string) => String.fromCodePoint(Number(code) % 0x110000))
    .replace(/&#x([0-9a-f]+);?/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16) % 0x110000))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;|&newline;/gi, "");
}

function isSafeUrl(value: string): boolean {
  const normalised = Array.from(decodeEntities(value))
    .filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f)
    .join("")
    .toLowerCase();
  const scheme = normalised.match(/^([a-z][a-z0-9+.-]*):/);
  if (!scheme) return true;
  return ["http", "https", "mailto"].includes(scheme[1] ?? "");
}

function sanitizeAttributes(tag: string, raw: string): string {
  const allowed = tagAttributes[tag];
  const output: string[] = [];
  let hasTarget = false;
  for (const match of raw.matchAll(attributePattern)) {
    const name = (match[1] ?? "").toLowerCase();
    const value = match[2] ?? match[3] ?? match[4] ?? "";
    if (!globalAttributes.has(name) && !allowed?.has(name)) continue;
    if ((name === "href" || name === "src") && !isSafeUrl(value)) continue;
    if (name === "target") {
      if (value !== "_blank") continue;
      hasTarget = true;
    }
    if (name === "rel") continue;
    output.push(`${name}="${escapeAttribute(value)}"`);
  }
  if (tag === "a" && hasTarget) output.push('rel="noopener noreferrer"');
  return output.length ? ` ${output.join(" ")}` : "";
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return "";
  let output = "";
  let rest = html;
  const open: string[] = [];
  while (rest.length > 0) {
    const lt = rest.indexOf("<");
    if (lt === -1) {
      output += escapeText(rest);
      break;
    }
    output += escapeText(rest.slice(0, lt));
    rest = rest.slice(lt);
    if (rest.startsWith("<!--")) {
      const end = rest.indexOf("-->", 4);
      rest = end === -1 ? "" : rest.slice(end + 3);
      continue;
    }
    const match = rest.match(tagPattern);
    if (!match) {
      output += "&lt;";
      rest = rest.slice(1);
      continue;
    }
    rest = rest.slice(match[0].length);
    const closing = match[1] === "/";
    const tag = (match[2] ?? "").toLowerCase();
    if (droppedWithContent.has(tag)) {
      if (!closing && match[4] !== "/") {
        const end = rest.toLowerCase().indexOf(`</${tag}`);
        rest = end === -1 ? "" : rest.slice(end).replace(/^<\/[^>]*>?/, "");
      }
      continue;
    }
    if (!allowedTags.has(tag)) continue;
    if (closing) {
      const index = open.lastIndexOf(tag);
      if (index === -1) continue;
      while (open.length > index) output += `</${open.pop()}>`;
      continue;
    }
    output += `<${tag}${sanitizeAttributes(tag, match[3] ?? "")}>`;
    if (!voidTags.has(tag)) open.push(tag);
  }
  while (open.length) output += `</${open.pop()}>`;
  return output;
}
