import { badRequest, type OperationRouter } from "@rsv/kit";
import {
  CsvUnreadable,
  datedBeforeClick,
  isComplete,
  MAX_ROWS,
  problem,
  readConversions,
  readCsv,
  rowError,
  sampleRows,
  sortedErrors,
  suggestMapping,
  type ConversionMapping,
  type CsvTable,
  type RowError,
} from "../domain/conversions.js";
import type { ConversionsRepository } from "../repository/conversions.repository.js";

/** The path of importConversions: its request carries a whole file (see the service's jsonLimits). */
export const CONVERSIONS_PATH = "/api/analytics/conversions";
/** Rows of a dry run shown as they would be stored. */
const PREVIEW_ROWS = 20;
/** Rows named in a warning, at most. */
const MAX_ROWS_NAMED = 100;

export interface ConversionRouteDeps {
  conversions: ConversionsRepository;
  /** The site's reporting currency (ANALYTICS_CURRENCY). */
  currency: string;
}

function tableOf(csv: string): CsvTable {
  let table: CsvTable;
  try {
    table = readCsv(csv);
  } catch (error) {
    if (error instanceof CsvUnreadable) throw badRequest(error.message, [{ path: "body.csv", message: error.message }]);
    throw error;
  }
  if (table.rows.length > MAX_ROWS) {
    const message = `The file has ${table.rows.length} rows; an import takes at most ${MAX_ROWS}`;
    throw badRequest(message, [{ path: "body.csv", message }]);
  }
  return table;
}

export function conversionRoutes(router: OperationRouter, deps: ConversionRouteDeps): void {
  router.on("listConversionImports", async (ctx) => {
    ctx.body = await deps.conversions.history();
  });

  router.on("importConversions", async (ctx, { body, admin }) => {
    const network = body.network.trim();
    const table = tableOf(body.csv);
    const mapping: ConversionMapping = Object.fromEntries(
      Object.entries(body.mapping ?? {}).filter(([, header]) => header.trim() !== ""),
    );
    const unknownHeaders = Object.entries(mapping).filter(([, header]) => !table.headers.includes(header));
    if (unknownHeaders.length > 0)
      throw badRequest(
        "The mapping names columns the file does not have",
        unknownHeaders.map(([field, header]) => ({ path: `body.mapping.${field}`, message: `No column ${header}` })),
      );
    const look = {
      headers: table.headers,
      sampleRows: sampleRows(table),
      suggestedMapping: suggestMapping(table.headers),
      rows: table.rows.length,
    };
    // A first look and a dry run store nothing, so the activity log has nothing to say of them.
    ctx.state.audit = { preview: true };
    // A first look: the owner picks the columns from what the file has.
    if (!isComplete(mapping)) {
      ctx.body = { dryRun: true, ...look };
      return;
    }

    const { conversions, errors } = readConversions(table, mapping, deps.currency, body.rates ?? {});
    const clickIds = conversions.flatMap((conversion) => (conversion.clickId ? [conversion.clickId] : []));
    const known = await deps.conversions.knownClicks(clickIds);
    const skip = body.unknownClicks === "skip";
    const clickErrors: RowError[] = [];
    const kept = conversions.filter((conversion) => {
      if (conversion.clickId && known.has(conversion.clickId)) return true;
      if (!skip)
        clickErrors.push(
          rowError(
            conversion.row,
            mapping.clickId,
            conversion.clickCell
              ? problem("unknownClick", { value: conversion.clickCell.slice(0, 60) })
              : problem("clickIdEmpty"),
          ),
        );
      return false;
    });
    const rowErrors = sortedErrors([...errors, ...clickErrors]);
    if (rowErrors.length > 0) {
      const count = new Set([...errors, ...clickErrors].map((error) => error.row)).size;
      ctx.status = 422;
      ctx.body = {
        error: {
          code: "validation_failed" as const,
          message: `${count} of ${table.rows.length} rows have problems; nothing was imported`,
        },
        rowErrors,
      };
      return;
    }
    const skipped = conversions.length - kept.length;
    // A commission earned before its click was made: usually the file's times read in the wrong time
    // zone. Stored all the same (the network's word stands), but the owner is told which rows.
    const beforeClick = kept
      .filter((conversion) => datedBeforeClick(conversion, known.get(conversion.clickId!)!))
      .map((conversion) => conversion.row)
      .slice(0, MAX_ROWS_NAMED);
    if (body.dryRun) {
      ctx.body = {
        dryRun: true,
        ...look,
        skipped,
        beforeClick,
        preview: kept
          .slice(0, PREVIEW_ROWS)
          .map(({ row, clickId, conversionId, commissionCents, currency, status, convertedAt, original }) => ({
            row,
            clickId,
            conversionId,
            commissionCents,
            currency,
            status,
            convertedAt,
            original,
          })),
      };
      return;
    }
    if (table.rows.length === 0) {
      const message = "The file has no rows under its header";
      throw badRequest(message, [{ path: "body.csv", message }]);
    }
    const stored = await deps.conversions.importAll({
      network,
      fileName: body.fileName.trim(),
      actor: admin?.email ?? null,
      rows: table.rows.length,
      conversions: kept,
    });
    ctx.state.audit = {
      target: { entity: "analytics/conversions", id: stored.id },
      after: {
        network: stored.network,
        fileName: stored.fileName,
        rows: stored.rows,
        imported: stored.imported,
        updated: stored.updated,
        skipped,
      },
    };
    ctx.body = { dryRun: false, ...look, skipped, beforeClick, import: stored };
  });
}
