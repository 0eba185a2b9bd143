import { fromColumns, toColumns, type Knex } from "@rsv/kit";
import type { SettingsValues, SiteSettings } from "../domain/settings.js";

const SETTINGS = "content.site_settings";
const ROW_ID = 1;

interface SettingsRow {
  id: number;
  site_name: string;
  logo_url: string | null;
  favicon_url: string | null;
  description: string | null;
  legal_name: string | null;
  contact_address: string | null;
  legal_effective_date: Date | string | null;
  updated_at: Date | string;
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
    legalEffectiveDate: calendarDay(row.legal_effective_date),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function toRow(values: Partial<SettingsValues>): Partial<SettingsRow> {
  return toColumns(values) satisfies Partial<SettingsRow>;
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
