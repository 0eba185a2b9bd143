import type { TrackEvent } from "@rsv/api/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  pathOf,
  type Attributable,
  attributeVisits,
  dimensionsOf,
  isPreviewAddress,
  isPreviewPage,
  PATH_MAX,
  referrerHost,
  productOfPath,
  type VisitState,
  wellFormed,
} from "./dimensions.js";

const view = (page: string, extra: Partial<Extract<TrackEvent, { eventType: "page_view" }>["eventData"]> = {}) =>
  ({ eventType: "page_view", eventData: { page, timestamp: "2026-11-25T10:00:00Z", ...extra } }) as TrackEvent;

describe("what an event says of itself", () => {
  it("keeps a page's path without its query or fragment, and reads its language and product", () => {
    expect(pathOf("/es/resena/some-product?utm_source=x#top")).toBe("/es/resena/some-product");
    expect(productOfPath("/review/corvella-1000")).toBe("corvella-1000");
    expect(productOfPath("/es/resena/corvella-1000")).toBe("corvella-1000");
    expect(productOfPath("/review")).toBeNull();
    expect(dimensionsOf(view("/es/comparacion"), "Chrome/mobile", "site.example").lang).toBe("es");
    expect(dimensionsOf(view("/es/comparacion"), "Chrome/mobile", "site.example").device).toBe("mobile");
    expect(dimensionsOf(view("/"), "Other/other", "site.example").device).toBe("other");
  });

  it("keeps every value a page view gives short enough in bytes for the roll-ups' index entries", () => {
    // A path that is no address, in three-byte characters: stored as it came, it was 3,000 bytes, and
    // every roll-up refresh failed on it from then on (PostgreSQL's limit is 2,704 bytes an entry).
    expect(pathOf(`//[${"漢".repeat(1000)}`)).toMatch(/^\/\/%5B(%E6%BC%A2)+$/);
    expect(pathOf("//[\uD800x")).toBe("//%5B%EF%BF%BDx");
    // An escape already written stays one, as it does in an address's path; a lone % is encoded.
    expect(pathOf("//[%E6%BC%A2")).toBe("//%5B%E6%BC%A2");
    expect(pathOf("/%E6%BC%A2")).toBe("/%E6%BC%A2");
    expect(pathOf("//[100%")).toBe("//%5B100%25");
    const bytes = (value: string | null) => Buffer.byteLength(value ?? "");
    const text = (maxLength: number) => fc.string({ unit: "binary", maxLength });
    fc.assert(
      fc.property(
        fc.oneof(
          text(2000),
          text(60).map((rest) => `//[${rest}`),
        ),
        text(2048),
        fc.record({ source: text(200), medium: text(200), campaign: text(200) }),
        (page, referrer, utm) => {
          const event = view(page.length > 0 ? page : "/", { referrer, utm });
          const values = dimensionsOf(event, "Chrome/mobile", "site.example");
          expect(values.path).toMatch(/^[\x21-\x7e]*$/);
          expect(bytes(values.path)).toBeLessThanOrEqual(PATH_MAX);
          // The pairs' roll-ups key a row by two values (never the path) and a few more bytes.
          const [first, second] = [values.referrerHost, values.source, values.medium, values.campaign]
            .map(bytes)
            .sort((a, b) => b - a);
          expect(first! + second!).toBeLessThan(2_600);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("names another site as the source, never this one nor a non-web address", () => {
    expect(referrerHost("https://www.Google.com/search?q=x", "site.example")).toBe("google.com");
    expect(referrerHost("https://site.example/comparison", "site.example")).toBeNull();
    expect(referrerHost("https://www.site.example/", "site.example")).toBeNull();
    expect(referrerHost("android-app://com.google", "site.example")).toBeNull();
    expect(referrerHost("not a url", "site.example")).toBeNull();
    expect(referrerHost("", "site.example")).toBeNull();
  });

  it("prefers a tagged link's source and medium to the referrer, and calls an untagged other site a referral", () => {
    const tagged = view("/", {
      referrer: "https://news.example/a",
      utm: { source: "Newsletter", medium: "Email", campaign: "Nov" },
    });
    expect(dimensionsOf(tagged, null, "site.example")).toMatchObject({
      source: "newsletter",
      medium: "email",
      campaign: "Nov",
      referrerHost: "news.example",
    });
    expect(dimensionsOf(view("/", { referrer: "https://news.example/a" }), null, "site.example")).toMatchObject({
      source: "news.example",
      medium: "referral",
      campaign: null,
    });
    expect(dimensionsOf(view("/"), null, "site.example")).toMatchObject({ source: null, medium: null });
  });

  it("records where a click was made, any unknown placement as other", () => {
    const click = (placement?: string) =>
      dimensionsOf(
        {
          eventType: "affiliate_click",
          eventData: {
            productName: "P",
            productSlug: "p",
            affiliateUrl: "https://shop.example/p",
            timestamp: "2026-11-25T10:00:00Z",
            placement,
            retailer: "Shop",
            offerId: 3,
          },
        } as TrackEvent,
        "Safari/tablet",
        "site.example",
      );
    expect(click("comparison-table")).toMatchObject({
      placement: "comparison-table",
      retailer: "Shop",
      offerId: 3,
      productSlug: "p",
      device: "tablet",
    });
    expect(click(undefined).placement).toBe("other");
    const fromNewsletter = dimensionsOf(
      {
        eventType: "affiliate_click",
        eventData: {
          productName: "P",
          affiliateUrl: "https://shop.example/p",
          timestamp: "2026-11-25T10:00:00Z",
          campaign: 7,
        },
      } as TrackEvent,
      null,
      "site.example",
    );
    expect(fromNewsletter).toMatchObject({
      source: "newsletter",
      medium: "email",
      campaign: "newsletter-7",
      placement: "newsletter",
    });
  });
});

describe("crediting events to their visit", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute)).toISOString();
  type Row = Attributable;

  it("gives a click the page and source of the visit it belongs to, in time order", () => {
    const rows: Row[] = [
      { eventType: "affiliate_click", visitorHash: "a", timestamp: at(12) },
      { eventType: "page_view", visitorHash: "a", timestamp: at(10), path: "/comparison", lang: "en" },
      {
        eventType: "page_view",
        visitorHash: "a",
        timestamp: at(0),
        path: "/",
        lang: "en",
        source: "google.com",
        medium: "referral",
      },
    ];
    attributeVisits(rows, new Map());
    expect(rows[0]).toMatchObject({ path: "/comparison", lang: "en", source: "google.com", medium: "referral" });
    expect(rows[1]).toMatchObject({ source: "google.com", medium: "referral" });
  });

  it("starts a new visit after 30 minutes without an event, and keeps visitors apart", () => {
    const visits = new Map<string, VisitState>([
      ["a", { at: Date.parse(at(0)), path: "/", lang: "en", source: "bing.com", medium: "referral", campaign: null }],
    ]);
    const rows: Row[] = [
      { eventType: "affiliate_click", visitorHash: "b", timestamp: at(5) },
      { eventType: "affiliate_click", visitorHash: "a", timestamp: at(29) },
      { eventType: "page_view", visitorHash: "a", timestamp: at(59), path: "/faq", lang: "en" },
      { eventType: "affiliate_click", visitorHash: "a", timestamp: at(59) },
    ];
    attributeVisits(rows, visits);
    expect(rows[0]).toMatchObject({ eventType: "affiliate_click" });
    expect(rows[0]!.source).toBeUndefined();
    expect(rows[1]).toMatchObject({ source: "bing.com", path: "/" });
    // 59 minutes after the last page view: a new, direct visit.
    expect(rows[2]!.source).toBeUndefined();
    expect(rows[3]).toMatchObject({ path: "/faq", source: null });
  });
});

describe("an event's strings and preview addresses", () => {
  it("leaves well-formed data as it is, the same object, and mends half a surrogate pair in a copy", () => {
    const clean = { page: "/review/é", utm: { source: "news 🌿" } };
    expect(wellFormed(clean)).toBe(clean);
    const broken = { page: "/x\ud800", utm: { source: "news\udc00" } };
    expect(wellFormed(broken)).toEqual({ page: "/x\uFFFD", utm: { source: "news\uFFFD" } });
    expect(broken.page).toBe("/x\ud800");
  });

  it("knows a preview link's page as a path and as a whole address", () => {
    expect(isPreviewPage("/es/preview/product/abc")).toBe(true);
    expect(isPreviewAddress("https://site.example/preview/post/abc.sig")).toBe(true);
    expect(isPreviewAddress("http://127.0.0.1:8080/es/preview/product/abc")).toBe(true);
    for (const other of ["https://site.example/blog/preview/x", "https://preview.example/", "/preview/post/abc"])
      expect(isPreviewAddress(other), other).toBe(false);
  });
});
