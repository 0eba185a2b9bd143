import { Marked } from "marked";
import { sanitizeRichHtml } from "@rsv/kit/html";
import { copy, copyFor, type Copy } from "./copy.js";
import type { Language } from "./subscriber.js";

/** One message as the site composes it; the mailer adds From and sends it (or keeps it in the outbox). */
export interface OutgoingMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Content-Language, List-Unsubscribe, List-Unsubscribe-Post, … (not From, To or Subject). */
  headers: Record<string, string>;
  kind: "confirmation" | "campaign" | "test";
  subscriberId?: number;
  campaignId?: number;
}

/** A value bound for a mail header carries a CR or LF: it could add headers of its own. */
export class HeaderInjection extends Error {
  constructor(readonly field: string) {
    super(`${field} must not contain a line break`);
    this.name = "HeaderInjection";
  }
}

export const LINE_BREAK = /[\r\n]/;

/** Refuses a value with a CR or LF before it reaches a header (the contract refuses them too). */
export function assertHeaderSafe(field: string, value: string): string {
  if (LINE_BREAK.test(value)) throw new HeaderInjection(field);
  return value;
}

/**
 * Who a message is from: MAIL_FROM as the operator wrote it when it names the sender
 * (`Vinetree <news@example.com>`); a bare address (`news@example.com`) is named after the site, as its
 * owner calls it in the settings, so readers see the name they signed up to.
 */
export function senderOf(mailFrom: string, siteName: string): string {
  const from = mailFrom.trim();
  if (/<[^<>]*>$/.test(from)) return from;
  const name = siteName.replace(/[\r\n]+/g, " ").trim();
  return name ? `"${name.replace(/["\\]/g, "\\$&")}" <${from}>` : from;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export interface SiteLinks {
  /** The site's public origin, without a trailing slash. */
  origin: string;
  /** The site's name as the owner set it (site settings), which every message and page names. */
  siteName: string;
}

/** Where links and the site's name come from when a message is made: the name can change any time. */
export type SiteLinksSource = () => Promise<SiteLinks>;

export const homeUrl = (links: SiteLinks, lang: Language) => `${links.origin}${lang === "es" ? "/es" : "/"}`;

export const confirmUrl = (links: SiteLinks, token: string) =>
  `${links.origin}/api/newsletter/confirm/${encodeURIComponent(token)}`;

export const unsubscribeUrl = (links: SiteLinks, token: string) =>
  `${links.origin}/api/newsletter/unsubscribe/${encodeURIComponent(token)}`;

const TEST_TOKEN_PREFIX = "test-message-no-subscriber-";

/**
 * The unsubscribe link's token in a test message, which goes to no subscriber: it names the message's
 * language, so its page tells the owner, in that language, that the link was a test's. A subscriber's
 * token is 43 base64url characters (newUnsubscribeToken), never one of these.
 */
export const testUnsubscribeToken = (lang: Language) => `${TEST_TOKEN_PREFIX}${lang}`;

/** The language of a test message's unsubscribe token; undefined for any other token. */
export function testTokenLanguage(token: string): Language | undefined {
  if (token === testUnsubscribeToken("en")) return "en";
  if (token === testUnsubscribeToken("es")) return "es";
  return undefined;
}

/** The headers every message carries: its language, and the one-click unsubscribe of RFC 8058. */
function listHeaders(lang: Language, unsubscribe: string): Record<string, string> {
  return {
    "Content-Language": lang,
    "List-Unsubscribe": `<${unsubscribe}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * The HTML frame of every message: the content, then why they get it (`why`: a subscriber's issue, or a
 * confirmation asked before anyone has subscribed) and the visible unsubscribe link.
 */
function frame(
  t: Copy,
  lang: Language,
  title: string,
  content: string,
  unsubscribe: string,
  why: "footerWhy" | "footerWhyConfirm" = "footerWhy",
): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f8f5f2;font-family:Georgia,serif;color:#1f2937">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<p style="font-size:14px;color:#7f1d1d;font-weight:bold;margin:0 0 16px">${escapeHtml(t.siteName)}</p>
${content}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:32px 0 16px">
<p style="font-size:12px;color:#6b7280">${escapeHtml(t[why])} <a href="${escapeHtml(unsubscribe)}" style="color:#6b7280">${escapeHtml(t.unsubscribeLink)}</a></p>
</div></body></html>`;
}

function textFooter(t: Copy, unsubscribe: string, why: "footerWhy" | "footerWhyConfirm" = "footerWhy"): string {
  return `\n\n--\n${t[why]}\n${t.unsubscribeLink}: ${unsubscribe}\n`;
}

/** The confirmation asked of a new sign-up, in the language of the page it came from. */
export function confirmationMessage(
  links: SiteLinks,
  input: { to: string; lang: Language; token: string; unsubscribeToken: string; subscriberId: number },
): OutgoingMessage {
  const t = copyFor(input.lang, links.siteName);
  const confirm = confirmUrl(links, input.token);
  const unsubscribe = unsubscribeUrl(links, input.unsubscribeToken);
  const content = `<h1 style="font-size:22px">${escapeHtml(t.confirmHeading)}</h1>
<p>${escapeHtml(t.confirmIntro)}</p>
<p><a href="${escapeHtml(confirm)}" style="display:inline-block;background:#7f1d1d;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(t.confirmAction)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t.confirmExpiry)}</p>`;
  return {
    to: assertHeaderSafe("to", input.to),
    subject: t.confirmSubject,
    html: frame(t, input.lang, t.confirmSubject, content, unsubscribe, "footerWhyConfirm"),
    text: `${t.confirmHeading}\n\n${t.confirmIntro}\n\n${t.confirmAction}: ${confirm}\n\n${t.confirmExpiry}${textFooter(t, unsubscribe, "footerWhyConfirm")}`,
    headers: listHeaders(input.lang, unsubscribe),
    kind: "confirmation",
    subscriberId: input.subscriberId,
  };
}

export interface CampaignCopy {
  subject: Record<Language, string>;
  body: Record<Language, string>;
}

/** The language's version, or the English one when that language's is empty. */
export function versionFor(campaign: CampaignCopy, lang: Language): { lang: Language; subject: string; body: string } {
  const own = campaign.subject[lang].trim() !== "" && campaign.body[lang].trim() !== "";
  const pick = own ? lang : "en";
  return { lang: pick, subject: campaign.subject[pick], body: campaign.body[pick] };
}

const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * A link to the site's affiliate redirect (/go/…) carries the campaign (`c=<id>`), so the catalog
 * records the click as coming from it. Site-relative links become absolute: an email has no base.
 */
export function campaignLink(links: SiteLinks, href: string, campaignId: number): string {
  let url: URL;
  try {
    url = new URL(href, `${links.origin}/`);
  } catch {
    return href;
  }
  if (url.origin !== new URL(links.origin).origin) return href;
  if (url.pathname.startsWith("/go/")) url.searchParams.set("c", String(campaignId));
  return url.toString();
}

/** The characters a serialised attribute value holds escaped, as the sanitiser writes them. */
const ATTRIBUTE_ESCAPES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&lt;": "<",
  "&gt;": ">",
  "&#39;": "'",
  "&#x27;": "'",
  "&nbsp;": "\u00a0",
};

/** An attribute's value as written in HTML, read back (in one pass: "&amp;quot;" stays "&quot;"). */
const attributeText = (value: string) =>
  value.replace(/&(?:amp|quot|lt|gt|#39|#x27|nbsp);/g, (e) => ATTRIBUTE_ESCAPES[e]!);

/** Markdown to sanitised HTML, the site's links made absolute and /go/ links tagged with the campaign. */
export function renderCampaignHtml(links: SiteLinks, body: string, campaignId: number): string {
  const html = sanitizeRichHtml(markdown.parse(body) as string);
  return html.replace(
    /(<(?:a|img)\b[^>]*?\s(?:href|src)=")([^"]*)(")/g,
    (_, before: string, url: string, after: string) => {
      const raw = attributeText(url);
      const absolute = campaignLink(links, raw, campaignId);
      return `${before}${escapeHtml(absolute).replace(/&#39;/g, "'")}${after}`;
    },
  );
}

/**
 * The plain-text part: the Markdown itself, with the same links as the HTML part. HTML written into the
 * message (a product card) keeps its links as "text (address)" and its cells apart; its other tags go.
 */
export function renderCampaignText(links: SiteLinks, body: string, campaignId: number): string {
  return body
    .replace(
      /<a\b[^>]*?\shref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_, href: string, text: string) => `${text} (${campaignLink(links, attributeText(href), campaignId)})`,
    )
    .replace(/<br\s*\/?>|<\/(?:td|th)>/gi, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&(?:amp|quot|lt|gt|#39|#x27|nbsp);/g, (escape) => ATTRIBUTE_ESCAPES[escape]!)
    .replace(/\]\(([^)\s]+)\)/g, (_, href: string) => `](${campaignLink(links, href, campaignId)})`)
    .replace(
      /(^|\s)(\/go\/[^\s)]+)/g,
      (_, space: string, href: string) => `${space}${campaignLink(links, href, campaignId)}`,
    );
}

/** A campaign's version for one language, rendered once: what every message in that language shares. */
export interface RenderedVersion {
  lang: Language;
  subject: string;
  html: string;
  text: string;
  campaignId: number;
}

/** Renders a campaign's version for readers of `lang` (English when theirs is empty). */
export function renderVersion(
  links: SiteLinks,
  campaign: CampaignCopy & { id: number },
  lang: Language,
  kind: "campaign" | "test" = "campaign",
): RenderedVersion {
  const version = versionFor(campaign, lang);
  return {
    lang: version.lang,
    subject: assertHeaderSafe(
      "subject",
      kind === "test" ? `${copy[version.lang].testPrefix} ${version.subject}` : version.subject,
    ),
    html: renderCampaignHtml(links, version.body, campaign.id),
    text: renderCampaignText(links, version.body, campaign.id).trim(),
    campaignId: campaign.id,
  };
}

/** One campaign message for one subscriber, from its language's rendered version. */
export function messageFromVersion(
  links: SiteLinks,
  version: RenderedVersion,
  to: { email: string; unsubscribeToken: string; subscriberId?: number },
  kind: "campaign" | "test" = "campaign",
): OutgoingMessage {
  const unsubscribe = unsubscribeUrl(links, to.unsubscribeToken);
  const t = copyFor(version.lang, links.siteName);
  return {
    to: assertHeaderSafe("to", to.email),
    subject: version.subject,
    html: frame(t, version.lang, version.subject, version.html, unsubscribe),
    text: `${version.text}${textFooter(t, unsubscribe)}`,
    headers: listHeaders(version.lang, unsubscribe),
    kind,
    ...(to.subscriberId ? { subscriberId: to.subscriberId } : {}),
    campaignId: version.campaignId,
  };
}

/**
 * A campaign's test message to an address the owner gives, in the language asked for (English when that
 * language's version is empty): its subject marked as a test, its unsubscribe link the test's own, whose
 * page says in the message's language that it was a test and unsubscribes nobody.
 */
export function testMessage(
  links: SiteLinks,
  campaign: CampaignCopy & { id: number },
  to: { email: string; lang: Language },
): OutgoingMessage {
  const version = renderVersion(links, campaign, to.lang, "test");
  return messageFromVersion(
    links,
    version,
    { email: to.email, unsubscribeToken: testUnsubscribeToken(version.lang) },
    "test",
  );
}

/** One campaign message for one subscriber, in their language (English when theirs is empty). */
export function campaignMessage(
  links: SiteLinks,
  campaign: CampaignCopy & { id: number },
  to: { email: string; lang: Language; unsubscribeToken: string; subscriberId?: number },
  kind: "campaign" | "test" = "campaign",
): OutgoingMessage {
  return messageFromVersion(links, renderVersion(links, campaign, to.lang, kind), to, kind);
}
