import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { infoPageKeys, languages, matchPage, routeSlugs } from "../routes.js";
import type { StoredPageKey } from "./content-pages.js";
import { compileContentPage } from "@rsv/api/content-page";
import type { BlockCopy, ContentBlock, ContentPage } from "./content-page.js";
import { charts, isChartName } from "./figures.js";
import { isProductRuleName } from "./product-rules.js";
import { contentFileUrl, readContentPage, readContentSource, seedPagesUrl } from "./read-content-files.js";
import { siteFacts } from "./site-facts.js";

const placeholdersAllowed = new Set([
  ...Object.keys(siteFacts),
  "siteName",
  "legalName",
  "contactAddress",
  "effectiveDate",
]);

function shape(block: ContentBlock): string {
  switch (block.type) {
    case "cards":
      return `cards#${block.id ?? ""}:${block.cards.length}`;
    case "figure":
      return `figure:${block.name}`;
    case "products":
    case "featured":
      return `${block.type}:${block.rule}`;
    case "html":
      return "html";
    case "faq":
      return `faq#${block.id ?? ""}:${block.entries?.length ?? 0}`;
    default:
      return `${block.type}#${block.id ?? ""}`;
  }
}

/** The prose of each block: an HTML or callout block's markup, a card block's cards. */
function blockTexts(blocks: ContentBlock[]): string[] {
  return blocks.flatMap((block) => {
    if (block.type === "html" || block.type === "callout") return [block.html];
    if (block.type === "cards") return block.cards;
    if (block.type === "faq") return (block.entries ?? []).flatMap((entry) => [entry.question, entry.html]);
    return [];
  });
}

/** The copy keys of each block that has copy, in order, so two languages can be compared block by block. */
function copyKeys(block: ContentBlock): string[] {
  return block.type === "figure" || block.type === "products" || block.type === "featured"
    ? Object.keys(block.copy).sort()
    : [];
}

function figures(blocks: ContentBlock[]): { name: string; labels: BlockCopy[string] | undefined }[] {
  return blocks.flatMap((block) => (block.type === "figure" ? [{ name: block.name, labels: block.copy.labels }] : []));
}

function productRules(blocks: ContentBlock[]): string[] {
  return blocks.flatMap((block) => (block.type === "products" || block.type === "featured" ? [block.rule] : []));
}

function allText(page: ContentPage): string {
  const parts: string[] = [page.meta.title, page.meta.description, page.meta.lead ?? ""];
  for (const entry of page.meta.faq ?? []) parts.push(entry.question, entry.answer);
  parts.push(...blockTexts(page.blocks));
  return parts.join("\n");
}

/** Every "N mg" dose a page states, so the two languages can be compared. */
function doses(page: ContentPage): string[] {
  const found = allText(page).match(/\d[\d.,]*(?:-\d[\d.,]*)?\s?mg\b/g) ?? [];
  return [...new Set(found.map((dose) => dose.replace(/\s/g, "").replace(/[.,](?=\d{3}(?!\d))/g, "")))].sort();
}

/** Every page the owner edits: the content pages and the FAQ. */
const storedKeys: StoredPageKey[] = [...infoPageKeys, "faq"];

describe("content files", () => {
  it("exist for every content route in both languages, and no other file is lying around", () => {
    for (const lang of languages) {
      const expected = storedKeys.map((key) => `${routeSlugs[key].en}.md`).sort();
      expect(readdirSync(new URL(`./${lang}/`, seedPagesUrl)).sort()).toEqual(expected);
      for (const key of storedKeys) expect(existsSync(contentFileUrl(key, lang)), `${lang}/${key}`).toBe(true);
    }
  });

  for (const key of storedKeys) {
    describe(key, () => {
      const pages = { en: readContentPage(key, "en"), es: readContentPage(key, "es") };

      it("has a title, description and body in both languages", () => {
        for (const lang of languages) {
          const { meta, blocks } = pages[lang];
          expect(meta.title.trim(), lang).not.toBe("");
          expect(meta.description.trim(), lang).not.toBe("");
          expect(blocks.length, lang).toBeGreaterThan(0);
          expect(
            blockTexts(blocks).filter((text) => text.trim() === ""),
            lang,
          ).toEqual([]);
        }
      });

      it("has the same template, front-matter keys, sections and questions in both languages", () => {
        expect(pages.es.meta.template).toBe(pages.en.meta.template);
        expect(Object.keys(pages.es.meta).sort()).toEqual(Object.keys(pages.en.meta).sort());
        expect(pages.es.meta.faq?.length ?? 0).toBe(pages.en.meta.faq?.length ?? 0);
        expect(pages.es.blocks.map(shape)).toEqual(pages.en.blocks.map(shape));
        expect(pages.es.blocks.map(copyKeys)).toEqual(pages.en.blocks.map(copyKeys));
      });

      it("states the same doses in both languages", () => {
        expect(doses(pages.es)).toEqual(doses(pages.en));
      });

      it("labels every chart row and uses only known charts, product rules and placeholders", () => {
        for (const lang of languages) {
          for (const { name, labels } of figures(pages[lang].blocks)) {
            expect(isChartName(name), name).toBe(true);
            expect(labels?.length, name).toBe(isChartName(name) ? charts[name].values.length : undefined);
          }
          for (const rule of productRules(pages[lang].blocks)) expect(isProductRuleName(rule), rule).toBe(true);
          const names = [...readContentSource(key, lang).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? "");
          for (const name of names) expect(placeholdersAllowed.has(name), `${lang}: {{${name}}}`).toBe(true);
        }
      });

      it("links only to pages that exist, in its own language", () => {
        for (const lang of languages) {
          const hrefs = [...allText(pages[lang]).matchAll(/href="(\/[^"#?]*)"/g)].map((match) => match[1] ?? "");
          for (const href of hrefs) {
            const match = matchPage(href);
            expect(match.page, `${lang}: ${href}`).not.toBe("notFound");
            expect(match.lang, `${lang}: ${href}`).toBe(lang);
          }
        }
      });
    });
  }
});

describe("the privacy policy", () => {
  it("names every cookie and stored value the site keeps, in both languages", () => {
    for (const lang of languages) {
      const policy = readContentSource("privacyPolicy", lang);
      for (const fact of [
        "sessionCookie",
        "adminLanguageCookie",
        "languageCookie",
        "languageStorageKey",
        "exitBannerStorageKey",
        "chatHistoryStorageKey",
      ])
        expect(policy, `${lang}: ${fact}`).toContain(`{{${fact}}}`);
    }
  });
});

describe("compileContentPage", () => {
  it("splits prose, boxes, cards, figures and product blocks", () => {
    const page = compileContentPage(
      [
        "---",
        "template: guide",
        'title: "A: title"',
        "description: About it",
        "updated: 2026-01-02",
        "---",
        "## Intro",
        "",
        "Text with a [link](/comparison).",
        "",
        ":::cards 2 #tiers",
        "### One",
        "First",
        "### Two",
        "Second",
        ":::",
        ":::figure nad-decline",
        "labels: [a, b, c, d]",
        ":::",
        ":::products eye #list",
        "title: Picks",
        ":::",
        "| a | b |",
        "| - | - |",
        "| c | d |",
      ].join("\n"),
    );
    expect(page.meta).toEqual({ template: "guide", title: "A: title", description: "About it", updated: "2026-01-02" });
    expect(page.blocks.map(shape)).toEqual(["html", "cards#tiers:2", "figure:nad-decline", "products:eye", "html"]);
    expect(page.blocks[0]).toEqual({
      type: "html",
      html: '<h2 id="intro">Intro</h2>\n<p>Text with a <a href="/comparison">link</a>.</p>',
    });
    expect(page.blocks[2]).toMatchObject({ copy: { labels: ["a", "b", "c", "d"] } });
    expect(page.blocks[4]).toMatchObject({ html: expect.stringContaining('<th scope="row">c</th><td>d</td>') });
  });

  it("refuses files without front matter, unknown blocks and unclosed blocks", () => {
    const front = "---\ntemplate: guide\ntitle: T\ndescription: D\nupdated: 2026-01-02\n---\n";
    expect(() => compileContentPage("# no front matter")).toThrow(/front matter/);
    expect(() => compileContentPage("---\ntemplate: poster\ntitle: T\n---\n")).toThrow(/template/);
    expect(() => compileContentPage(`${front}:::carousel\n:::`)).toThrow(/unknown block/);
    expect(() => compileContentPage(`${front}:::cards\n### open`)).toThrow(/never closed/);
  });
});
