import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, normalizeSettingsInput } from "./settings.js";

describe("normalizeSettingsInput", () => {
  it("keeps only the given fields and stores empty strings as null", () => {
    expect(normalizeSettingsInput({ siteName: " My site ", logoUrl: "", description: { en: "  " } })).toEqual({
      siteName: "My site",
      logoUrl: null,
      description: { en: null, es: null },
    });
  });

  it("keeps the description per language, and a language left out as it was", () => {
    const current = { ...DEFAULT_SETTINGS, description: { en: "Honest reviews.", es: "Análisis honestos." } };
    expect(normalizeSettingsInput({ description: { es: " Reseñas sinceras. " } }, current)).toEqual({
      description: { en: "Honest reviews.", es: "Reseñas sinceras." },
    });
    expect(normalizeSettingsInput({ description: { en: "", es: null } }, current)).toEqual({
      description: { en: null, es: null },
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
