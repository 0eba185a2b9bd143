import { describe, expect, it } from "vitest";
import { buildPost } from "@rsv/api/factories";
import { draftFromPost, emptyPostDraft, isScheduled, keywordsOf, postInputFromDraft, withTitle } from "./post-form.js";
import { localDateTime } from "../ui/schedule.js";

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

  it("schedules a post for the time typed in the admin's own zone, and publishes at once without one", () => {
    const typed = "2031-05-04T09:30";
    const input = postInputFromDraft({ ...emptyPostDraft(), published: true, publishAt: typed });
    expect(input.publishAt).toBe(new Date(2031, 4, 4, 9, 30).toISOString());
    expect(postInputFromDraft({ ...emptyPostDraft(), published: true }).publishAt).toBeNull();
  });

  it("reads a post whose time is ahead as scheduled, with that time in the field", () => {
    const now = Date.parse("2030-01-01T00:00:00Z");
    const ahead = buildPost({ published: true, publishedAt: "2031-05-04T07:30:00.000Z" });
    expect(isScheduled(ahead, now)).toBe(true);
    expect(isScheduled({ ...ahead, published: false }, now)).toBe(false);
    expect(isScheduled({ ...ahead, publishedAt: "2029-01-01T00:00:00.000Z" }, now)).toBe(false);
    expect(draftFromPost(ahead).publishAt).toBe(localDateTime(new Date("2031-05-04T07:30:00.000Z")));
    expect(draftFromPost({ ...ahead, publishedAt: "2020-01-01T00:00:00.000Z" }).publishAt).toBe("");
  });
});
