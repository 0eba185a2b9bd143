import { describe, expect, it } from "vitest";
import { emptyPostDraft, keywordsOf, postInputFromDraft, withTitle } from "./post-form.js";

describe("post form", () => {
  it("lets a new post's slug follow its title until the owner edits the slug", () => {
    const draft = emptyPostDraft();
    expect(withTitle(draft, "Resveratrol & the Heart: ¿Qué dice?")).toEqual({
      title: "Resveratrol & the Heart: ¿Qué dice?",
      slug: "resveratrol-the-heart-que-dice",
    });
    expect(withTitle({ ...draft, slugEdited: true, slug: "mine" }, "Other")).toEqual({ title: "Other" });
  });

  it("splits keywords on commas, trimmed, blanks dropped", () => {
    expect(keywordsOf(" a, b ,, c ,")).toEqual(["a", "b", "c"]);
  });

  it("sends no slug when it is empty and null for no translation", () => {
    const input = postInputFromDraft({ ...emptyPostDraft(), title: "T", excerpt: "E", content: "<p>C</p>" });
    expect(input).not.toHaveProperty("slug");
    expect(input.translationId).toBeNull();
    expect(input.published).toBe(false);
  });
});
