import { useState, type ChangeEvent, type FormEvent } from "react";
import type { ConversionImportResult, ConversionMapping } from "@rsv/api/client";
import { numberLocale } from "../../lib/format.js";
import { useAdminCopy } from "../admin-copy.js";
import { rowErrorsOf, useConversionImports, useImportConversions } from "../api/earnings.js";
import { rateNumber } from "../ui/decimal.js";
import { SelectField, TextField } from "../ui/fields.js";

const FIELDS = ["clickId", "conversionId", "commission", "convertedAt", "status", "currency"] as const;
const REQUIRED = new Set<string>(["clickId", "conversionId", "commission", "convertedAt"]);
type Field = (typeof FIELDS)[number];

/**
 * Commissions files from affiliate networks: the file is read in the browser, its header fills the
 * column choices (the server's suggestion chosen first), a dry run shows the rows as they would be
 * stored, the import stores all of them or, with any bad row, none and a table of what to fix.
 */
export function EarningsPanel() {
  const { t, lang } = useAdminCopy();
  const history = useConversionImports();
  const send = useImportConversions();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [network, setNetwork] = useState("");
  const [mapping, setMapping] = useState<ConversionMapping>({});
  const [unknownClicks, setUnknownClicks] = useState<"reject" | "skip">("reject");
  const [look, setLook] = useState<ConversionImportResult | null>(null);
  const [result, setResult] = useState<ConversionImportResult | null>(null);
  const [attempted, setAttempted] = useState(false);
  // Rates for the file's other currencies, as typed: asked for once the server names a currency it needs.
  const [rates, setRates] = useState<Record<string, string>>({});
  const [siteCurrency, setSiteCurrency] = useState("");
  const locale = numberLocale[lang];
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);

  const rowErrors = rowErrorsOf(send.error);
  const unrated = rowErrors.flatMap((error) =>
    error.code === "otherCurrency" && typeof error.params.currency === "string" ? [error.params.currency] : [],
  );
  const rateCurrencies = [...new Set([...Object.keys(rates), ...unrated])].sort();
  const rateErrors = Object.fromEntries(
    rateCurrencies.map((currency) => [currency, rateNumber(rates[currency] ?? "") === null]),
  );
  const missing = FIELDS.filter((field) => REQUIRED.has(field) && !mapping[field]);
  const networkError = attempted && !network.trim() ? t("analytics.earnings.networkRequired") : null;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setResult(null);
    setLook(null);
    send.reset();
    setMapping({});
    setRates({});
    if (!chosen) return setFile(null);
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    // A first look: the header, a few rows and the suggested columns.
    send.mutate(
      { network: network.trim() || "-", fileName: chosen.name, csv: text, mapping: {} },
      {
        onSuccess: (answer) => {
          setLook(answer);
          setMapping(answer.suggestedMapping);
        },
      },
    );
  }

  function submit(dryRun: boolean) {
    setAttempted(true);
    const typedRates = Object.keys(rates).filter((currency) => rates[currency]!.trim() !== "");
    if (!file || !network.trim() || missing.length > 0 || send.isPending) return;
    if (typedRates.some((currency) => rateErrors[currency])) return;
    setResult(null);
    const given = Object.fromEntries(typedRates.map((currency) => [currency, rateNumber(rates[currency]!)!]));
    send.mutate(
      { network: network.trim(), fileName: file.name, csv: file.text, mapping, unknownClicks, dryRun, rates: given },
      {
        onSuccess: (answer) => setResult(answer),
        onError: (error) => {
          const needed = rowErrorsOf(error).find((row) => row.code === "otherCurrency");
          if (typeof needed?.params.siteCurrency === "string") setSiteCurrency(needed.params.siteCurrency);
        },
      },
    );
  }

  const headers = look?.headers ?? [];
  const columnOptions = [
    { value: "", label: t("analytics.earnings.notInFile") },
    ...headers.map((header) => ({ value: header, label: header })),
  ];

  return (
    <section
      className="space-y-4 rounded-xl border border-slate-200 p-4 sm:p-6"
      aria-labelledby="earnings-title"
      data-testid="earnings"
    >
      <h3 id="earnings-title" className="font-semibold text-slate-900">
        {t("analytics.earnings.title")}
      </h3>
      <p className="text-sm text-slate-600">{t("analytics.earnings.intro")}</p>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          submit(false);
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <span id="earnings-file-label" className="text-sm font-medium text-slate-700">
              {t("analytics.earnings.file")}
            </span>
            {/* The browser's own file button speaks the browser's language, not the dashboard's: ours does. */}
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
              <label className="file-button btn-outline py-2">
                {t("analytics.earnings.choose")}
                <input
                  id="earnings-file"
                  type="file"
                  accept=".csv,text/csv,text/plain"
                  onChange={(event) => void onFile(event)}
                  className="sr-only"
                  aria-labelledby="earnings-file-label"
                  aria-describedby="earnings-file-name earnings-file-hint"
                />
              </label>
              <span id="earnings-file-name" className="min-w-0 text-sm text-slate-600 wrap-anywhere">
                {file?.name ?? t("analytics.earnings.noFile")}
              </span>
            </div>
            <p id="earnings-file-hint" className="mt-1 text-xs text-slate-500">
              {t("analytics.earnings.fileHint")}
            </p>
          </div>
          <TextField
            label={t("analytics.earnings.network")}
            value={network}
            onValue={setNetwork}
            required
            error={networkError}
            hint={t("analytics.earnings.networkHint")}
            maxLength={100}
          />
        </div>
        {look && (
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">
              {t("analytics.earnings.mapping", { file: file?.name ?? "", count: look.rows })}
            </legend>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {FIELDS.map((field: Field) => (
                <SelectField
                  key={field}
                  label={t(`analytics.earnings.fields.${field}`)}
                  required={REQUIRED.has(field)}
                  value={mapping[field] ?? ""}
                  options={columnOptions}
                  error={
                    attempted && REQUIRED.has(field) && !mapping[field] ? t("analytics.earnings.columnRequired") : null
                  }
                  onValue={(header) => setMapping({ ...mapping, [field]: header || undefined })}
                  // The chosen column's first value, so the owner sees the column holds what its name says.
                  hint={
                    mapping[field] && look.sampleRows.length > 0
                      ? t("analytics.earnings.firstValue", { value: look.sampleRows[0]![mapping[field]] || "—" })
                      : undefined
                  }
                />
              ))}
              <SelectField
                label={t("analytics.earnings.unknownClicks")}
                value={unknownClicks}
                options={[
                  { value: "reject", label: t("analytics.earnings.reject") },
                  { value: "skip", label: t("analytics.earnings.skip") },
                ]}
                onValue={setUnknownClicks}
              />
            </div>
            {rateCurrencies.length > 0 && siteCurrency && (
              <fieldset className="space-y-2" data-testid="earnings-rates">
                <legend className="text-sm font-semibold text-slate-900">{t("analytics.earnings.rates")}</legend>
                <p className="text-xs text-slate-600">{t("analytics.earnings.ratesHint", { siteCurrency })}</p>
                <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {rateCurrencies.map((currency) => (
                    <TextField
                      key={currency}
                      label={t("analytics.earnings.rate", { currency, siteCurrency })}
                      value={rates[currency] ?? ""}
                      onValue={(typed) => setRates({ ...rates, [currency]: typed })}
                      inputMode="decimal"
                      required
                      error={attempted && rateErrors[currency] ? t("analytics.earnings.rateInvalid") : null}
                    />
                  ))}
                </div>
              </fieldset>
            )}
            <div className="flex flex-wrap gap-3">
              <button type="button" className="btn-outline" disabled={send.isPending} onClick={() => submit(true)}>
                {t("analytics.earnings.dryRun")}
              </button>
              <button type="submit" className="btn-primary" disabled={send.isPending}>
                {send.isPending ? t("analytics.earnings.importing") : t("analytics.earnings.import")}
              </button>
            </div>
          </fieldset>
        )}
      </form>

      <div aria-live="polite">
        {rowErrors.length > 0 && (
          <div className="overflow-x-auto rounded-xl border border-red-200">
            <table className="w-full text-left text-sm" data-testid="earnings-errors">
              <caption className="px-3 py-2 text-left font-medium text-red-700">
                {t("analytics.earnings.errorsCaption", { count: rowErrors.length })}
              </caption>
              <thead className="bg-red-50 text-xs text-slate-700 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.row")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.column")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.problem")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {rowErrors.map((error, index) => (
                  <tr key={`${error.row}-${index}`}>
                    <td className="px-3 py-2">{error.row}</td>
                    <td className="px-3 py-2">{error.column ?? "—"}</td>
                    <td className="px-3 py-2">
                      {t(`analytics.earnings.problems.${error.code}`, { ...error.params, defaultValue: error.message })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {result?.dryRun && result.preview?.length === 0 && (
          <p className="text-sm font-medium text-amber-800" role="status" data-testid="earnings-nothing">
            {result.rows === 0
              ? t("analytics.earnings.noRows")
              : t("analytics.earnings.nothingToImport", { count: result.rows, skipped: result.skipped ?? 0 })}
          </p>
        )}
        {result?.dryRun && result.preview && result.preview.length > 0 && (
          <div className="overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full text-left text-sm" data-testid="earnings-preview">
              <caption className="px-3 py-2 text-left font-medium text-slate-700">
                {t("analytics.earnings.previewCaption", { count: result.rows, skipped: result.skipped ?? 0 })}
              </caption>
              <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.row")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.fields.conversionId")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.fields.commission")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.fields.status")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.fields.convertedAt")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {result.preview.map((row) => (
                  <tr key={row.row}>
                    <td className="px-3 py-2">{row.row}</td>
                    <td className="px-3 py-2">{row.conversionId}</td>
                    <td className="px-3 py-2">
                      {money(row.commissionCents, row.currency)}
                      {row.original && (
                        <span className="block text-xs text-slate-500">
                          {t("analytics.earnings.convertedFrom", {
                            amount: money(row.original.cents, row.original.currency),
                            rate: row.original.rate.toLocaleString(locale, { maximumFractionDigits: 8 }),
                          })}
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2">{t(`analytics.earnings.statuses.${row.status}`)}</td>
                    <td className="px-3 py-2">{time.format(new Date(row.convertedAt))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {result?.beforeClick && result.beforeClick.length > 0 && (
          <p className="text-sm font-medium text-amber-800" role="status" data-testid="earnings-before-click">
            {t("analytics.earnings.beforeClick", {
              count: result.beforeClick.length,
              rows: result.beforeClick.join(", "),
            })}
          </p>
        )}
        {result?.import && (
          <p className="text-sm font-medium text-green-700" data-testid="earnings-done">
            {t("analytics.earnings.done", {
              imported: result.import.imported,
              updated: result.import.updated,
              skipped: result.skipped ?? 0,
            })}
          </p>
        )}
      </div>

      <section aria-labelledby="earnings-history">
        <h4 id="earnings-history" className="text-sm font-semibold text-slate-900">
          {t("analytics.earnings.history")}
        </h4>
        {history.isPending ? (
          <p className="text-slate-500">{t("common.loading")}</p>
        ) : history.isError ? (
          <p className="text-red-600">{t("common.loadFailed")}</p>
        ) : history.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t("analytics.earnings.noImports")}</p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full text-left text-sm" data-testid="earnings-history">
              <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.when")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.network")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.file")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.rows")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.new")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.updated")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("analytics.earnings.by")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {history.data.map((entry) => (
                  <tr key={entry.id}>
                    <td className="px-3 py-2">
                      <time dateTime={entry.createdAt}>{time.format(new Date(entry.createdAt))}</time>
                    </td>
                    <td className="px-3 py-2">{entry.network}</td>
                    <td className="px-3 py-2">{entry.fileName}</td>
                    <td className="px-3 py-2">{entry.rows}</td>
                    <td className="px-3 py-2">{entry.imported}</td>
                    <td className="px-3 py-2">{entry.updated}</td>
                    <td className="px-3 py-2">{entry.actor ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
