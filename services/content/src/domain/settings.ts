import type { SiteSettings, SiteSettingsInput } from "@rsv/api/client";
import { badRequest, type ErrorDetail } from "@rsv/kit";
import { isSafeUrl } from "./urls.js";
export type { SiteSettings, SiteSettingsInput };

export type SettingsValues = Omit<SiteSettings, "updatedAt">;

/** What visitors see before the owner has saved any settings. */
export const DEFAULT_SETTINGS: SettingsValues = {
  siteName: "Resveratrol Guide",
  logoUrl: null,
  faviconUrl: null,
  description: { en: null, es: null },
  legalName: null,
  contactAddress: null,
  legalEffectiveDate: null,
  trustBadges: { en: [], es: [] },
  popupPerks: { en: [], es: [] },
  affiliateDisclosure: {
    en: "We may earn a commission when you buy through links on this site, at no extra cost to you.",
    es: "Podemos recibir una comisión cuando compras a través de los enlaces de este sitio, sin coste adicional para ti.",
  },
};

type Lines = SiteSettings["trustBadges"];
type Texts = SiteSettings["affiliateDisclosure"];

/** The given languages' lines, trimmed and without blanks or repeats; the others as they were. */
function lines(input: Partial<Lines>, current: Lines): Lines {
  const clean = (items: string[]) => [...new Set(items.map((item) => item.trim()).filter(Boolean))];
  return { en: input.en ? clean(input.en) : current.en, es: input.es ? clean(input.es) : current.es };
}

function texts(input: { en?: string | null; es?: string | null }, current: Texts): Texts {
  const clean = (value: string | null | undefined, was: string | null) =>
    value === undefined ? was : value?.trim() || null;
  return { en: clean(input.en, current.en), es: clean(input.es, current.es) };
}

/** A real calendar day in YYYY-MM-DD form. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Only the given fields: trimmed, empty optional strings become null; the site name cannot be blank.
 * A per-language field merges into `current` (what is saved), so a language left out keeps its text.
 */
export function normalizeSettingsInput(
  input: SiteSettingsInput,
  current: SettingsValues = DEFAULT_SETTINGS,
): Partial<SettingsValues> {
  const problems: ErrorDetail[] = [];
  const out: Partial<SettingsValues> = {};
  if (input.siteName !== undefined) {
    const siteName = input.siteName.trim();
    if (!siteName) problems.push({ path: "body.siteName", message: "Site name is required" });
    out.siteName = siteName;
  }
  for (const field of ["logoUrl", "faviconUrl"] as const) {
    if (input[field] === undefined) continue;
    const value = input[field]?.trim() || null;
    if (value && !isSafeUrl(value)) {
      problems.push({ path: `body.${field}`, message: `${field} must be a site path or an http(s) address` });
    }
    out[field] = value;
  }
  for (const field of ["legalName", "contactAddress"] as const) {
    if (input[field] !== undefined) out[field] = input[field]?.trim() || null;
  }
  if (input.legalEffectiveDate !== undefined) {
    const value = input.legalEffectiveDate?.trim() || null;
    if (value && !isCalendarDate(value)) {
      problems.push({ path: "body.legalEffectiveDate", message: "legalEffectiveDate must be a calendar date" });
    }
    out.legalEffectiveDate = value;
  }
  if (input.description) out.description = texts(input.description, current.description);
  if (input.trustBadges) out.trustBadges = lines(input.trustBadges, current.trustBadges);
  if (input.popupPerks) out.popupPerks = lines(input.popupPerks, current.popupPerks);
  if (input.affiliateDisclosure)
    out.affiliateDisclosure = texts(input.affiliateDisclosure, current.affiliateDisclosure);
  if (problems.length) throw badRequest(problems.map((p) => p.message).join("; "), problems);
  return out;
}
