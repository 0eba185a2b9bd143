import { copyFor, type Copy } from "./copy.js";
import type { Language } from "./subscriber.js";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The newsletter's own small pages (confirmation, unsubscribe): plain HTML with no script, so they
 * work in any browser and mail client, answered by this service where the token is checked.
 */
function page(t: Copy, lang: Language, title: string, body: string): string {
  const home = lang === "es" ? "/es" : "/";
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(t.siteName)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f8f5f2;color:#1f2937}main{max-width:32rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px #0002}h1{font-size:1.5rem;margin-top:0}button{font:inherit;background:#7f1d1d;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.25rem;cursor:pointer}a{color:#7f1d1d}.back a{display:inline-block;padding:.75rem 0}@media(max-width:30rem){main{margin:1rem;padding:1.25rem}}</style>
</head><body><main>
<h1>${escapeHtml(title)}</h1>
${body}
<p class="back"><a href="${home}">${escapeHtml(t.backToSite)}</a></p>
</main></body></html>`;
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** The copy's sentences (its other entries are functions). */
type Sentence = { [K in keyof Copy]: Copy[K] extends string ? K : never }[keyof Copy];

/** A page that says one thing: a title and a paragraph of the copy, in the reader's language. */
function notice(lang: Language, siteName: string, title: Sentence, text: Sentence): string {
  const t = copyFor(lang, siteName);
  return page(t, lang, t[title], paragraph(t[text]));
}

/**
 * What following the confirmation link shows: a button that posts to the same address, never the
 * confirmation itself, so a mail scanner or a link preview fetching every link confirms nobody.
 */
export function confirmPage(lang: Language, siteName: string, action: string): string {
  const t = copyFor(lang, siteName);
  return page(
    t,
    lang,
    t.confirmPageTitle,
    `${paragraph(t.confirmPageText)}
<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t.confirmAction)}</button></form>`,
  );
}

export function confirmedPage(lang: Language, siteName: string): string {
  return notice(lang, siteName, "confirmedTitle", "confirmedText");
}

export function invalidConfirmationPage(lang: Language, siteName: string): string {
  return notice(lang, siteName, "invalidConfirmTitle", "invalidConfirmText");
}

/**
 * What following the unsubscribe link shows: a button, never the unsubscription itself, so a mail
 * scanner fetching every link unsubscribes nobody. The button posts the one-click body of RFC 8058
 * to the same address, as a mail client's own unsubscribe button does.
 */
export function unsubscribePage(lang: Language, siteName: string, action: string): string {
  const t = copyFor(lang, siteName);
  return page(
    t,
    lang,
    t.unsubscribeTitle,
    `${paragraph(t.unsubscribeText)}
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t.unsubscribeButton)}</button></form>`,
  );
}

export function unsubscribedPage(lang: Language, siteName: string): string {
  return notice(lang, siteName, "unsubscribedTitle", "unsubscribedText");
}

export function invalidUnsubscribePage(lang: Language, siteName: string): string {
  return notice(lang, siteName, "invalidUnsubscribeTitle", "invalidUnsubscribeText");
}

/**
 * What a test message's unsubscribe link shows, in the message's language: that it was a test, which
 * unsubscribes nobody, and what each reader's link does in the real campaign. No button: there is nobody
 * to unsubscribe.
 */
export function testUnsubscribePage(lang: Language, siteName: string): string {
  return notice(lang, siteName, "testUnsubscribeTitle", "testUnsubscribeText");
}

/** The page's language for an unknown token: the reader's first Accept-Language, Spanish or English. */
export function languageOf(acceptLanguage: string | undefined): Language {
  const first = acceptLanguage?.split(",")[0]?.trim().toLowerCase() ?? "";
  return first === "es" || first.startsWith("es-") ? "es" : "en";
}

/** RFC 8058: the POST carries `List-Unsubscribe=One-Click`, form-encoded or as multipart. */
export function isOneClickBody(contentType: string, body: string): boolean {
  if (/^multipart\/form-data/i.test(contentType))
    return /name="List-Unsubscribe"\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/.test(body);
  return new URLSearchParams(body).get("List-Unsubscribe") === "One-Click";
}
