import { describe, expect, it } from "vitest";
import { readingTimeMinutes, wordsPerMinute } from "./reading-time.js";

describe("reading time", () => {
  it("counts the words of the text, not the markup", () => {
    const words = (count: number) => Array.from({ length: count }, (_, i) => `palabra${i}`).join(" ");
    expect(readingTimeMinutes(`<p>${words(wordsPerMinute)}</p>`)).toBe(1);
    expect(readingTimeMinutes(`<p>${words(wordsPerMinute + 1)}</p>`)).toBe(2);
    expect(readingTimeMinutes(`<h2 class="a b c d e f">Title</h2><p>${words(wordsPerMinute * 5)}</p>`)).toBe(6);
  });

  it("is at least one minute and ignores scripts, entities and punctuation", () => {
    expect(readingTimeMinutes("")).toBe(1);
    expect(readingTimeMinutes("<script>" + "x ".repeat(5000) + "</script><p>Hi &amp; — bye</p>")).toBe(1);
  });
});
