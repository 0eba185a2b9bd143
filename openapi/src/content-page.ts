import { Marked, type Tokens } from "marked";
import { parse as parseYaml, parseDocument } from "yaml";

/**
 * Guide, landing and legal pages: their Markdown with a few blocks, and what it compiles to. The
 * content service compiles a stored page when it is read (and refuses to store one that does not
 * compile); the seed files in services/content/pages compile the same way, and the admin's preview
 * runs this very code in the browser.
 *
 * Besides Markdown (with GitHub tables) a page may hold blocks between `:::type args #id` and `:::`:
 *   callout <tone>   a highlighted box of Markdown
 *   cards [columns]  Markdown split into cards at each `###` heading
 *   figure <name>    a chart drawn from the site's figures; the body is YAML copy (title, labels, caption)
 *   products <rule>  catalogue products picked by a rule; YAML copy
 *   featured <rule>  one catalogue product picked by a rule; YAML copy
 *   faq              the front matter's questions and answers, or its own: a `###` question each,
 *                    followed by its answer in Markdown (the FAQ page's categories)
 *
 * The HTML it makes is safe by construction: HTML written in the Markdown is shown as text, and a
 * link or image must point at the site (a path) or an http(s) or mailto address.
 */

export type PageTemplate = "guide" | "landing" | "legal";

export interface FaqEntry {
  question: string;
  answer: string;
}

/** A question written in a `:::faq` block: its `###` heading, and its answer as HTML. */
export interface FaqItem {
  question: string;
  html: string;
}

export interface ContentPageMeta {
  template: PageTemplate;
  /** The <title> and the page heading unless `heading` says otherwise. */
  title: string;
  heading?: string;
  description: string;
  /** Shown under the heading. */
  lead?: string;
  /** Small label above the heading. */
  eyebrow?: string;
  keywords?: string[];
  /** Last editorial review, YYYY-MM-DD. */
  updated: string;
  faq?: FaqEntry[];
}

/** Copy a block carries in its YAML body: headings, labels and captions, never figures. */
export type BlockCopy = Record<string, string | string[]>;

export type ContentBlock =
  | { type: "html"; html: string }
  | { type: "callout"; tone: string; id?: string; html: string }
  | { type: "cards"; id?: string; columns: number; cards: string[] }
  | { type: "figure"; name: string; id?: string; copy: BlockCopy }
  | { type: "products"; rule: string; id?: string; copy: BlockCopy }
  | { type: "featured"; rule: string; id?: string; copy: BlockCopy }
  | { type: "faq"; id?: string; entries?: FaqItem[] };

export interface ContentPage {
  meta: ContentPageMeta;
  blocks: ContentBlock[];
}

/** A page as the content service stores it: the heading, the search result's title and description, the body. */
export interface StoredPage {
  title: string;
  metaTitle: string | null;
  metaDescription: string | null;
  /** Markdown with blocks, after optional front matter (template, eyebrow, lead, keywords, faq). */
  body: string;
  /** ISO date-time of the last save. */
  updatedAt: string;
}

/** The charts a figure block may draw; their numbers are the web app's (frontend/src/content/figures.ts). */
export const chartNames = ["nad-decline", "antioxidant-potency", "study-counts", "annual-cost"] as const;
/** The rules a products or featured block may pick by (frontend/src/content/product-rules.ts). */
export const productRuleNames = ["athletes", "eye", "skin", "athletic"] as const;

/**
 * Why a page's source does not compile: a stable reason and the values its words need, so the admin can
 * say it in the owner's language; `line` is the body's line it concerns, when one does.
 */
export type PageProblem =
  | { reason: "fences" }
  | { reason: "yaml"; part: "frontMatter" | "blockCopy"; detail: string }
  | { reason: "required"; field: string }
  | { reason: "requiredEntry"; field: string; entry: number }
  | { reason: "template"; value: string }
  | { reason: "keywordsList" }
  | { reason: "faqList" }
  | { reason: "frontMatterMapping" }
  | { reason: "blockCopyMapping" }
  | { reason: "blockCopyValue"; key: string }
  | { reason: "blockType"; value: string }
  | { reason: "faqHeadings" }
  | { reason: "faqAnswer"; question: string }
  | { reason: "blockName"; block: string }
  | { reason: "blockNameUnknown"; block: string; value: string; known: string }
  | { reason: "strayClose" }
  | { reason: "unclosed"; block: string }
  | { reason: "updated" }
  | { reason: "fields"; allowed: string; fields: string };

/**
 * A page's source that does not compile: the message in English, naming the place and never the file
 * system; the problem for other languages.
 */
export class PageSourceError extends Error {
  constructor(
    message: string,
    readonly problem: PageProblem,
    readonly line?: number,
  ) {
    super(message);
  }
}

/** Where in a source a problem is: the file or item named in English messages, and the body's line. */
interface Where {
  label: string;
  line?: number;
}

const at = (where: Where, label: string, line?: number): Where => ({
  label: [where.label, label].filter(Boolean).join(" "),
  line: line ?? where.line,
});

const templates: readonly PageTemplate[] = ["guide", "landing", "legal"];
const blockTypes = new Set(["callout", "cards", "figure", "products", "featured", "faq"]);
/** Front matter a stored page's body may hold; its title and description are fields of their own. */
const bodyFields = new Set(["template", "eyebrow", "lead", "keywords", "faq"]);

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/** A site path, or an http(s) or mailto address: never javascript:, data: or a protocol-relative URL. */
function safeUrl(href: string): string | undefined {
  // Browsers drop tabs and newlines inside a URL (java\tscript: is javascript:): judged and written without
  // control characters, inner spaces as %20.
  const trimmed = [...href]
    .filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .replace(/ +/g, "%20");
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (/^(\/(?![/\\])|#|\.{0,2}\/?[\w-])/.test(trimmed) && !/^[\w+.-]+:/.test(trimmed)) return trimmed;
  return undefined;
}

const markdown = new Marked({ gfm: true });

// Headings get ids so sections can be linked; tables scroll sideways on narrow screens.
markdown.use({
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      const url = safeUrl(href);
      if (!url) return text;
      return `<a href="${escapeHtml(url)}"${title ? ` title="${escapeHtml(title)}"` : ""}>${text}</a>`;
    },
    image({ href, title, text }) {
      const url = safeUrl(href);
      if (!url) return escapeHtml(text);
      return `<img src="${escapeHtml(url)}" alt="${escapeHtml(text)}"${title ? ` title="${escapeHtml(title)}"` : ""}>`;
    },
    heading({ tokens, depth, text }) {
      const id = slugify(text);
      return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
    table(token) {
      const head = token.header.map((cell) => `<th scope="col">${this.parser.parseInline(cell.tokens)}</th>`).join("");
      const rows = token.rows
        .map(
          (row) =>
            `<tr>${row
              .map((cell, index) =>
                index === 0
                  ? `<th scope="row">${this.parser.parseInline(cell.tokens)}</th>`
                  : `<td>${this.parser.parseInline(cell.tokens)}</td>`,
              )
              .join("")}</tr>`,
        )
        .join("\n");
      return `<div class="table-scroll" tabindex="0"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>\n`;
    },
  },
});

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z]+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function toHtml(source: string): string {
  return (markdown.parse(source.trim(), { async: false }) as string).trim();
}

const fail = (where: Where, problem: PageProblem, message: string): never => {
  throw new PageSourceError(where.label ? `${where.label}: ${message}` : message, problem, where.line);
};

function parseYamlIn(source: string, where: Where, part: "frontMatter" | "blockCopy"): unknown {
  try {
    return parseYaml(source) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    const what = part === "frontMatter" ? "the front matter" : "block copy";
    return fail(where, { reason: "yaml", part, detail }, `${what} is not valid YAML (${detail})`);
  }
}

/** Front matter between --- lines, required in a seed file and optional in a stored page's body. */
function splitFrontMatter(
  source: string,
  where: Where,
  required: boolean,
): { data: unknown; body: string; bodyLine: number } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) {
    if (required || /^---\r?\n/.test(source))
      fail(where, { reason: "fences" }, "front matter starts and ends with a --- line");
    return { data: {}, body: source, bodyLine: 1 };
  }
  const body = match[2] ?? "";
  // The body's first line in the whole source: what an editor's line numbers count from.
  const bodyLine = source.slice(0, source.length - body.length).split("\n").length;
  return { data: parseYamlIn(match[1] ?? "", where, "frontMatter") ?? {}, body, bodyLine };
}

/** A non-empty text field of the front matter, or of its `entry`-th faq pair when one is given. */
function requireString(data: Record<string, unknown>, field: string, where: Where, entry?: number): string {
  const value = data[field];
  if (typeof value !== "string" || !value.trim())
    fail(
      where,
      entry === undefined ? { reason: "required", field } : { reason: "requiredEntry", field, entry },
      `front matter needs a non-empty ${field}`,
    );
  return (value as string).trim();
}

/** The front matter's presentation: template, eyebrow, lead, keywords and questions. */
function presentationOf(
  record: Record<string, unknown>,
  where: Where,
): Omit<ContentPageMeta, "title" | "description" | "updated"> {
  const template = (record.template === undefined ? "guide" : requireString(record, "template", where)) as PageTemplate;
  if (!templates.includes(template))
    fail(where, { reason: "template", value: template }, `unknown template ${template} (guide, landing or legal)`);
  const meta: Omit<ContentPageMeta, "title" | "description" | "updated"> = { template };
  for (const field of ["heading", "lead", "eyebrow"] as const) {
    if (record[field] !== undefined) meta[field] = requireString(record, field, where);
  }
  if (record.keywords !== undefined) {
    if (!Array.isArray(record.keywords)) fail(where, { reason: "keywordsList" }, "keywords is a list");
    meta.keywords = (record.keywords as unknown[]).map(String);
  }
  if (record.faq !== undefined) {
    if (!Array.isArray(record.faq)) fail(where, { reason: "faqList" }, "faq is a list of question/answer pairs");
    meta.faq = (record.faq as unknown[]).map((entry, index) => {
      const pair = entry && typeof entry === "object" ? (entry as Record<string, unknown>) : {};
      return {
        question: requireString(pair, "question", at(where, `faq ${index + 1}`), index + 1),
        answer: requireString(pair, "answer", at(where, `faq ${index + 1}`), index + 1),
      };
    });
  }
  return meta;
}

function asRecord(data: unknown, where: Where): Record<string, unknown> {
  if (!data || typeof data !== "object" || Array.isArray(data))
    fail(where, { reason: "frontMatterMapping" }, "front matter is not a mapping");
  return data as Record<string, unknown>;
}

function copyOf(yamlSource: string, where: Where): BlockCopy {
  if (!yamlSource.trim()) return {};
  const data = parseYamlIn(yamlSource, where, "blockCopy");
  if (!data || typeof data !== "object" || Array.isArray(data))
    fail(where, { reason: "blockCopyMapping" }, "block copy is a mapping");
  const copy: BlockCopy = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (Array.isArray(value)) copy[key] = value.map(String);
    else if (typeof value === "string" || typeof value === "number") copy[key] = String(value);
    else fail(where, { reason: "blockCopyValue", key }, `block copy ${key} is text or a list of text`);
  }
  return copy;
}

function blockOf(opening: string, inner: string, where: Where): ContentBlock {
  const [type = "", ...words] = opening.split(/\s+/).filter(Boolean);
  if (!blockTypes.has(type))
    fail(
      where,
      { reason: "blockType", value: type },
      `unknown block :::${type} (callout, cards, figure, products, featured or faq)`,
    );
  const idWord = words.find((word) => word.startsWith("#"));
  const id = idWord ? idWord.slice(1) : undefined;
  const [arg] = words.filter((word) => !word.startsWith("#"));
  const withId = <T extends object>(block: T) => (id ? { ...block, id } : block);
  switch (type) {
    case "callout":
      return withId({ type: "callout", tone: arg ?? "info", html: toHtml(inner) });
    case "cards": {
      const cards = inner
        .split(/^(?=### )/m)
        .map((card) => card.trim())
        .filter(Boolean)
        .map(toHtml);
      return withId({ type: "cards", columns: Number(arg ?? 3) || 3, cards });
    }
    case "faq": {
      if (!inner.trim()) return withId({ type: "faq" });
      const entries = inner
        .split(/^(?=### )/m)
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => {
          const [heading = "", ...answer] = entry.split(/\r?\n/);
          const question = heading.replace(/^### /, "").trim();
          if (!heading.startsWith("### ") || !question)
            fail(
              where,
              { reason: "faqHeadings" },
              ":::faq holds questions as ### headings, each followed by its answer",
            );
          if (!answer.join("\n").trim())
            fail(where, { reason: "faqAnswer", question }, `:::faq: the question "${question}" has no answer`);
          return { question, html: toHtml(answer.join("\n")) };
        });
      return withId({ type: "faq", entries });
    }
    default: {
      if (!arg) fail(where, { reason: "blockName", block: type }, `:::${type} needs a name`);
      const known: readonly string[] = type === "figure" ? chartNames : productRuleNames;
      if (!known.includes(arg!))
        fail(
          where,
          { reason: "blockNameUnknown", block: type, value: arg!, known: known.join(", ") },
          `:::${type} ${arg} is not one of ${known.join(", ")}`,
        );
      const copy = copyOf(inner, at(where, `:::${type} ${arg}`));
      if (type === "figure") return withId({ type: "figure", name: arg!, copy });
      if (type === "products") return withId({ type: "products", rule: arg!, copy });
      return withId({ type: "featured", rule: arg!, copy });
    }
  }
}

/** Markdown between and around `:::` blocks, as blocks. */
function compileBlocks(body: string, where: Where, firstLine = 1): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  const lines = body.split(/\r?\n/);
  let prose: string[] = [];
  const flushProse = () => {
    const text = prose.join("\n").trim();
    if (text) blocks.push({ type: "html", html: toHtml(text) });
    prose = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const opening = /^:::\s*(\S.*)$/.exec(line);
    if (!opening) {
      if (/^:::\s*$/.test(line))
        fail(
          at(where, "", index + firstLine),
          { reason: "strayClose" },
          `line ${index + firstLine}: ::: closes a block that was never opened`,
        );
      prose.push(line);
      continue;
    }
    flushProse();
    const openedAt = index + firstLine;
    const inner: string[] = [];
    index++;
    while (index < lines.length && !/^:::\s*$/.test(lines[index] ?? "")) inner.push(lines[index++] ?? "");
    if (index >= lines.length)
      fail(
        at(where, "", openedAt),
        { reason: "unclosed", block: opening[1] ?? "" },
        `line ${openedAt}: :::${opening[1]} is never closed`,
      );
    blocks.push(blockOf(opening[1] ?? "", inner.join("\n"), at(where, `line ${openedAt}`, openedAt)));
  }
  flushProse();
  return blocks;
}

/** A seed file (front matter with title, description and review date, then the body) as a page. */
export function compileContentPage(source: string, file = "content file"): ContentPage {
  const where: Where = { label: file };
  const { data, body, bodyLine } = splitFrontMatter(source, where, true);
  const record = asRecord(data, where);
  const presentation = presentationOf(record, where);
  const updated = record.updated instanceof Date ? record.updated.toISOString().slice(0, 10) : record.updated;
  if (typeof updated !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(updated))
    fail(where, { reason: "updated" }, "front matter needs updated: YYYY-MM-DD");
  const meta: ContentPageMeta = {
    ...presentation,
    title: requireString(record, "title", where),
    description: requireString(record, "description", where),
    updated: updated as string,
  };
  return { meta, blocks: compileBlocks(body, where, bodyLine) };
}

/** A stored page as it renders: the heading is its title, the <title> its meta title when it has one. */
export function compileStoredPage(page: StoredPage): ContentPage {
  const where: Where = { label: "" };
  const { data, body, bodyLine } = splitFrontMatter(page.body, where, false);
  const record = asRecord(data, where);
  const unknown = Object.keys(record).filter((field) => !bodyFields.has(field));
  if (unknown.length)
    fail(
      where,
      { reason: "fields", allowed: [...bodyFields].join(", "), fields: unknown.join(", ") },
      `front matter may hold ${[...bodyFields].join(", ")}; not ${unknown.join(", ")}`,
    );
  const presentation = presentationOf(record, where);
  const title = page.title.trim();
  const metaTitle = page.metaTitle?.trim();
  const meta: ContentPageMeta = {
    ...presentation,
    title: metaTitle || title,
    description: page.metaDescription?.trim() || presentation.lead || title,
    updated: page.updatedAt.slice(0, 10),
  };
  if (metaTitle && metaTitle !== title) meta.heading = title;
  return { meta, blocks: compileBlocks(body, where, bodyLine) };
}

/** Why a stored page's body does not compile (its reason and line), or undefined when it does. */
export function pageBodyIssue(body: string): PageSourceError | undefined {
  try {
    compileStoredPage({
      title: "-",
      metaTitle: null,
      metaDescription: null,
      body,
      updatedAt: new Date(0).toISOString(),
    });
    return undefined;
  } catch (error) {
    if (error instanceof PageSourceError) return error;
    throw error;
  }
}

/** Why a stored page's body does not compile, in English, or undefined when it does. */
export function pageBodyProblem(body: string): string | undefined {
  return pageBodyIssue(body)?.message;
}

/**
 * A seed file as the content service stores it: the heading becomes the title (the file's title, when
 * it differs, the search title), the description the search description, the review date the time of
 * the last save, and the rest of the front matter stays atop the body.
 */
export function storedPageFromFile(source: string, file = "content file"): StoredPage {
  const { meta } = compileContentPage(source, file);
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source)!;
  const front = parseDocument(match[1] ?? "");
  for (const field of ["title", "heading", "description", "updated"]) front.delete(field);
  const rest = front.toString({ lineWidth: 0 }).trim();
  const markdownBody = (match[2] ?? "").trim();
  return {
    title: meta.heading ?? meta.title,
    metaTitle: meta.heading && meta.heading !== meta.title ? meta.title : null,
    metaDescription: meta.description,
    body: rest && rest !== "{}" ? `---\n${rest}\n---\n\n${markdownBody}\n` : `${markdownBody}\n`,
    updatedAt: `${meta.updated}T00:00:00.000Z`,
  };
}
