import { Parser } from "htmlparser2";
import { checkDetail } from "@rsv/api/check-details";

/**
 * What a retailer's page says about stock: its schema.org availability (JSON-LD or microdata) when
 * it declares one, else the owner's sold-out phrases in the text a visitor sees. Read with a real
 * HTML parser (htmlparser2), which copes with a page cut off at the body cap.
 */

export interface PageFacts {
  /** Every schema.org availability the page declares, as written (`https://schema.org/InStock`, `OutOfStock`). */
  availability: string[];
  /** The text a visitor sees, whitespace collapsed. */
  text: string;
}

export interface StockVerdict {
  outOfStock: boolean;
  /** Why, in words, when out of stock. */
  detail: string | null;
}

// Elements whose content is never shown as text.
const UNSEEN = new Set(["head", "script", "style", "noscript", "template", "svg", "math", "iframe", "object"]);

const hidden = (attribs: Record<string, string>) =>
  "hidden" in attribs || /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i.test(attribs.style ?? "");

export function readPage(html: string): PageFacts {
  const availability: string[] = [];
  const text: string[] = [];
  const jsonLd: string[] = [];
  // Per open element: does it hide its content? Counted, so nested hidden elements close in order.
  const stack: boolean[] = [];
  let unseen = 0;
  let script: string[] | null = null;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const itemprops = (attribs.itemprop ?? "").toLowerCase().split(/\s+/);
        if (itemprops.includes("availability")) {
          const value = attribs.href ?? attribs.content;
          if (value) availability.push(value);
        }
        if (name === "script" && /ld\+json/i.test(attribs.type ?? "")) script = [];
        const hides = UNSEEN.has(name) || hidden(attribs);
        stack.push(hides);
        if (hides) unseen++;
        text.push(" ");
      },
      ontext(data) {
        if (script) script.push(data);
        else if (unseen === 0) text.push(data);
      },
      onclosetag(name) {
        if (name === "script" && script) {
          jsonLd.push(script.join(""));
          script = null;
        }
        if (stack.pop()) unseen--;
        text.push(" ");
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();

  for (const source of jsonLd) collectAvailability(parseJson(source), availability);
  return { availability, text: text.join("").replace(/\s+/g, " ").trim() };
}

/** A JSON-LD block, tolerating the HTML comment or CDATA wrapper some shops still put around it. */
function parseJson(source: string): unknown {
  const trimmed = source
    .trim()
    .replace(/^(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, "")
    .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)$/, "")
    .trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

/** Every `availability` anywhere in the data: offers nested in products, arrays, `@graph`, AggregateOffer. */
function collectAvailability(value: unknown, into: string[], depth = 0): void {
  if (depth > 64 || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) collectAvailability(item, into, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === "availability") {
      for (const one of Array.isArray(item) ? item : [item]) {
        if (typeof one === "string") into.push(one);
        else if (one && typeof one === "object" && typeof (one as { "@id"?: unknown })["@id"] === "string")
          into.push((one as { "@id": string })["@id"]);
      }
    } else collectAvailability(item, into, depth + 1);
  }
}

// schema.org ItemAvailability: what a visitor cannot buy, and what they can (now or by ordering ahead).
const UNAVAILABLE = new Set(["outofstock", "soldout", "discontinued"]);
const AVAILABLE = new Set([
  "instock",
  "instoreonly",
  "onlineonly",
  "limitedavailability",
  "preorder",
  "presale",
  "backorder",
  "madetoorder",
]);

/** `https://schema.org/OutOfStock`, `schema:SoldOut`, `OutOfStock` → `outofstock`. */
function availabilityTerm(value: string): string {
  return (
    value
      .trim()
      .split(/[/#:]/)
      .at(-1)
      ?.toLowerCase()
      .replace(/[\s_-]/g, "") ?? ""
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Out of stock when the page declares only unavailable schema.org availabilities (one offer in stock
 * is enough to buy), or, declaring none, when its visible text holds one of the phrases as whole words
 * without regard to case. A declared availability wins over the phrases either way.
 */
export function stockVerdict(page: PageFacts, phrases: readonly string[]): StockVerdict {
  const terms = page.availability.map(availabilityTerm);
  if (terms.some((term) => AVAILABLE.has(term))) return { outOfStock: false, detail: null };
  const unavailable = page.availability.find((_, i) => UNAVAILABLE.has(terms[i]!));
  if (unavailable !== undefined) {
    return { outOfStock: true, detail: checkDetail("schema_out_of_stock", { availability: unavailable.trim() }) };
  }
  const words = phrases.map((p) => p.normalize("NFC").trim()).filter((p) => p.length > 0);
  if (words.length === 0) return { outOfStock: false, detail: null };
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${words.map((w) => escapeRegExp(w).replace(/\s+/g, "\\s+")).join("|")})(?![\\p{L}\\p{N}])`,
    "iu",
  );
  const match = pattern.exec(page.text.normalize("NFC"));
  return match
    ? { outOfStock: true, detail: checkDetail("phrase", { phrase: match[0] }) }
    : { outOfStock: false, detail: null };
}
