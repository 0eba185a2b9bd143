import { fromColumns, toColumns, type Knex } from "@rsv/kit";
import { DEFAULT_SETTINGS, type SettingsValues, type SiteSettings } from "../domain/settings.js";

const SETTINGS = "content.site_settings";
const ROW_ID = 1;

interface SettingsRow {
  id: number;
  site_name: string;
  logo_url: string | null;
  favicon_url: string | null;
  description: JsonColumn<SiteSettings["description"]>;
  legal_name: string | null;
  contact_address: string | null;
  legal_effective_date: Date | string | null;
  trust_badges: JsonColumn<SiteSettings["trustBadges"]>;
  popup_perks: JsonColumn<SiteSettings["popupPerks"]>;
  affiliate_disclosure: JsonColumn<SiteSettings["affiliateDisclosure"]>;
  updated_at: Date | string;
}

/** A jsonb column: parsed by one driver, a string from the other, null on a row saved before the column. */
type JsonColumn<T> = T | string | null;

function fromJson<T>(value: JsonColumn<T>, fallback: T): T {
  if (value === null) return fallback;
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/** A date column comes back as a string or as a Date at local midnight, depending on the driver. */
function calendarDay(value: Date | string | null): string | null {
  if (value === null) return null;
  if (typeof value === "string") return value.slice(0, 10);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(value.getFullYear(), 4)}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

function toSettings(row: SettingsRow): SiteSettings {
  const { id: _id, ...settings } = fromColumns(row);
  return {
    ...settings,
    description: fromJson(row.description, DEFAULT_SETTINGS.description),
    trustBadges: fromJson(row.trust_badges, DEFAULT_SETTINGS.trustBadges),
    popupPerks: fromJson(row.popup_perks, DEFAULT_SETTINGS.popupPerks),
    affiliateDisclosure: fromJson(row.affiliate_disclosure, DEFAULT_SETTINGS.affiliateDisclosure),
    legalEffectiveDate: calendarDay(row.legal_effective_date),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function toRow(values: Partial<SettingsValues>): Partial<SettingsRow> {
  const { description, trustBadges, popupPerks, affiliateDisclosure, ...plain } = values;
  const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));
  return Object.fromEntries(
    Object.entries({
      ...toColumns(plain),
      description: json(description),
      trust_badges: json(trustBadges),
      popup_perks: json(popupPerks),
      affiliate_disclosure: json(affiliateDisclosure),
    }).filter(([, value]) => value !== undefined),
  ) as Partial<SettingsRow>;
}

/** The site's one settings row. */
export class SettingsRepository {
  constructor(private readonly db: Knex) {}

  async get(): Promise<SiteSettings | undefined> {
    const row = await this.db<SettingsRow>(SETTINGS).where({ id: ROW_ID }).first();
    return row ? toSettings(row) : undefined;
  }

  /** Changes only the given fields; the first save creates the row from the defaults. */
  async update(changes: Partial<SettingsValues>, defaults: SettingsValues): Promise<SiteSettings> {
    const changed = toRow(changes);
    const [row] = await this.db<SettingsRow>(SETTINGS)
      .insert({ id: ROW_ID, ...toRow(defaults), ...changed, updated_at: this.db.fn.now() as unknown as Date })
      .onConflict("id")
      .merge([...(Object.keys(changed) as Array<keyof SettingsRow>), "updated_at"])
      .returning("*");
    return toSettings(row as SettingsRow);
  }

  /** For the seed: writes the values only when no settings were saved yet. */
  async insertIfMissing(values: SettingsValues): Promise<boolean> {
    const inserted = await this.db(SETTINGS)
      .insert({ id: ROW_ID, ...toRow(values) })
      .onConflict("id")
      .ignore()
      .returning("id");
    return inserted.length > 0;
  }
}
