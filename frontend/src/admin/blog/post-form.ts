import type { BlogPost, BlogPostInput, Language } from "@rsv/api/client";
import { slugify } from "../../lib/slug.js";
import { isAhead, publishAtOf, scheduleField } from "../ui/schedule.js";

export const postCategories = [
  "RESEARCH STUDY",
  "EXPERT GUIDE",
  "PERFORMANCE",
  "HEALTH BENEFITS",
  "PRODUCT REVIEW",
] as const;

export interface PostDraft {
  title: string;
  slug: string;
  /** False until the owner edits the slug: a new post's slug follows its title until then. */
  slugEdited: boolean;
  excerpt: string;
  content: string;
  category: string;
  imageUrl: string;
  published: boolean;
  metaTitle: string;
  metaDescription: string;
  /** Comma-separated, as typed. */
  keywords: string;
  lang: Language;
  /** The id of the same article in the other language, or "" for none. */
  translationId: string;
  /** When it goes public, as a datetime-local value in the admin's time zone; "" for when it is saved. */
  publishAt: string;
}

export function emptyPostDraft(): PostDraft {
  return {
    title: "",
    slug: "",
    slugEdited: false,
    excerpt: "",
    content: "",
    category: postCategories[0],
    imageUrl: "",
    published: false,
    metaTitle: "",
    metaDescription: "",
    keywords: "",
    lang: "en",
    translationId: "",
    publishAt: "",
  };
}

export function draftFromPost(post: BlogPost): PostDraft {
  return {
    title: post.title,
    slug: post.slug,
    slugEdited: true,
    excerpt: post.excerpt,
    content: post.content,
    category: post.category,
    imageUrl: post.imageUrl,
    published: post.published,
    metaTitle: post.metaTitle ?? "",
    metaDescription: post.metaDescription ?? "",
    keywords: post.keywords.join(", "),
    lang: post.lang,
    translationId: post.translationId === null ? "" : String(post.translationId),
    publishAt: post.published ? scheduleField(post.publishedAt) : "",
  };
}

/** Published, with its time still ahead: visitors do not see it yet. */
export function isScheduled(post: Pick<BlogPost, "published" | "publishedAt">, now = Date.now()): boolean {
  return post.published && isAhead(post.publishedAt, now);
}

/** The draft after the title changes: the slug follows it unless the owner has set one. */
export function withTitle(draft: PostDraft, title: string): Partial<PostDraft> {
  return draft.slugEdited ? { title } : { title, slug: slugify(title) };
}

export function keywordsOf(text: string): string[] {
  return text
    .split(",")
    .map((keyword) => keyword.trim())
    .filter(Boolean);
}

export type PostError =
  "titleRequired" | "excerptRequired" | "contentRequired" | "categoryRequired" | "imageUrlRequired" | "slugInvalid";

export function validatePost(draft: PostDraft): Partial<Record<keyof PostDraft, PostError>> {
  const errors: Partial<Record<keyof PostDraft, PostError>> = {};
  if (!draft.title.trim()) errors.title = "titleRequired";
  if (!draft.excerpt.trim()) errors.excerpt = "excerptRequired";
  if (!draft.content.trim()) errors.content = "contentRequired";
  if (!draft.category.trim()) errors.category = "categoryRequired";
  if (!draft.imageUrl.trim()) errors.imageUrl = "imageUrlRequired";
  if (draft.slug.trim() && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(draft.slug.trim())) errors.slug = "slugInvalid";
  return errors;
}

export function postInputFromDraft(draft: PostDraft): BlogPostInput {
  const slug = draft.slug.trim();
  return {
    title: draft.title.trim(),
    ...(slug ? { slug } : {}),
    excerpt: draft.excerpt.trim(),
    content: draft.content,
    category: draft.category,
    imageUrl: draft.imageUrl.trim(),
    published: draft.published,
    metaTitle: draft.metaTitle.trim() || null,
    metaDescription: draft.metaDescription.trim() || null,
    keywords: keywordsOf(draft.keywords),
    lang: draft.lang,
    translationId: draft.translationId ? Number(draft.translationId) : null,
    // Empty publishes a scheduled post now.
    publishAt: publishAtOf(draft.publishAt),
  };
}
