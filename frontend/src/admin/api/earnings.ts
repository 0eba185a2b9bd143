import { ApiError, unwrap, type ConversionImportInput, type ConversionRowError } from "@rsv/api/client";
import { queryKeys } from "../../api/queries.js";
import { createMutation, createQuery } from "./hooks.js";

/** Retailers (the names on offers) with their sub-ID templates. */
export const useRetailers = createQuery({
  key: queryKeys.retailers,
  load: (api) => unwrap(api.GET("/api/offers/retailers")),
});

export const useEditRetailer = createMutation({
  call: (api, { name, subIdTemplate }: { name: string; subIdTemplate: string | null }) =>
    unwrap(
      api.PUT("/api/offers/retailers/{retailer}", { params: { path: { retailer: name } }, body: { subIdTemplate } }),
    ),
  invalidates: [queryKeys.retailers()],
  success: (t, retailer) => ({ title: t("offers.retailers.saved"), description: retailer.name }),
  failure: (t) => t("offers.retailers.saveFailed"),
});

/** Imports of commissions files, newest first. */
export const useConversionImports = createQuery({
  key: queryKeys.conversionImports,
  load: (api) => unwrap(api.GET("/api/analytics/conversions")),
});

/** A first look, a dry run or an import of a commissions file (see importConversions). */
export const useImportConversions = createMutation({
  call: (api, body: ConversionImportInput) => unwrap(api.POST("/api/analytics/conversions", { body })),
  invalidates: [queryKeys.conversionImports()],
  success: (t, result) =>
    result.import
      ? {
          title: t("analytics.earnings.imported", { imported: result.import.imported, updated: result.import.updated }),
        }
      : null,
  failure: (t) => t("analytics.earnings.importFailed"),
  // In the admin's words: the rows refused (listed in the panel), or a file the service could not read.
  failureText: (t, error) => {
    const rows = rowErrorsOf(error);
    if (rows.length > 0) return t("analytics.earnings.rejected", { count: new Set(rows.map((row) => row.row)).size });
    return error instanceof ApiError && error.status === 400 ? t("analytics.earnings.fileRefused") : null;
  },
});

/** The rows a refused import listed (422), or none. */
export function rowErrorsOf(error: unknown): ConversionRowError[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  try {
    return (JSON.parse(error.body) as { rowErrors?: ConversionRowError[] }).rowErrors ?? [];
  } catch {
    return [];
  }
}
