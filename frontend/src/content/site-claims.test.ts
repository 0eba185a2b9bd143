import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { resources } from "../i18n/resources.js";
import { infoPageKeys, languages, routeSlugs } from "../routes.js";
import type { StoredPageKey } from "./content-pages.js";
import { readContentSource } from "./read-content-files.js";

/**
 * What the site claims, read from every place its words live in both languages: the translations,
 * the stored pages' seed files, the demo posts and the chat's answers (the last two read as source
 * text, since the front end may not import a service).
 */
interface Passage {
  where: string;
  text: string;
}

function strings(value: unknown, where: string): Passage[] {
  if (typeof value === "string") return [{ where, text: value }];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    strings(child, where.endsWith(":") ? `${where}${key}` : `${where}.${key}`),
  );
}

const lines = (text: string, where: string): Passage[] =>
  text.split("\n").map((line, index) => ({ where: `${where}:${index + 1}`, text: line }));

const serviceSource = (file: string) => readFileSync(new URL(`../../../services/${file}`, import.meta.url), "utf8");

const storedKeys: StoredPageKey[] = [...infoPageKeys, "faq"];

const passages: Passage[] = [
  ...languages.flatMap((lang) =>
    Object.entries(resources[lang]).flatMap(([ns, copy]) => strings(copy, `${lang}/${ns}:`)),
  ),
  ...languages.flatMap((lang) =>
    storedKeys.flatMap((key) => lines(readContentSource(key, lang), `pages/${lang}/${routeSlugs[key].en}.md`)),
  ),
  ...lines(serviceSource("content/src/seed/posts.ts"), "content/src/seed/posts.ts"),
  ...lines(serviceSource("chat/src/domain/copy.ts"), "chat/src/domain/copy.ts"),
];

/** A table row stays whole (its first cell says what its figures are); prose splits into clauses. */
function clauses({ where, text }: Passage): Passage[] {
  if (text.trim().startsWith("|")) return [{ where, text }];
  return text
    .split(/<[^>]+>|(?<=[.;:!?])\s+/)
    .filter((clause) => clause.trim())
    .map((clause) => ({ where, text: clause }));
}

const allClauses = passages.flatMap(clauses);

const percentages = (text: string) =>
  [...text.matchAll(/(\d+(?:[.,]\d+)?)\s?(?:%|per ?cent\b|por ciento\b)/gi)].map((match) => Number(match[1]));

/** The site's purity statements: 98%+ is what we favour and tell readers to look for, 95% the floor. */
const purityContext = /purity|\bpure\b|pureza|\bpur[oa]\b|trans-resveratrol/i;
const floor = /recommend nothing below 95\s?%|no recomendamos nada por debajo del 95\s?%/i;
const floorWordsBefore98 =
  /(?:at least|minimum(?: of)?|below|under|al menos(?: el| un)?|m[ií]nim[oa](?: del?)?|por debajo del)\s*98\s?%/i;
/** "Polygonum cuspidatum extract 50%", "20% to 50% extract": the strength of an extract, not a purity we advise. */
const extract = /extract/i;

describe("the site's purity figures", () => {
  it("shows 95% in the home page's figures as the minimum purity we recommend, in both languages", () => {
    expect(resources.en.home.hero.stats.purity).toEqual({ value: "95%", label: "Minimum purity we recommend" });
    expect(resources.es.home.hero.stats.purity).toEqual({
      value: "95\u00a0%",
      label: "Pureza mínima que recomendamos",
    });
  });

  it("gives 95% only as the floor, in the same words everywhere", () => {
    const stray = allClauses.filter(
      (clause) =>
        purityContext.test(clause.text) &&
        percentages(clause.text).includes(95) &&
        !floor.test(clause.text) &&
        !languages.some((lang) => clause.where === `${lang}/home:hero.stats.purity.value`),
    );
    expect(stray).toEqual([]);
    for (const lang of languages) {
      const faq = readContentSource("faq", lang);
      expect(faq, lang).toMatch(floor);
      expect(JSON.stringify(resources[lang].home.guide), lang).toMatch(floor);
    }
  });

  it("states no purity figure but 98%+ and the 95% floor, and never 98% as a minimum", () => {
    const purityClauses = allClauses.filter((clause) => purityContext.test(clause.text));
    const figures = purityClauses.flatMap((clause) => percentages(clause.text));
    // The check reads real statements: the guides', the FAQ's, the disclosure's and the chat's in both languages.
    expect(figures).toContain(98);
    const other = purityClauses.filter(
      (clause) =>
        !extract.test(clause.text) && percentages(clause.text).some((figure) => figure !== 95 && figure !== 98),
    );
    expect(other).toEqual([]);
    expect(allClauses.filter((clause) => floorWordsBefore98.test(clause.text))).toEqual([]);
  });
});

describe("the site's claims about its sources and the research", () => {
  it("never says it links to its sources: pages and posts name the studies, with no links out", () => {
    const linking = [
      /links? back to/i,
      /link(?:s|ed)? to (?:the )?(?:original|published) (?:sources|studies|research)/i,
      /enlaza(?:mos|n)? (?:a|con) (?:las |los )?(?:fuentes|estudios)/i,
      /remite(?:n)? a (?:las |los )?(?:fuentes|estudios)/i,
    ];
    expect(passages.filter((passage) => linking.some((claim) => claim.test(passage.text)))).toEqual([]);
  });

  it("says where resveratrol was seen to activate sirtuins whenever it says it does", () => {
    const activates =
      /\b(?:activates|switches on)\b[^,]*\b(?:sirtuins?|SIRT1)\b|\b(?:activa|pone en marcha)\b[^,]*\b(?:sirtuinas?|SIRT1)\b/i;
    const evidence = /\blab\b|laborator|stud(?:y|ies)|\btests?\b|doubt|debate|estudio|ensayo|duda/i;
    const claims = allClauses.filter((clause) => activates.test(clause.text));
    expect(claims.length).toBeGreaterThan(0);
    expect(claims.filter((clause) => !evidence.test(clause.text))).toEqual([]);
  });
});
