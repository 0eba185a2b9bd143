import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { senderEventUid, toRecord, type TrackEvent } from "./event.js";

const view = (eventId?: string): TrackEvent => ({
  eventType: "page_view",
  ...(eventId ? { eventId } : {}),
  eventData: { page: "/", timestamp: "2026-11-25T10:00:00.000Z" },
});

describe("senderEventUid", () => {
  it("gives a page view sent again with the same id the same uid, and each id its own", () => {
    const id = randomUUID();
    const uid = senderEventUid(view(id))!;
    expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(senderEventUid(view(id.toUpperCase()))).toBe(uid);
    expect(senderEventUid(view(randomUUID()))).not.toBe(uid);
    // Never the id as sent: a browser cannot take the uid of a click the catalog handed over.
    expect(uid).not.toBe(id);
  });

  it("leaves an event without an id, and a click, to the usual uid", () => {
    expect(senderEventUid(view())).toBeUndefined();
    const click: TrackEvent = {
      eventType: "affiliate_click",
      eventId: randomUUID(),
      eventData: { productName: "P", affiliateUrl: "https://shop.example.com/p", timestamp: new Date().toISOString() },
    };
    expect(senderEventUid(click)).toBeUndefined();
    const a = toRecord(view(), { visitorHash: "h" });
    const b = toRecord(view(), { visitorHash: "h" });
    expect(a.uid).not.toBe(b.uid);
  });
});
