/**
 * The site's slug rule, as the content service applies it: accents dropped, lowercase, runs of anything
 * but letters and digits become one hyphen, no hyphen at either end.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
