import type { TrackEvent } from "@rsv/api/client";
import { createHash, randomUUID } from "node:crypto";
import { browserFamily } from "./browser-family.js";
import { dimensionsOf, isPreviewAddress, wellFormed, type Dimensions } from "./dimensions.js";
export type { TrackEvent };

export type EventType = TrackEvent["eventType"];

/** What travels through the queue and becomes one row. It never holds an IP address or a user-agent string. */
export interface EventRecord extends Partial<Dimensions> {
  uid: string;
  /**
   * Whether the uid came with the event (a click handed over from the catalog, a page view with its
   * id): such an event may arrive again, timed anew, and is looked up before it is stored. False when
   * this service made the uid up; absent from records queued before the flag, which are looked up.
   */
  sentId?: boolean;
  eventType: EventType;
  eventData: Record<string, unknown>;
  productId: number | null;
  /** The browser's family and device class ("Chrome/mobile"), see browserFamily. */
  browser: string | null;
  referrer: string | null;
  visitorHash: string;
  country: string | null;
  /** ISO time the server received the event (the client's own timestamp stays in eventData). */
  timestamp: string;
}

export const REFERRER_MAX = 1024;

const COUNTRY = /^[A-Z]{2}$/;

function truncate(value: string | undefined, max: number): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

/** The visitor's country: the one the event carries (the /go redirect knows it), else the edge's header. */
export function countryOf(event: TrackEvent, countryHeader: string | undefined): string | null {
  const fromEvent = event.eventType === "affiliate_click" ? event.eventData.country : undefined;
  if (typeof fromEvent === "string" && COUNTRY.test(fromEvent)) return fromEvent;
  const header = countryHeader?.trim().toUpperCase();
  return header && COUNTRY.test(header) ? header : null;
}

/**
 * A click the catalog hands over from its outbox: its id (so a click handed over twice is stored
 * once) and when it was made (it may be handed over later), never later than now. Only for a caller
 * presenting the services' secret; anyone else's event is timed and named on arrival.
 */
export function handedOver(event: TrackEvent, now: Date): { uid: string; at: Date } | undefined {
  if (event.eventType !== "affiliate_click" || !event.eventId) return undefined;
  const made = Date.parse(event.eventData.timestamp);
  return { uid: event.eventId, at: Number.isNaN(made) || made > now.getTime() ? now : new Date(made) };
}

/**
 * The row id of an event its sender named (a page view's `eventId`): the same id always gives the
 * same uid, so an event sent again is stored once. Derived rather than taken as it is, so that what a
 * browser sends can never take the uid of an event it did not make (a click's, which is the catalog's
 * own id): a UUID (version 8) from a SHA-256 of the kind of event and the id.
 */
export function senderEventUid(event: TrackEvent): string | undefined {
  if (event.eventType !== "page_view" || !event.eventId) return undefined;
  const hex = createHash("sha256").update(`page_view:${event.eventId.toLowerCase()}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A copy of the event's data, without a referrer that is a preview link's page: a page opened from a
 * preview has the preview's address as its referrer, and that address is the link's credential.
 */
function withoutPreviewReferrer<T extends object>(data: T): T {
  const referrer = (data as { referrer?: unknown }).referrer;
  if (typeof referrer !== "string" || !isPreviewAddress(referrer)) return { ...data };
  const { referrer: _preview, ...rest } = data as T & { referrer: string };
  return rest as T;
}

export function toRecord(
  event: TrackEvent,
  request: {
    userAgent?: string;
    /** browserFamily(userAgent), when the caller already has it. */
    browser?: string | null;
    referrer?: string;
    countryHeader?: string;
    visitorHash: string;
    now?: Date;
    /** The event's own id (a click handed over from the catalog's outbox, see senderEventUid for a page view's); a new one otherwise. */
    uid?: string;
    /** The host the visitor asked for: a referrer on it is this site's own page, not a source. */
    ownHost?: string;
  },
): EventRecord {
  const browser = request.browser !== undefined ? request.browser : browserFamily(request.userAgent);
  // Assigned onto the dimensions rather than spread with them into a new literal: that object of 20
  // properties took V8 about 16 µs to build (its slow path), more than the rest of a track request's
  // own work; this takes a fraction of a microsecond.
  return Object.assign(dimensionsOf(event, browser, request.ownHost ?? ""), {
    uid: request.uid ?? randomUUID(),
    sentId: request.uid !== undefined,
    eventType: event.eventType,
    eventData: withoutPreviewReferrer(wellFormed(event.eventData)),
    productId: event.productId ?? null,
    browser,
    referrer: truncate(request.referrer, REFERRER_MAX),
    visitorHash: request.visitorHash,
    country: countryOf(event, request.countryHeader),
    timestamp: (request.now ?? new Date()).toISOString(),
  });
}
