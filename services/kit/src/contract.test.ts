import { describe, expect, it } from "vitest";
import { HttpError } from "./errors.js";
import { operation, responseValidator, validateRequest } from "./contract.js";

function problems(operationId: string, input: { params?: object; query?: object; body?: unknown }) {
  try {
    validateRequest(operation(operationId), { params: {}, query: {}, body: undefined, ...input } as never);
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return error;
  }
}

describe("request validation against the contract", () => {
  it("uses the contract's own messages for missing and empty required product fields", () => {
    const error = problems("createProduct", { body: { name: "", brand: "B" } });
    expect(error?.status).toBe(400);
    const messages = error?.details?.map((d) => d.message) ?? [];
    expect(messages).toContain("Name is required");
    expect(messages).toContain("Potency is required");
    expect(messages).toContain("Best for is required");
    expect(error?.details?.find((d) => d.message === "Name is required")?.path).toBe("body.name");
  });

  it("checks ranges: rating 1-5, placement 1-20, reviewCount >= 0", () => {
    const base = {
      name: "N",
      brand: "B",
      potency: "500mg",
      source: "Natural",
      price: "19.99",
      imageUrl: "/api/images/x.png",
      description: "D",
      bestFor: "Longevity",
    };
    expect(problems("createProduct", { body: { ...base, rating: "4.5" } })).toBeNull();
    for (const bad of [{ rating: 6 }, { rating: "4.5", placement: 21 }, { rating: "4.5", reviewCount: -1 }]) {
      expect(problems("createProduct", { body: { ...base, ...bad } })?.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("coerces query strings to the declared types, single values to arrays", () => {
    const query: Record<string, unknown> = { brand: "Only One", sort: "rating" };
    expect(problems("listProducts", { query })).toBeNull();
    expect(query.brand).toEqual(["Only One"]);
    const params: Record<string, unknown> = { id: "42" };
    expect(problems("getProduct", { params })).toBeNull();
    expect(params.id).toBe(42);
  });

  it("refuses dates and times no calendar or clock shows, which RFC 3339's grammar lets in", () => {
    const publishAt = (value: string) =>
      problems("createBlogPost", { body: { title: "T", content: "C", excerpt: "E", publishAt: value } });
    const fine = publishAt("2026-11-27T23:59:59Z");
    expect(fine?.details?.some((d) => d.path === "body.publishAt") ?? false).toBe(false);
    for (const bad of [
      "0000-01-01T00:00:00Z",
      "2026-11-27T23:59:60Z",
      "2026-06-30T23:59:60+00:00",
      "0001-01-01T00:30:00+01:00",
    ]) {
      expect(
        publishAt(bad)?.details?.map((d) => d.path),
        bad,
      ).toContain("body.publishAt");
    }
    expect(problems("listAuditEvents", { query: { from: "0000-01-01T00:00:00Z" } })?.status).toBe(400);
    expect(
      problems("getAnalyticsReport", { query: { from: "0000-01-01", to: "2026-01-01", breakdown: "page" } })?.status,
    ).toBe(400);
  });

  it("rejects path ids that are not numbers", () => {
    expect(problems("getProduct", { params: { id: "abc" } })?.details?.[0]?.path).toBe("params.id");
  });
});

describe("response validation against the contract", () => {
  const settings = {
    siteName: "Site",
    logoUrl: null,
    faviconUrl: null,
    description: { en: null, es: null },
    legalName: null,
    contactAddress: null,
    legalEffectiveDate: null,
    trustBadges: { en: [], es: [] },
    popupPerks: { en: [], es: [] },
    affiliateDisclosure: { en: null, es: null },
    updatedAt: "2026-01-01T00:00:00Z",
  };

  it("checks a body against the documented response, shared error responses included", () => {
    const ok = responseValidator("getSiteSettings", 200, "application/json")!;
    expect(ok(settings)).toBe(true);
    expect(ok({ ...settings, updatedAt: "yesterday" })).toBe(false);
    const { updatedAt: _, ...withoutDate } = settings;
    expect(ok(withoutDate)).toBe(false);
    const invalid = responseValidator("createProduct", 400, "application/json")!;
    expect(invalid({ error: { code: "validation_failed", message: "Name is required" } })).toBe(true);
    expect(invalid({ message: "Name is required" })).toBe(false);
  });

  it("refuses a status the operation does not document", () => {
    expect(() => responseValidator("getSiteSettings", 418, "application/json")).toThrow(/does not document status 418/);
  });
});
