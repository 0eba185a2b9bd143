import type { Page, PageInput, PublishedPage } from "@rsv/api/client";
import { compileStoredPage, pageBodyProblem } from "@rsv/api/content-page";
import { badRequest, type ErrorDetail } from "@rsv/kit";
export type { Page, PageInput, PublishedPage };

/** What a save stores: trimmed, empty search fields as null. */
export type PageValues = Pick<Page, "title" | "metaTitle" | "metaDescription" | "body">;

/**
 * Checks and tidies a page's fields. The contract has checked presence and lengths; this refuses a
 * title of blanks and a body whose front matter or blocks do not compile, naming the field.
 */
export function normalizePageInput(input: PageInput): PageValues {
  const problems: ErrorDetail[] = [];
  const title = input.title.trim();
  if (!title) problems.push({ path: "body.title", message: "Title is required" });
  const body = input.body.replace(/\r\n/g, "\n");
  const problem = body.trim() ? pageBodyProblem(body) : "Body is required";
  if (problem) problems.push({ path: "body.body", message: problem });
  if (problems.length) throw badRequest(problems.map((p) => p.message).join("; "), problems);
  return {
    title,
    metaTitle: input.metaTitle?.trim() || null,
    metaDescription: input.metaDescription?.trim() || null,
    body,
  };
}

/** A page as visitors read it: compiled, without its source or who saved it. */
/** What a revision keeps of a page: the fields the owner edits, as saved. */
export function pageSnapshot(page: Page): PageValues {
  return { title: page.title, metaTitle: page.metaTitle, metaDescription: page.metaDescription, body: page.body };
}

/** A page's id in its revisions: its key and language, as `faq.es`. */
export function pageRevisionId(key: string, lang: Page["lang"]): string {
  return `${key}.${lang}`;
}

export function publishedPage(page: Page): PublishedPage {
  const { body: _body, updatedBy: _updatedBy, ...head } = page;
  return { ...head, content: compileStoredPage(page) };
}
