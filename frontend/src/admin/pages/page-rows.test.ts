import type { Language, Page } from "@rsv/api/client";
import { describe, expect, it } from "vitest";
import { pageRows } from "./page-rows.js";

const page = (key: string, lang: Language, title: string): Page => ({
  key,
  lang,
  title,
  metaTitle: null,
  metaDescription: null,
  body: "Text",
  updatedAt: "2026-11-20T10:00:00Z",
  updatedBy: null,
});

const stored = [
  page("affiliate-disclosure", "en", "Affiliate disclosure"),
  page("affiliate-disclosure", "es", "Divulgación de afiliados"),
  page("what-is-resveratrol", "en", "What is resveratrol?"),
  page("what-is-resveratrol", "es", "¿Qué es el resveratrol?"),
  page("eye-health-guide", "en", "Eye health guide"),
  page("eye-health-guide", "es", "Guía de salud ocular"),
  page("beginners-guide", "en", "Beginner's guide"),
];

describe("the Pages tab's rows", () => {
  it("lists each page once, by the titles of the dashboard's language, ignoring opening marks", () => {
    const titles = (lang: Language) => pageRows(stored, lang).map((row) => row.shown.title);
    expect(titles("en")).toEqual([
      "Affiliate disclosure",
      "Beginner's guide",
      "Eye health guide",
      "What is resveratrol?",
    ]);
    // A page with no Spanish version shows its English title, in its place among the Spanish ones.
    expect(titles("es")).toEqual([
      "Beginner's guide",
      "Divulgación de afiliados",
      "Guía de salud ocular",
      "¿Qué es el resveratrol?",
    ]);
  });

  it("keeps both versions of a page together", () => {
    const row = pageRows(stored, "es").find((candidate) => candidate.key === "what-is-resveratrol")!;
    expect(row.versions.en?.title).toBe("What is resveratrol?");
    expect(row.versions.es?.title).toBe("¿Qué es el resveratrol?");
  });
});
