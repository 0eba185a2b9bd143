import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  compileContentPage,
  compileStoredPage,
  pageBodyIssue,
  pageBodyProblem,
  storedPageFromFile,
} from "./content-page.js";

const seedDir = new URL("../../services/content/pages/", import.meta.url);
const seedFiles = ["en", "es"].flatMap((lang) =>
  readdirSync(new URL(`./${lang}/`, seedDir)).map((name) => `${lang}/${name}`),
);

const stored = (body: string, fields: { title?: string; metaTitle?: string | null } = {}) => ({
  title: fields.title ?? "The heading",
  metaTitle: fields.metaTitle ?? null,
  metaDescription: null,
  body,
  updatedAt: "2026-11-25T10:00:00.000Z",
});

describe("stored pages", () => {
  it("compile from every seed file to the page the file makes", () => {
    expect(seedFiles.length).toBeGreaterThanOrEqual(30);
    for (const file of seedFiles) {
      const source = readFileSync(new URL(file, seedDir), "utf8");
      const fromFile = compileContentPage(source, file);
      const fromStore = compileStoredPage(storedPageFromFile(source, file));
      expect(fromStore, file).toEqual(fromFile);
    }
  });

  it("take the heading from the title and the <title> from the search title when there is one", () => {
    expect(compileStoredPage(stored("Text")).meta).toMatchObject({ title: "The heading", template: "guide" });
    expect(compileStoredPage(stored("Text")).meta.heading).toBeUndefined();
    const withSearchTitle = compileStoredPage(stored("Text", { metaTitle: "Search title" })).meta;
    expect(withSearchTitle).toMatchObject({ title: "Search title", heading: "The heading", updated: "2026-11-25" });
  });

  it("show HTML written in the Markdown as text and drop unsafe links", () => {
    const page = compileStoredPage(
      stored(
        '<script>alert(1)</script>\n\n[bad](javascript:alert(1)) [good](/es/comparacion) <img src=x onerror="x">\n\n' +
          "[tab](<java\tscript:alert(2)>) [far](//evil.example) ![i](data:image/png;base64,AAAA)",
      ),
    );
    const html = page.blocks.map((block) => ("html" in block ? block.html : "")).join("");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("javascript:");
    expect(html).not.toMatch(/java\s*script/);
    expect(html).not.toContain("//evil.example");
    expect(html).not.toContain("data:");
    expect(html).toContain('<a href="/es/comparacion">good</a>');
  });

  it("name what is wrong with a body that does not compile, and nothing for one that does", () => {
    expect(pageBodyProblem("## Fine\n\n:::callout tip\nText\n:::\n")).toBeUndefined();
    expect(pageBodyProblem("Intro\n\n:::carousel\n:::")).toMatch(/line 3: unknown block :::carousel/);
    expect(pageBodyProblem(":::cards 2\n### Open")).toMatch(/line 1: :::cards 2 is never closed/);
    expect(pageBodyProblem("Text\n:::")).toMatch(/never opened/);
    expect(pageBodyProblem(":::figure\n:::")).toMatch(/:::figure needs a name/);
    expect(pageBodyProblem(":::figure nad-declin\n:::")).toMatch(/:::figure nad-declin is not one of nad-decline/);
    expect(pageBodyProblem(":::products athlete\n:::")).toMatch(/:::products athlete is not one of athletes/);
    expect(pageBodyProblem(":::faq\nNo question\n:::")).toMatch(/### headings/);
    expect(pageBodyProblem(":::faq\n### Unanswered?\n:::")).toMatch(/has no answer/);
    expect(pageBodyProblem(":::figure nad-decline\ntitle: [unclosed\n:::")).toMatch(/block copy is not valid YAML/);
    expect(pageBodyProblem("---\ntemplate: poster\n---\nText")).toMatch(/unknown template poster/);
    expect(pageBodyProblem("---\ntitle: Not here\n---\nText")).toMatch(/not title/);
    expect(pageBodyProblem("---\nlead: [\n---\nText")).toMatch(/front matter is not valid YAML/);
    expect(pageBodyProblem("---\nlead: unclosed")).toMatch(/front matter starts and ends/);
  });

  it("names each problem by a stable reason, with the line of the whole body it is on", () => {
    const issue = (body: string) => {
      const found = pageBodyIssue(body);
      return found && { problem: found.problem, line: found.line };
    };
    // Line numbers count the front matter too: they are the lines the owner sees in the editor.
    expect(issue("---\ntemplate: guide\n---\nIntro\n\n:::carousel\n:::")).toEqual({
      problem: { reason: "blockType", value: "carousel" },
      line: 6,
    });
    expect(issue("Intro\n:::cards 2\n### Open")).toEqual({
      problem: { reason: "unclosed", block: "cards 2" },
      line: 2,
    });
    expect(issue("Text\n\n:::")).toEqual({ problem: { reason: "strayClose" }, line: 3 });
    expect(issue(":::figure nad-declin\n:::")).toEqual({
      problem: {
        reason: "blockNameUnknown",
        block: "figure",
        value: "nad-declin",
        known: "nad-decline, antioxidant-potency, study-counts, annual-cost",
      },
      line: 1,
    });
    expect(issue(":::faq\n### Unanswered?\n:::")).toEqual({
      problem: { reason: "faqAnswer", question: "Unanswered?" },
      line: 1,
    });
    expect(issue("---\ntemplate: poster\n---\nText")).toEqual({
      problem: { reason: "template", value: "poster" },
      line: undefined,
    });
    expect(issue("---\ntitle: Not here\n---\nText")?.problem).toEqual({
      reason: "fields",
      allowed: "template, eyebrow, lead, keywords, faq",
      fields: "title",
    });
    expect(issue("---\nlead: [\n---\nText")?.problem).toMatchObject({ reason: "yaml", part: "frontMatter" });
    expect(issue("## Fine")).toBeUndefined();
  });
});
