import type { PublishedPage } from "@rsv/api/client";
import { describe, expect, it } from "vitest";
import { faqAnswers } from "./knowledge.js";

const page = (blocks: PublishedPage["content"]["blocks"], faq?: Array<{ question: string; answer: string }>) =>
  ({
    key: "faq",
    lang: "en",
    title: "Frequently Asked Questions",
    metaTitle: null,
    metaDescription: null,
    updatedAt: "2026-11-25T00:00:00.000Z",
    content: { meta: { template: "landing", title: "FAQ", description: "", updated: "2026-11-25", faq }, blocks },
  }) satisfies PublishedPage;

describe("faqAnswers (the questions a page answers)", () => {
  it("reads each question of the FAQ's blocks under its section's heading, its answer as text", () => {
    const answers = faqAnswers(
      page([
        { type: "html", html: '<h2 id="dosage">Dosage</h2>' },
        {
          type: "faq",
          entries: [
            { question: "How much resveratrol should I take?", html: "<p>Studies use 250 to 500mg &amp; more.</p>" },
          ],
        },
        { type: "html", html: "<h2>Safety</h2><p>Read on.</p>" },
        { type: "faq", entries: [{ question: "Are there side effects?", html: "<p>Mild upset at high doses.</p>" }] },
      ]),
      "/faq",
    );
    expect(answers).toEqual([
      {
        section: "Dosage",
        question: "How much resveratrol should I take?",
        answer: "Studies use 250 to 500mg & more.",
        link: "/faq",
      },
      { section: "Safety", question: "Are there side effects?", answer: "Mild upset at high doses.", link: "/faq" },
    ]);
  });

  it("reads a block without questions of its own from the front matter's, a guide's named by its title", () => {
    const answers = faqAnswers(
      page([{ type: "faq" }], [{ question: "Can I cycle it?", answer: "Yes." }]),
      "/beginners-guide",
      "Beginner's Guide",
    );
    expect(answers).toEqual([
      { section: "", question: "Can I cycle it?", answer: "Yes.", link: "/beginners-guide", guide: "Beginner's Guide" },
    ]);
  });
});
