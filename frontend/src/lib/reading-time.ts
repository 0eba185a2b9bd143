/** Adult silent reading speed for non-fiction, in words a minute. */
export const wordsPerMinute = 200;

/** Minutes to read an HTML article, counted from its words and rounded up; at least one. */
export function readingTimeMinutes(html: string): number {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&[#a-z0-9]+;/gi, " ");
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / wordsPerMinute));
}
