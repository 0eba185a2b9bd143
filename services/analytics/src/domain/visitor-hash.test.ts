import { describe, expect, it } from "vitest";
import { toRecord } from "./event.js";
import { siteDays, utcDay, visitorHash } from "./visitor-hash.js";

describe("visitor hash", () => {
  const ua = "Mozilla/5.0 (X11; Linux x86_64)";

  it("is stable for a day and changes with the salt, the secret, the IP and the user agent", () => {
    const base = visitorHash("salt-a", undefined, "203.0.113.9", ua);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(visitorHash("salt-a", undefined, "203.0.113.9", ua)).toBe(base);
    expect(visitorHash("salt-b", undefined, "203.0.113.9", ua)).not.toBe(base);
    expect(visitorHash("salt-a", "secret", "203.0.113.9", ua)).not.toBe(base);
    expect(visitorHash("salt-a", undefined, "203.0.113.10", ua)).not.toBe(base);
    expect(visitorHash("salt-a", undefined, "203.0.113.9", `${ua} x`)).not.toBe(base);
    expect(base).not.toContain("203.0.113.9");
  });

  it("names the UTC day", () => {
    expect(utcDay(new Date("2026-05-31T23:30:00-02:00"))).toBe("2026-06-01");
  });

  it("names the site's day, which for the salt begins at the site's midnight, on either side of a change of clocks", () => {
    const newYork = siteDays("America/New_York");
    expect(newYork(new Date("2026-11-27T04:59:59.999Z"))).toBe("2026-11-26");
    expect(newYork(new Date("2026-11-27T05:00:00Z"))).toBe("2026-11-27");
    // Summer time: midnight is 04:00 UTC.
    expect(newYork(new Date("2026-07-01T03:59:59Z"))).toBe("2026-06-30");
    expect(newYork(new Date("2026-07-01T04:00:00Z"))).toBe("2026-07-01");
    // A zone whose day starts at a quarter past an hour of UTC, asked back and forth.
    const kathmandu = siteDays("Asia/Kathmandu");
    expect(kathmandu(new Date("2026-11-26T18:14:59Z"))).toBe("2026-11-26");
    expect(kathmandu(new Date("2026-11-26T18:15:00Z"))).toBe("2026-11-27");
    expect(kathmandu(new Date("2026-11-26T18:14:00Z"))).toBe("2026-11-26");
  });
});

describe("event record", () => {
  it("keeps only the browser's family, truncates the referrer, takes the click's country, and carries no IP", () => {
    const record = toRecord(
      {
        eventType: "affiliate_click",
        productId: 3,
        eventData: {
          productName: "X",
          affiliateUrl: "https://shop.example.com/x",
          timestamp: "2026-01-01T00:00:00Z",
          country: "DE",
        },
      },
      {
        userAgent:
          "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
        referrer: "r".repeat(2000),
        countryHeader: "ES",
        visitorHash: "h",
      },
    );
    expect(record.browser).toBe("Chrome/mobile");
    expect(record.referrer).toHaveLength(1024);
    expect(record.country).toBe("DE");
    // A uid made here, not sent: nothing to look up before the insert.
    expect(record.sentId).toBe(false);
    expect(Object.keys(record).sort()).toEqual(
      [
        "country",
        "eventData",
        "eventType",
        "productId",
        "referrer",
        "timestamp",
        "uid",
        "sentId",
        "browser",
        "visitorHash",
        // What the reports break figures down by (no address and no user agent among them).
        "path",
        "lang",
        "productSlug",
        "referrerHost",
        "source",
        "medium",
        "campaign",
        "device",
        "placement",
        "retailer",
        "offerId",
      ].sort(),
    );
  });

  it("falls back to the edge's country header, and ignores what is not a country code", () => {
    const pageView = { eventType: "page_view" as const, eventData: { page: "/", timestamp: "2026-01-01T00:00:00Z" } };
    expect(toRecord(pageView, { countryHeader: "nl", visitorHash: "h" }).country).toBe("NL");
    expect(toRecord(pageView, { countryHeader: "XYZ", visitorHash: "h" }).country).toBeNull();
    expect(toRecord(pageView, { visitorHash: "h" }).referrer).toBeNull();
  });
});
