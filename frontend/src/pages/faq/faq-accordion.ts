import type { ContentBlock } from "../../content/content-page.js";

/** Text of an HTML fragment the content service made. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();
}

/** Every question of the page's faq blocks with its answer as plain text, for the FAQPage structured data. */
export function faqPlainEntries(blocks: ContentBlock[]): { question: string; answer: string }[] {
  return blocks.flatMap((block) =>
    block.type === "faq"
      ? (block.entries ?? []).map((entry) => ({ question: entry.question, answer: textOf(entry.html) }))
      : [],
  );
}

/** One answer open at a time: opening one closes the other, clicking the open one collapses it. */
export function toggleFaq(openId: string | null, clickedId: string): string | null {
  return openId === clickedId ? null : clickedId;
}
