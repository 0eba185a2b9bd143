import { describe, expect, it } from "vitest";
import { resources } from "../i18n/resources.js";
import { vocabularyLabel } from "./vocabulary.js";

const spanish = (key: string) => (resources.es.common.origins as Record<string, string>)[key];

describe("vocabulary labels", () => {
  it("shows each part of a combined origin in the page's language", () => {
    expect(vocabularyLabel(spanish, "Japanese Knotweed / Grape Skin")).toBe("Hierba nudosa japonesa / Piel de uva");
    expect(vocabularyLabel(spanish, "grape skin")).toBe("Piel de uva");
  });

  it("keeps a word the vocabulary does not know as the owner wrote it", () => {
    expect(vocabularyLabel(spanish, "Moon Dust / Grape Skin")).toBe("Moon Dust / Piel de uva");
  });

  it("has every blog category and origin in both languages", () => {
    for (const lang of ["en", "es"] as const) {
      expect(Object.keys(resources[lang].common.origins).sort()).toEqual(
        Object.keys(resources.en.common.origins).sort(),
      );
      expect(Object.keys(resources[lang].blog.categories)).toEqual(
        expect.arrayContaining(["expert guide", "research study", "brain", "cardiovascular"]),
      );
    }
  });
});
