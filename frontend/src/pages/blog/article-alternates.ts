import type { BlogPost } from "../../api/queries.js";
import { articlePath, type Lang } from "../../routes.js";

/**
 * The article's URL per language. An English article without a Spanish version is also listed on the
 * Spanish blog (in English), so it has a Spanish URL too.
 */
export function articleAlternates(post: BlogPost): Partial<Record<Lang, string>> {
  const own: Lang = post.lang === "es" ? "es" : "en";
  const other: Lang = own === "es" ? "en" : "es";
  const otherPath = post.translationSlug
    ? articlePath(post.translationSlug, other)
    : own === "en"
      ? articlePath(post.slug, "es")
      : undefined;
  return { [own]: articlePath(post.slug, own), ...(otherPath ? { [other]: otherPath } : {}) };
}
