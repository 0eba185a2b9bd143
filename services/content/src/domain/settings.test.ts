import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, normalizeSettingsInput } from "./settings.js";

describe("normalizeSettingsInput", () => {
  it("keeps only the given fields and stores empty strings as null", () => {
    expect(normalizeSettingsInput({ siteName: " My site ", logoUrl: "", description: "  " })).toEqual({
      siteName: "My site",
      logoUrl: null,
      description: null,
    });
  });
  it("keeps the legal facts and accepts only real calendar dates", () => {
    expect(
      normalizeSettingsInput({ legalName: " Owner Ltd ", contactAddress: "", legalEffectiveDate: "2026-02-01" }),
    ).toEqual({ legalName: "Owner Ltd", contactAddress: null, legalEffectiveDate: "2026-02-01" });
    expect(normalizeSettingsInput({ legalEffectiveDate: "" })).toEqual({ legalEffectiveDate: null });
    expect(() => normalizeSettingsInput({ legalEffectiveDate: "2026-02-30" })).toThrow(/legalEffectiveDate/);
  });

  it("refuses a blank site name and unsafe URLs", () => {
    expect(() => normalizeSettingsInput({ siteName: "   " })).toThrow("Site name is required");
    expect(() => normalizeSettingsInput({ faviconUrl: "javascript:alert(1)" })).toThrow(/faviconUrl/);
  });
});

describe("the site's claims by default", () => {
  it("promise nothing but disclose the commission, in both languages", () => {
    expect(DEFAULT_SETTINGS.trustBadges).toEqual({ en: [], es: [] });
    expect(DEFAULT_SETTINGS.popupPerks).toEqual({ en: [], es: [] });
    expect(DEFAULT_SETTINGS.affiliateDisclosure.en).toMatch(/commission/);
    expect(DEFAULT_SETTINGS.affiliateDisclosure.es).toMatch(/comisión/);
  });
});
