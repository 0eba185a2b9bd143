/** The request headers a click is judged by, as the visitor's browser sent them. */
export interface ClickRequest {
  method: string;
  userAgent?: string;
  accept?: string;
  acceptLanguage?: string;
  secFetchMode?: string;
  /** Sec-Purpose (Chromium), Purpose (older Chromium, Safari) and X-Moz (Firefox) name a prefetch. */
  secPurpose?: string;
  purpose?: string;
  xMoz?: string;
}

export type UncountedReason = "not-get" | "no-agent" | "prefetch" | "not-navigation" | "no-language";

/**
 * Why a request to /go/{slug} is redirected without counting as a click, or null when it looks like a
 * person following the link. A browser navigating sends GET with a User-Agent, an Accept naming HTML,
 * an Accept-Language, and Sec-Fetch-Mode "navigate" when it sends Sec-Fetch-* at all; link checkers,
 * previews and scripts usually miss one of these, and a prefetch or prerender is not a visit yet.
 * Known bots' user agents are analytics' to judge (it drops their events).
 */
export function uncountedReason(request: ClickRequest): UncountedReason | null {
  if (request.method !== "GET") return "not-get";
  if (!request.userAgent?.trim()) return "no-agent";
  const purpose = [request.secPurpose, request.purpose, request.xMoz].join(" ");
  if (/prefetch|prerender/i.test(purpose)) return "prefetch";
  if (request.secFetchMode && request.secFetchMode !== "navigate") return "not-navigation";
  if (!request.accept || !/\btext\/html\b/i.test(request.accept)) return "not-navigation";
  // "*" names no language: what a script's HTTP client sends (Node's fetch does), never a browser.
  const language = request.acceptLanguage?.trim();
  if (!language || language === "*") return "no-language";
  return null;
}
