import { describe, expect, it } from "vitest";
import {
  DEFAULT_LINK_CHECK_SETTINGS,
  allPhrases,
  isHomePage,
  judgeCheck,
  nextHealth,
  nextScheduledRun,
  normalizeSettings,
  sameSite,
  seconds,
  type FetchedLink,
} from "./link-check.js";

const phrases = allPhrases(DEFAULT_LINK_CHECK_SETTINGS);
const product = "https://shop.example/p/trans-resveratrol-500";

function fetched(overrides: Partial<FetchedLink> = {}): FetchedLink {
  return { urls: [product], status: 200, error: null, body: "<p>Add to basket</p>", durationMs: 120, ...overrides };
}

describe("isHomePage", () => {
  it("is the root or a single locale segment, whatever the tracking parameters", () => {
    for (const url of [
      "https://shop.example/",
      "https://shop.example",
      "https://shop.example/es",
      "https://shop.example/es/",
      "https://shop.example/en-gb",
      "https://shop.example/pt_BR/",
      "https://shop.example/zh-hans",
      "https://shop.example/index.html",
      "https://shop.example/de/index.php",
      "https://shop.example/?utm_source=x&lang=es",
    ]) {
      expect(isHomePage(url), url).toBe(true);
    }
  });

  it("is not a product, category or search page", () => {
    for (const url of [
      "https://shop.example/p/123",
      "https://shop.example/es/p/123",
      "https://shop.example/shop",
      "https://shop.example/new",
      "https://shop.example/esindex.html",
      "https://shop.example/?product=42",
      "https://shop.example/index.php?route=product/product&product_id=42",
    ]) {
      expect(isHomePage(url), url).toBe(false);
    }
  });
});

describe("sameSite", () => {
  it("ignores a leading www., the case and the scheme, but not another port or subdomain", () => {
    expect(sameSite("https://www.shop.example/a", "http://SHOP.example/b")).toBe(true);
    expect(sameSite("https://shop.example/a", "https://shop.example:8443/a")).toBe(false);
    expect(sameSite("https://shop.example/a", "https://eu.shop.example/a")).toBe(false);
  });
});

describe("judgeCheck", () => {
  it("is ok for a 2xx page without redirects", () => {
    expect(judgeCheck(fetched(), phrases)).toEqual({
      outcome: "ok",
      httpStatus: 200,
      finalUrl: product,
      detail: "HTTP 200",
      durationMs: 120,
    });
  });

  it("is redirected after redirects within the retailer's site, www. or not", () => {
    const moved = "https://www.shop.example/products/trans-resveratrol-500";
    const result = judgeCheck(fetched({ urls: [product, moved] }), phrases);
    expect(result).toMatchObject({ outcome: "redirected", finalUrl: moved });
    expect(result.detail).toBe("HTTP 200 after 1 redirect within the retailer's site");
  });

  it("fails on redirects to the home page or to another site", () => {
    expect(judgeCheck(fetched({ urls: [product, "https://shop.example/es"] }), phrases)).toMatchObject({
      outcome: "failed",
      detail: "redirected to the retailer's home page",
    });
    expect(judgeCheck(fetched({ urls: [product, "https://elsewhere.example/p"] }), phrases)).toMatchObject({
      outcome: "failed",
      detail: "redirected to another site (elsewhere.example)",
    });
  });

  it("keeps a home page that was the offer's own address", () => {
    const home = "http://shop.example/";
    expect(judgeCheck(fetched({ urls: [home, "https://shop.example/en"] }), phrases).outcome).toBe("redirected");
  });

  it("fails on an error status or an error, with the status when one came", () => {
    expect(judgeCheck(fetched({ status: 404, body: null }), phrases)).toMatchObject({
      outcome: "failed",
      httpStatus: 404,
      detail: "HTTP 404",
    });
    expect(judgeCheck(fetched({ status: 302, body: null }), phrases).detail).toBe("HTTP 302 without a usable Location");
    expect(judgeCheck(fetched({ status: null, body: null, error: "timed out after 10 s" }), phrases)).toMatchObject({
      outcome: "failed",
      httpStatus: null,
      detail: "timed out after 10 s",
    });
  });

  it("is out of stock when the page says so, redirected or not", () => {
    expect(judgeCheck(fetched({ body: "<p>Producto agotado</p>" }), phrases)).toMatchObject({
      outcome: "out_of_stock",
      detail: "the page says “agotado”",
    });
    const moved = "https://shop.example/p/new-address";
    expect(judgeCheck(fetched({ urls: [product, moved], body: "<b>SOLD OUT</b>" }), phrases).outcome).toBe(
      "out_of_stock",
    );
  });
});

describe("nextHealth", () => {
  it("takes a usable outcome at once and forgets failures", () => {
    expect(nextHealth({ status: "broken", failures: 3 }, "ok")).toEqual({ status: "ok", failures: 0 });
    expect(nextHealth({ status: "unchecked", failures: 0 }, "redirected")).toEqual({
      status: "redirected",
      failures: 0,
    });
    expect(nextHealth({ status: "ok", failures: 1 }, "out_of_stock")).toEqual({ status: "out_of_stock", failures: 0 });
  });

  it("keeps the status on a first failure and calls the link broken on the second in a row", () => {
    const first = nextHealth({ status: "ok", failures: 0 }, "failed");
    expect(first).toEqual({ status: "ok", failures: 1 });
    expect(nextHealth(first, "failed")).toEqual({ status: "broken", failures: 2 });
    expect(nextHealth({ status: "broken", failures: 2 }, "failed")).toEqual({ status: "broken", failures: 3 });
    expect(nextHealth({ status: "unchecked", failures: 0 }, "failed").status).toBe("unchecked");
  });
});

describe("normalizeSettings", () => {
  it("trims phrases, collapses their spaces and drops duplicates and scraps", () => {
    const saved = normalizeSettings({
      intervalHours: 6,
      outOfStockPhrases: {
        ...DEFAULT_LINK_CHECK_SETTINGS.outOfStockPhrases,
        en: ["  out of  stock ", "Out of stock", "sold out", "  x ", "sold out"],
        es: [],
      },
    });
    expect(saved.intervalHours).toBe(6);
    expect(saved.outOfStockPhrases.en).toEqual(["out of stock", "sold out"]);
    expect(saved.outOfStockPhrases.es).toEqual([]);
    expect(saved.outOfStockPhrases.pl).toEqual(["niedostępny", "brak w magazynie"]);
  });
});

describe("nextScheduledRun", () => {
  const now = new Date("2026-11-25T12:00:00Z");

  it("comes an interval after the last run ended", () => {
    expect(nextScheduledRun(new Date("2026-11-25T09:30:00Z"), now, 24).toISOString()).toBe("2026-11-26T09:30:00.000Z");
    expect(nextScheduledRun(new Date("2026-11-20T09:30:00Z"), now, 6).toISOString()).toBe("2026-11-20T15:30:00.000Z");
  });

  it("comes an interval after the first start when there never was a run, not at start", () => {
    expect(nextScheduledRun(null, now, 24).toISOString()).toBe("2026-11-26T12:00:00.000Z");
  });
});

describe("seconds", () => {
  it("words a duration as the admin reads it", () => {
    expect(seconds(10_000)).toBe("10 s");
    expect(seconds(1_500)).toBe("1.5 s");
    expect(seconds(250)).toBe("250 ms");
  });
});
