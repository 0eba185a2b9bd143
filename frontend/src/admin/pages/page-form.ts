import type { Page, PageInput } from "@rsv/api/client";
import type { PageSourceError } from "@rsv/api/content-page";
import type { AdminT } from "../admin-copy.js";
import type { ErrorDetail } from "../api/hooks.js";

/** What the editor holds while the owner types. */
export interface PageDraft {
  title: string;
  metaTitle: string;
  metaDescription: string;
  body: string;
}

export type PageField = keyof PageDraft;
/** Copy keys under `pages.errors`. */
export type PageError = "titleRequired" | "bodyRequired" | "metaTitleTooLong" | "metaDescriptionTooLong";

/** The contract's limits (PageInput). */
export const pageLimits = { title: 300, metaTitle: 120, metaDescription: 320, body: 200_000 } as const;

export function draftFromPage(page: Page): PageDraft {
  return {
    title: page.title,
    metaTitle: page.metaTitle ?? "",
    metaDescription: page.metaDescription ?? "",
    body: page.body,
  };
}

export function pageInputFromDraft(draft: PageDraft): PageInput {
  return {
    title: draft.title.trim(),
    metaTitle: draft.metaTitle.trim() || null,
    metaDescription: draft.metaDescription.trim() || null,
    body: draft.body,
  };
}

/** The checks the browser can make before saving; the server checks the blocks as well. */
export function validatePage(draft: PageDraft): Partial<Record<PageField, PageError>> {
  const errors: Partial<Record<PageField, PageError>> = {};
  if (!draft.title.trim()) errors.title = "titleRequired";
  if (!draft.body.trim()) errors.body = "bodyRequired";
  if (draft.metaTitle.trim().length > pageLimits.metaTitle) errors.metaTitle = "metaTitleTooLong";
  if (draft.metaDescription.trim().length > pageLimits.metaDescription)
    errors.metaDescription = "metaDescriptionTooLong";
  return errors;
}

/** Why a body does not compile, in the admin's words: the line it concerns, when one, and the reason. */
export function bodyProblemText(issue: PageSourceError, t: AdminT): string {
  const { reason, ...values } = issue.problem;
  const key = reason === "yaml" ? (issue.problem.part === "frontMatter" ? "yamlFrontMatter" : "yamlBlockCopy") : reason;
  const problem = t(`pages.bodyProblems.${key}`, values);
  return issue.line === undefined ? problem : t("pages.bodyProblems.at", { line: issue.line, problem });
}

/** The server's refusals by field (`body.body` → body), in its words. */
export function serverErrorsByField(details: ErrorDetail[]): Partial<Record<PageField, string>> {
  const fields: readonly PageField[] = ["title", "metaTitle", "metaDescription", "body"];
  const errors: Partial<Record<PageField, string>> = {};
  for (const detail of details) {
    const field = detail.path.replace(/^body\./, "") as PageField;
    if (fields.includes(field) && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}
