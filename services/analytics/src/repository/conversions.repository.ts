import type { Knex } from "@rsv/kit";
import type { ConversionImport } from "@rsv/api/client";
import type { ConversionRow } from "../domain/conversions.js";

/** Click ids asked about at once (a bind parameter each). */
const CHUNK = 1000;

interface ImportRow {
  id: number | string;
  network: string;
  file_name: string;
  actor: string | null;
  rows: number;
  imported: number;
  updated: number;
  created_at: Date | string;
}

const toImport = (row: ImportRow): ConversionImport => ({
  id: Number(row.id),
  network: row.network,
  fileName: row.file_name,
  actor: row.actor,
  rows: row.rows,
  imported: row.imported,
  updated: row.updated,
  createdAt: new Date(row.created_at).toISOString(),
});

export interface NewImport {
  network: string;
  fileName: string;
  actor: string | null;
  /** Data rows in the file. */
  rows: number;
  conversions: ConversionRow[];
}

/** A network's name as imports are matched on: trimmed, runs of white space one space, lower case. */
export function networkKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Imported commissions (`analytics.conversions`) and the history of imports. */
export class ConversionsRepository {
  constructor(private readonly db: Knex) {}

  /** Which of these ids an affiliate click has as its uid, with the time of that click. */
  async knownClicks(ids: string[]): Promise<Map<string, Date>> {
    const known = new Map<string, Date>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += CHUNK) {
      const rows = (await this.db("analytics.events")
        .where("event_type", "affiliate_click")
        .whereIn("uid", unique.slice(i, i + CHUNK))
        .select("uid", "timestamp")) as { uid: string; timestamp: Date | string }[];
      for (const row of rows) known.set(row.uid.toLowerCase(), new Date(row.timestamp));
    }
    return known;
  }

  /**
   * Stores a file's conversions in one transaction with its import row: a conversion id the network
   * sent before replaces the stored row (status, amount, time, click) and is counted as updated. The
   * hours of the clicks concerned are listed for the roll-ups in the same transaction.
   */
  async importAll(input: NewImport): Promise<ConversionImport> {
    return this.db.transaction(async (trx) => {
      // One network whatever the case and spacing it is typed in ("Awin", " awin "): conversions are
      // unique per network key, so a re-export under another spelling replaces its conversions instead
      // of counting their commissions twice; the spelling of the network's first import is kept.
      const key = networkKey(input.network);
      const first = (await trx("analytics.conversion_imports")
        .select("network")
        .where({ network_key: key })
        .orderBy("id")
        .first()) as { network: string } | undefined;
      const network = first?.network ?? input.network;
      const [created] = (await trx("analytics.conversion_imports")
        .insert({
          network,
          network_key: key,
          file_name: input.fileName,
          actor: input.actor,
          rows: input.rows,
          imported: 0,
          updated: 0,
        })
        .returning("id")) as { id: number | string }[];
      const importId = Number(created!.id);
      let imported = 0;
      let updated = 0;
      for (let i = 0; i < input.conversions.length; i += 500) {
        const batch = input.conversions.slice(i, i + 500).map((conversion) => ({
          network,
          network_key: key,
          conversion_id: conversion.conversionId,
          click_id: conversion.clickId,
          commission_cents: conversion.commissionCents,
          currency: conversion.currency,
          original_cents: conversion.original?.cents ?? null,
          original_currency: conversion.original?.currency ?? null,
          rate: conversion.original?.rate ?? null,
          status: conversion.status,
          converted_at: conversion.convertedAt,
          import_id: importId,
        }));
        // The days of the clicks credited before and after this import are counted again by the roll-ups.
        await trx.raw(
          `insert into analytics.rollup_dirty (hour)
           select distinct date_trunc('hour', e."timestamp") from analytics.events e
           where e.event_type = 'affiliate_click' and e.uid in (
             select click_id from analytics.conversions
             where network_key = ? and conversion_id = any(?) and click_id is not null
             union select unnest(?::uuid[]))`,
          [key, batch.map((row) => row.conversion_id), batch.flatMap((row) => (row.click_id ? [row.click_id] : []))],
        );
        const result = await trx.raw(
          `? on conflict (network_key, conversion_id) do update set
             click_id = excluded.click_id, commission_cents = excluded.commission_cents,
             currency = excluded.currency, original_cents = excluded.original_cents,
             original_currency = excluded.original_currency, rate = excluded.rate,
             status = excluded.status, converted_at = excluded.converted_at,
             import_id = excluded.import_id, updated_at = now()
           returning (xmax = 0) as inserted`,
          [trx("analytics.conversions").insert(batch)],
        );
        for (const row of result.rows as { inserted: boolean }[]) {
          if (row.inserted) imported += 1;
          else updated += 1;
        }
      }
      const [row] = (await trx("analytics.conversion_imports")
        .where({ id: importId })
        .update({ imported, updated })
        .returning("*")) as ImportRow[];
      return toImport(row!);
    });
  }

  /** Imports, newest first. */
  async history(limit = 200): Promise<ConversionImport[]> {
    const rows = (await this.db("analytics.conversion_imports")
      .orderBy([
        { column: "created_at", order: "desc" },
        { column: "id", order: "desc" },
      ])
      .limit(limit)) as ImportRow[];
    return rows.map(toImport);
  }
}
