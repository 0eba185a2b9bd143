import { Marked } from "marked";
import { parse as parseYaml } from "yaml";
import type { BlockCopy, ContentBlock, ContentPage, ContentPageMeta, PageTemplate } from "./content-page.js";

/**
 * Turns a content file into a ContentPage. Runs at build time (the Vite plugin) and in tests, so the
 * browser never downloads a Markdown parser.
 *
 * Besides Markdown (with GitHub tables) a file may hold blocks between `:::type args #id` and `:::`:
 *   callout <tone>   a highlighted box of Markdown
 *   cards [columns]  Markdown split into cards at each `###` heading
 *   figure <name>    a chart drawn from the site's figures; the body is YAML copy (title, labels, caption)
 *   products <rule>  catalogue products picked by a rule; YAML copy
 *   featured <rule>  one catalogue product picked by a rule; YAML copy
 *   faq              the front matter's questions and answers
 */

const templates: readonly PageTemplate[] = ["guide", "landing", "legal"];
const blockTypes = new Set(["callout", "cards", "figure", "products", "featured", "faq"]);

const markdown = new Marked({ gfm: true });

// Headings get ids so sections can be linked; tables scroll sideways on narrow screens.
markdown.use({
  renderer: {
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

function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: a content file starts with front matter between --- lines`);
  return { data: parseYaml(match[1] ?? ""), body: match[2] ?? "" };
}

function requireString(data: Record<string, unknown>, field: string, file: string): string {
  const value = data[field];
  if (typeof value !== "string" || !value.trim()) throw new Error(`${file}: front matter needs a non-empty ${field}`);
  return value.trim();
}

function metaOf(data: unknown, file: string): ContentPageMeta {
  if (!data || typeof data !== "object") throw new Error(`${file}: front matter is not a mapping`);
  const record = data as Record<string, unknown>;
  const template = requireString(record, "template", file) as PageTemplate;
  if (!templates.includes(template)) throw new Error(`${file}: unknown template ${template}`);
  const updated = record.updated instanceof Date ? record.updated.toISOString().slice(0, 10) : record.updated;
  if (typeof updated !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(updated))
    throw new Error(`${file}: front matter needs updated: YYYY-MM-DD`);
  const meta: ContentPageMeta = {
    template,
    title: requireString(record, "title", file),
    description: requireString(record, "description", file),
    updated,
  };
  for (const field of ["heading", "lead", "eyebrow"] as const) {
    if (record[field] !== undefined) meta[field] = requireString(record, field, file);
  }
  if (record.keywords !== undefined) {
    if (!Array.isArray(record.keywords)) throw new Error(`${file}: keywords is a list`);
    meta.keywords = record.keywords.map(String);
  }
  if (record.faq !== undefined) {
    if (!Array.isArray(record.faq)) throw new Error(`${file}: faq is a list of question/answer pairs`);
    meta.faq = record.faq.map((entry: Record<string, unknown>, index: number) => ({
      question: requireString(entry, "question", `${file} faq ${index + 1}`),
      answer: requireString(entry, "answer", `${file} faq ${index + 1}`),
    }));
  }
  return meta;
}

function copyOf(yamlSource: string, file: string): BlockCopy {
  if (!yamlSource.trim()) return {};
  const data = parseYaml(yamlSource) as unknown;
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error(`${file}: block copy is a mapping`);
  const copy: BlockCopy = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (Array.isArray(value)) copy[key] = value.map(String);
    else if (typeof value === "string" || typeof value === "number") copy[key] = String(value);
    else throw new Error(`${file}: block copy ${key} is text or a list of text`);
  }
  return copy;
}

function blockOf(opening: string, inner: string, file: string): ContentBlock {
  const [type = "", ...words] = opening.split(/\s+/).filter(Boolean);
  if (!blockTypes.has(type)) throw new Error(`${file}: unknown block :::${type}`);
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
    case "faq":
      return withId({ type: "faq" });
    default: {
      if (!arg) throw new Error(`${file}: :::${type} needs a name`);
      const copy = copyOf(inner, file);
      if (type === "figure") return withId({ type: "figure", name: arg, copy });
      if (type === "products") return withId({ type: "products", rule: arg, copy });
      return withId({ type: "featured", rule: arg, copy });
    }
  }
}

export function compileContentPage(source: string, file = "content file"): ContentPage {
  const { data, body } = splitFrontMatter(source, file);
  const meta = metaOf(data, file);
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
      prose.push(line);
      continue;
    }
    flushProse();
    const inner: string[] = [];
    index++;
    while (index < lines.length && !/^:::\s*$/.test(lines[index] ?? "")) inner.push(lines[index++] ?? "");
    if (index >= lines.length) throw new Error(`${file}: :::${opening[1]} is never closed`);
    blocks.push(blockOf(opening[1] ?? "", inner.join("\n"), file));
  }
  flushProse();
  return { meta, blocks };
}
