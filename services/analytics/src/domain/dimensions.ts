import type { TrackEvent } from "@rsv/api/client";
import { newsletterCampaignKey } from "@rsv/api/campaign-rules";
import { placementOf, type Placement } from "@rsv/api/placements";

/** The dimensions the reports break figures down by, as columns of an event. */
export interface Dimensions {
  path: string | null;
  lang: "en" | "es" | null;
  productSlug: string | null;
  referrerHost: string | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  device: Device;
  placement: Placement | null;
  retailer: string | null;
  offerId: number | null;
}

export type Device = "mobile" | "tablet" | "desktop" | "other";

export type { Placement };

/** How long a visit lasts without an event: a click belongs to the visit of the page views before it. */
export const VISIT_GAP_MS = 30 * 60_000;

/**
 * The longest path kept. Paths are ASCII (percent-encoded), so this is bytes too: the roll-ups key
 * their rows by it, and PostgreSQL's index entries hold at most 2,704 bytes.
 */
export const PATH_MAX = 2000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The value with every string in it well-formed: half of a surrogate pair alone (JSON lets a sender
 * write "\ud800"; no text holds one) becomes U+FFFD. PostgreSQL's jsonb refuses such an escape, and
 * an event holding one would be accepted and then never stored.
 */
export function wellFormed<T>(value: T): T {
  // Every page view passes here: one look without a copy, and a copy only for the rare event to mend.
  if (!holdsLoneSurrogate(value)) return value;
  if (typeof value === "string") return value.replace(LONE_SURROGATE, "\uFFFD") as T;
  if (typeof value !== "object" || value === null) return value;
  const copy = (Array.isArray(value) ? [] : {}) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) copy[wellFormed(key)] = wellFormed(item);
  return copy as T;
}

const ANY_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);

function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === "string") return ANY_LONE_SURROGATE.test(value);
  if (typeof value !== "object" || value === null) return false;
  for (const [key, item] of Object.entries(value))
    if (ANY_LONE_SURROGATE.test(key) || holdsLoneSurrogate(item)) return true;
  return false;
}

const PREVIEW_PAGE = /^\/(?:es\/)?preview\//;
/** The same page as a whole address (a referrer): any scheme and host, then the preview's path. */
const PREVIEW_ADDRESS = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*\/(?:es\/)?preview\//i;

/** A preview link's page (`/preview/post/<token>`, `/es/preview/product/<token>`): never counted as a visit. */
export function isPreviewPage(page: string): boolean {
  return PREVIEW_PAGE.test(page);
}

/** A preview link's page as a whole address, as a page opened from it names its referrer. */
export function isPreviewAddress(address: string): boolean {
  return PREVIEW_ADDRESS.test(address);
}

/** A page's path without its query or fragment, percent-encoded as an address's path is. */
export function pathOf(page: string): string {
  let path: string;
  try {
    path = new URL(page, "http://site.invalid").pathname;
  } catch {
    // Not an address (an impossible host after "//", say): encoded alike, lone surrogates replaced,
    // and escapes already there kept (as an address's path keeps them), not encoded twice.
    path = encodeURI((page.split(/[?#]/)[0] ?? page).replace(LONE_SURROGATE, "\uFFFD")).replace(
      /%25([0-9A-Fa-f]{2})/g,
      "%$1",
    );
  }
  return cutEncoded(path, PATH_MAX) || "/";
}

/** The last character's bytes when it may be cut short: a UTF-8 lead byte and the continuation bytes after it. */
const LAST_CHARACTER = /%[C-Fc-f][0-9A-Fa-f](?:%[89ABab][0-9A-Fa-f])*$/;

/** A percent-encoded text cut to `max` characters at a whole character, never within its escapes. */
function cutEncoded(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max).replace(/%[0-9A-Fa-f]?$/, "");
  const last = LAST_CHARACTER.exec(cut);
  if (!last) return cut;
  try {
    decodeURIComponent(last[0]);
    return cut;
  } catch {
    return cut.slice(0, last.index);
  }
}

export function langOfPath(path: string): "en" | "es" {
  return path === "/es" || path.startsWith("/es/") ? "es" : "en";
}

const REVIEW_PATH = /^(?:\/review|\/es\/resena)\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** The product a review page is about, by its slug. */
export function productOfPath(path: string): string | null {
  return REVIEW_PATH.exec(path)?.[1] ?? null;
}

/** The other site a visitor came from (its host without "www."), or null for none or this site. */
export function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    host = url.hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
  if (!host || host === ownHost.toLowerCase().replace(/^www\./, "")) return null;
  return host.slice(0, 255);
}

/** mobile, tablet or desktop, from the stored browser family ("Chrome/mobile"). */
export function deviceOf(browser: string | null): Device {
  const kind = browser?.split("/")[1];
  return kind === "mobile" || kind === "tablet" || kind === "desktop" ? kind : "other";
}

const clean = (value: string | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/**
 * What an event says of itself. A page view names its page, and its source when the visitor arrived
 * from another site or through a tagged link; a click names the product, where it was made and the
 * offer. What an event does not say (a click's page and source, a page view's source within a visit)
 * comes from the visit it belongs to, when it is stored (see EventsRepository.insert).
 */
export function dimensionsOf(event: TrackEvent, browser: string | null, ownHost: string): Dimensions {
  const device = deviceOf(browser);
  if (event.eventType === "page_view") {
    const path = pathOf(event.eventData.page);
    const host = referrerHost(event.eventData.referrer, ownHost);
    const utm = event.eventData.utm ?? {};
    return {
      path,
      lang: langOfPath(path),
      productSlug: productOfPath(path),
      referrerHost: host,
      source: clean(utm.source, 255)?.toLowerCase() ?? host,
      medium: clean(utm.medium, 200)?.toLowerCase() ?? (host ? "referral" : null),
      campaign: clean(utm.campaign, 200),
      device,
      placement: null,
      retailer: null,
      offerId: null,
    };
  }
  const data = event.eventData;
  // A link in a newsletter campaign's email: the campaign is the click's own source.
  const fromCampaign = data.campaign !== undefined;
  return {
    path: null,
    lang: null,
    productSlug: data.productSlug ?? null,
    referrerHost: null,
    source: fromCampaign ? "newsletter" : null,
    medium: fromCampaign ? "email" : null,
    campaign: data.campaign !== undefined ? newsletterCampaignKey(data.campaign) : null,
    device,
    placement: placementOf(data.placement) ?? (fromCampaign ? "newsletter" : "other"),
    retailer: clean(data.retailer, 100),
    offerId: data.offerId ?? null,
  };
}

/** Where a visitor's visit stands: when they were last seen, on which page, and where the visit came from. */
export interface VisitState {
  at: number;
  path: string | null;
  lang: "en" | "es" | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

/** What crediting an event to its visit reads and writes of it. */
export interface Attributable {
  eventType: string;
  visitorHash: string;
  timestamp: string;
  path?: string | null;
  lang?: "en" | "es" | null;
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
}

/**
 * Credits each event to its visit, in time order: a page view that names no source of its own takes
 * its visit's; a click takes its visit's page, language and source. A visit is the visitor's events
 * with no gap over VISIT_GAP_MS; `visits` holds each visitor's last page view before the batch, and
 * is brought up to date. The events are changed in place.
 */
export function attributeVisits<T extends Attributable>(events: T[], visits: Map<string, VisitState>): void {
  const ordered = [...events].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  for (const event of ordered) {
    const at = Date.parse(event.timestamp);
    const last = visits.get(event.visitorHash);
    const visit = last && at - last.at <= VISIT_GAP_MS && at >= last.at ? last : undefined;
    if (event.eventType === "page_view") {
      if (!event.source && visit) {
        event.source = visit.source;
        event.medium = visit.medium;
        event.campaign = visit.campaign;
      }
      visits.set(event.visitorHash, {
        at,
        path: event.path ?? null,
        lang: event.lang ?? null,
        source: event.source ?? null,
        medium: event.medium ?? null,
        campaign: event.campaign ?? null,
      });
    } else if (visit) {
      event.path = visit.path;
      event.lang = visit.lang;
      // A click that names its own source (a newsletter's link) keeps it.
      if (!event.source) {
        event.source = visit.source;
        event.medium = visit.medium;
        event.campaign = visit.campaign;
      }
    }
  }
}
