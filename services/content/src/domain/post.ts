import type { BlogPost, BlogPostInput, Language } from "@rsv/api/client";
import { badRequest, slugify, type ErrorDetail } from "@rsv/kit";
import { isSafeUrl } from "./urls.js";
export type { BlogPost, BlogPostInput };

export type Lang = Language;

/**
 * A post as stored: the contract's post, except that the first publication date is kept while the
 * post is unpublished (republishing keeps it), plus whether its translation is published.
 */
export type PostRecord = Omit<BlogPost, "publishedAt"> & {
  firstPublishedAt: string | null;
  translationPublished: boolean;
  /** Published and its time has come: visitors see it. */
  live: boolean;
};

/** The editable columns, cleaned. */
export type PostValues = Pick<
  BlogPost,
  | "title"
  | "excerpt"
  | "content"
  | "category"
  | "imageUrl"
  | "published"
  | "metaTitle"
  | "metaDescription"
  | "keywords"
  | "lang"
>;

/** A create or update request after cleaning: slug and translation stay undefined when not given. */
export interface PostChanges {
  values: PostValues;
  slug?: string;
  /** undefined: leave the link as it is; null: unlink; a number: link both ways. */
  translationId?: number | null;
  /** When it goes public: undefined keeps the time it has, null means now, an ISO time schedules it. */
  publishAt?: string | null;
}

const SLUG_MAX = 100;

/** A change the stored posts refuse because of another post: a slug in use, or a translation link changed at the same time. */
export class PostConflict extends Error {
  override readonly name = "PostConflict";
}

/** A translation link that cannot be: the post itself, a post that does not exist, or one in the same language. */
export class InvalidTranslation extends Error {
  override readonly name = "InvalidTranslation";
}

/** Keywords arrive as a list or as one comma-separated string; items are trimmed and blanks dropped. */
export function parseKeywords(value: string[] | string | null | undefined): string[] {
  const items = Array.isArray(value) ? value : (value ?? "").split(",");
  return items.map((item) => item.trim()).filter((item) => item.length > 0);
}

/** The slug a title gives: the site's slug rule, shortened at a word boundary, never empty. */
export function slugFromTitle(title: string): string {
  let slug = slugify(title);
  if (slug.length > SLUG_MAX) {
    slug = slug.slice(0, SLUG_MAX);
    const cut = slug.lastIndexOf("-");
    slug = (cut > SLUG_MAX / 2 ? slug.slice(0, cut) : slug).replace(/-+$/, "");
  }
  return slug || "post";
}

/** Validated input → stored values: trimmed, keywords split, empty optionals null, HTML sanitised. */
export function normalizePostInput(input: BlogPostInput, sanitize: (html: string) => string): PostChanges {
  const problems: ErrorDetail[] = [];
  const required = (field: "title" | "excerpt" | "category" | "imageUrl", message: string): string => {
    const value = input[field].trim();
    if (!value) problems.push({ path: `body.${field}`, message });
    return value;
  };
  const title = required("title", "Title is required");
  const excerpt = required("excerpt", "Excerpt is required");
  const category = required("category", "Category is required");
  const imageUrl = required("imageUrl", "Image URL is required");
  if (imageUrl && !isSafeUrl(imageUrl)) {
    problems.push({ path: "body.imageUrl", message: "Image URL must be a site path or an http(s) address" });
  }
  const content = sanitize(input.content).trim();
  if (!content) problems.push({ path: "body.content", message: "Content is required" });
  if (problems.length) throw badRequest(problems.map((p) => p.message).join("; "), problems);

  const metaTitle = input.metaTitle?.trim() || null;
  const metaDescription = input.metaDescription?.trim() || null;
  return {
    values: {
      title,
      excerpt,
      content,
      category,
      imageUrl,
      published: input.published ?? false,
      metaTitle,
      metaDescription,
      keywords: parseKeywords(input.keywords),
      lang: input.lang ?? "en",
    },
    slug: input.slug,
    translationId: input.translationId,
    publishAt: input.publishAt ? new Date(input.publishAt).toISOString() : input.publishAt,
  };
}

/** What a revision keeps of a post: the fields the owner edits, as saved (the translation link aside). */
export function postSnapshot(record: PostRecord) {
  return {
    title: record.title,
    slug: record.slug,
    excerpt: record.excerpt,
    content: record.content,
    category: record.category,
    imageUrl: record.imageUrl,
    published: record.published,
    publishAt: record.firstPublishedAt,
    metaTitle: record.metaTitle,
    metaDescription: record.metaDescription,
    keywords: record.keywords,
    lang: record.lang,
  };
}

/**
 * The API view of a post. Visitors are not told about an unpublished translation (its page would
 * be a 404); admins see every link. publishedAt is null while a post is a draft.
 */
export function toBlogPost(record: PostRecord, options: { admin: boolean }): BlogPost {
  const linkVisible = record.translationId !== null && (options.admin || record.translationPublished);
  return {
    id: record.id,
    slug: record.slug,
    title: record.title,
    excerpt: record.excerpt,
    content: record.content,
    category: record.category,
    imageUrl: record.imageUrl,
    published: record.published,
    publishedAt: record.published ? (record.firstPublishedAt ?? record.createdAt) : null,
    metaTitle: record.metaTitle,
    metaDescription: record.metaDescription,
    keywords: record.keywords,
    lang: record.lang,
    translationId: linkVisible ? record.translationId : null,
    translationSlug: linkVisible ? record.translationSlug : null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/**
 * The public list in one language, one entry per article: a post in that language, or the
 * other language's post when the article has no published version in this one. So `es` shows
 * Spanish where it exists and English otherwise, and `en` shows English posts plus Spanish-only ones.
 */
export function forLanguage(published: PostRecord[], lang: Lang): PostRecord[] {
  return published.filter((post) => post.lang === lang || post.translationId === null || !post.translationPublished);
}

/** Newest first by publication date; drafts by their creation date; ties by id. */
export function newestFirst(posts: PostRecord[]): PostRecord[] {
  const when = (post: PostRecord) =>
    Date.parse(post.published ? (post.firstPublishedAt ?? post.createdAt) : post.createdAt);
  return [...posts].sort((a, b) => when(b) - when(a) || b.id - a.id);
}
