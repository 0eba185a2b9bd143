import type { Schemas } from "@rsv/api/client";
import { CsvError, parse } from "csv-parse/sync";

/**
 * Commissions files from affiliate networks: reading the CSV, the owner's column mapping, and the rules
 * for amounts, statuses, times and ids. Pure: the route asks the repository which click ids exist.
 */

/** Most data rows one import takes. */
export const MAX_ROWS = 20_000;
/** Most columns a commissions file may have. */
export const MAX_COLUMNS = 200;
/** Row errors answered at most (the first ones, by row). */
export const MAX_ROW_ERRORS = 1000;
/** Rows shown of a file before its mapping is chosen. */
export const SAMPLE_ROWS = 5;

export const REQUIRED_FIELDS = ["clickId", "conversionId", "commission", "convertedAt"] as const;
export const OPTIONAL_FIELDS = ["status", "currency"] as const;
export type ConversionField = (typeof REQUIRED_FIELDS)[number] | (typeof OPTIONAL_FIELDS)[number];
/** Which header holds which field. */
export type ConversionMapping = Partial<Record<ConversionField, string>>;
export type ConversionStatus = "pending" | "approved" | "declined";

export interface CsvTable {
  headers: string[];
  /** Data rows with the row number a spreadsheet shows (the header is row 1). */
  rows: { row: number; cells: string[] }[];
}

/** A file the parser could not read, with the line it stopped at. */
export class CsvUnreadable extends Error {}

/** The delimiter of the header line: the most frequent of `,`, `;` and tab outside quotes (comma when none). */
function delimiterOf(text: string): string {
  let quoted = false;
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![1] > 0 ? [...counts].sort((a, b) => b[1] - a[1])[0]![0] : ",";
}

/**
 * The file as a header and rows (csv-parse: a byte-order mark dropped, quoted fields with delimiters,
 * doubled quotes and line breaks read as spreadsheets write them). Blank rows are left out but still
 * counted, so row numbers stay those the spreadsheet shows.
 */
export function readCsv(text: string): CsvTable {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, "")),
      relax_column_count: true,
      skip_empty_lines: false,
      trim: false,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new CsvUnreadable(`The file is not readable CSV${line ? ` near line ${line}` : ""}: ${error.message}`);
    }
    throw error;
  }
  const [header, ...data] = records;
  if (!header || header.every((cell) => cell.trim() === "")) throw new CsvUnreadable("The file has no header row");
  // Networks' exports have a few dozen; a header of a million cells took seconds to map.
  if (header.length > MAX_COLUMNS) {
    throw new CsvUnreadable(`The file has ${header.length} columns; a commissions file has at most ${MAX_COLUMNS}`);
  }
  return {
    headers: header.map((cell) => cell.trim()),
    rows: data
      .map((cells, index) => ({ row: index + 2, cells }))
      .filter(({ cells }) => cells.some((cell) => cell.trim() !== "")),
  };
}

const normalHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Header names networks use (Awin, Impact, CJ, Amazon and others), normalised, best first. */
const HEADER_NAMES: Record<ConversionField, string[]> = {
  clickId: [
    "clickref",
    "clickid",
    "subid",
    "subid1",
    "publisherclickref",
    "clickreference",
    "sid",
    "u1",
    "sharedid",
    "trackingvalue",
  ],
  conversionId: ["transactionid", "conversionid", "actionid", "orderid", "commissionid", "saleid", "id"],
  commission: [
    "commission",
    "commissionamount",
    "publishercommission",
    "payout",
    "earnings",
    "adfees",
    "commissionvalue",
  ],
  convertedAt: [
    "transactiondate",
    "conversiondate",
    "actiondate",
    "eventdate",
    "orderdate",
    "date",
    "dateshipped",
    "timestamp",
    "datetime",
  ],
  status: ["status", "commissionstatus", "transactionstatus", "actionstatus", "state"],
  currency: ["currency", "commissioncurrency", "currencycode", "originalcurrency"],
};

/** A mapping guessed from the header's names; fields no header resembles are left out. */
export function suggestMapping(headers: string[]): ConversionMapping {
  const mapping: ConversionMapping = {};
  const taken = new Set<string>();
  for (const field of [...REQUIRED_FIELDS, ...OPTIONAL_FIELDS]) {
    const names = HEADER_NAMES[field];
    const exact = names
      .map((name) => headers.find((header) => !taken.has(header) && normalHeader(header) === name))
      .find(Boolean);
    // "Commission Amount (EUR)" and the like.
    const prefixed =
      exact ??
      names
        .map((name) => headers.find((header) => !taken.has(header) && normalHeader(header).startsWith(name)))
        .find((header) => header !== undefined && (field === "commission" || field === "clickId"));
    if (prefixed) {
      mapping[field] = prefixed;
      taken.add(prefixed);
    }
  }
  return mapping;
}

/** True when every required field has a column. */
export function isComplete(
  mapping: ConversionMapping | undefined,
): mapping is ConversionMapping & Record<(typeof REQUIRED_FIELDS)[number], string> {
  return REQUIRED_FIELDS.every((field) => Boolean(mapping?.[field]?.trim()));
}

/**
 * What can be wrong with a row, in English (the API's `message`); the admin words each code in its own
 * language from the same params. `value` is the cell as the file has it, cut to 40 characters.
 */
const PROBLEMS = {
  rowWidth: (p) => `The row has ${p.fields} fields, the header ${p.headerFields}`,
  conversionIdEmpty: () => "The conversion id is empty",
  conversionIdLong: () => "The conversion id is longer than 200 characters",
  conversionIdRepeated: (p) => `The conversion id ${p.value} is also on row ${p.row}`,
  commissionEmpty: () => "The commission is empty",
  notAmount: (p) => `"${p.value}" is not an amount`,
  mixedMarks: (p) => `"${p.value}" mixes decimal marks`,
  manyDecimals: (p) => `"${p.value}" has more than two decimals`,
  ambiguousMark: (p) => `"${p.value}" is ambiguous: ${p.mark} could mark thousands or decimals`,
  misplacedThousands: (p) => `"${p.value}" has misplaced thousands separators`,
  notCurrency: (p) => `"${p.value}" is not a currency code`,
  otherCurrency: (p) =>
    `The currency ${p.currency} is not the site's (${p.siteCurrency}): give its rate to ${p.siteCurrency} to convert it`,
  amountCurrency: (p) => `The amount is in ${p.amountCurrency}, the row says ${p.currency}`,
  unknownStatus: (p) => `Unknown status "${p.value}" (approved, pending or declined, or words networks use for them)`,
  convertedAtEmpty: () => "The conversion time is empty",
  notDate: (p) => `"${p.value}" is not a date (YYYY-MM-DD, YYYY-MM-DD HH:mm[:ss] or ISO 8601)`,
  unknownClick: (p) => `No affiliate click has the id ${p.value}`,
  clickIdEmpty: () => "The click id is empty",
} satisfies Record<RowProblemCode, (params: ProblemParams) => string>;

type ProblemParams = Record<string, string | number>;
/** The contract's codes: a code added to one and not the other fails to compile. */
export type RowProblemCode = Schemas["ConversionRowError"]["code"];

/** A problem of a row: its code and what its words name. */
export interface Problem {
  code: RowProblemCode;
  params: ProblemParams;
}

export const problem = (code: RowProblemCode, params: ProblemParams = {}): Problem => ({ code, params });

/** A cell as a problem quotes it. */
const quoted = (text: string) => text.slice(0, 40);

/** A problem with its row and column, and its words in English. */
export function rowError(row: number, column: string | null, found: Problem): RowError {
  return { row, column, ...found, message: PROBLEMS[found.code](found.params) };
}

type Parsed<T> = { value: T } | { error: Problem };

const SYMBOLS: Record<string, string> = { "€": "EUR", $: "USD", "£": "GBP", "¥": "JPY", zł: "PLN" };

/**
 * An amount in cents: `12.50`, `12,50`, `1,234.56`, `1.234,56`, `1 234,56`, `€12.50`, `-3.10`. The last
 * of `.` and `,` is the decimal mark when both appear; one mark followed by three digits (`1,234`) is
 * ambiguous and refused, as is more than two decimals.
 */
export function parseAmount(text: string): Parsed<{ cents: number; currency?: string }> {
  let rest = text.trim().replace(/[\u00a0\u202f\u2009]/g, " ");
  let currency: string | undefined;
  const code = /^([A-Za-z]{3})\s*(?=[-\d])|(?<=\d)\s*([A-Za-z]{3})$/.exec(rest);
  if (code) {
    currency = (code[1] ?? code[2])!.toUpperCase();
    rest = rest.replace(code[0], "");
  }
  for (const [symbol, iso] of Object.entries(SYMBOLS)) {
    if (rest.startsWith(symbol) || rest.endsWith(symbol) || rest.startsWith(`-${symbol}`)) {
      currency ??= iso;
      rest = rest.replace(symbol, "");
    }
  }
  rest = rest.trim();
  const negative = rest.startsWith("-");
  if (negative) rest = rest.slice(1).trim();
  const value = quoted(text);
  if (!/^\d[\d.,\s]*$/.test(rest) || /[.,\s]$/.test(rest)) return { error: problem("notAmount", { value }) };
  const marks = [...rest.matchAll(/[.,]/g)].map((m) => m[0]);
  const kinds = new Set(marks);
  const at = Math.max(rest.lastIndexOf("."), rest.lastIndexOf(","));
  let whole = rest;
  let fraction = "";
  if (kinds.size === 2) {
    // The last mark is the decimal one; every other mark must be the other kind.
    if (marks.slice(0, -1).includes(rest[at]!)) return { error: problem("mixedMarks", { value }) };
    whole = rest.slice(0, at);
    fraction = rest.slice(at + 1);
    if (fraction.length > 2) return { error: problem("manyDecimals", { value }) };
  } else if (marks.length === 1) {
    const after = rest.slice(at + 1);
    const before = rest.slice(0, at).replace(/\s/g, "");
    if (after.length === 3 && before.length <= 3)
      return { error: problem("ambiguousMark", { value, mark: rest[at]! }) };
    if (after.length > 2) return { error: problem("manyDecimals", { value }) };
    whole = rest.slice(0, at);
    fraction = after;
  }
  // What is left of the whole part: digits in groups of three after the first, or digits alone.
  const groups = whole.split(/[.,\s]/);
  if (groups.length > 1 && (groups[0]!.length > 3 || groups.slice(1).some((group) => group.length !== 3)))
    return { error: problem("misplacedThousands", { value }) };
  const digits = groups.join("");
  if (!/^\d+$/.test(digits) || digits.length > 12) return { error: problem("notAmount", { value }) };
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, "0") || "0");
  return { value: { cents: negative ? -cents : cents, ...(currency ? { currency } : {}) } };
}

const STATUSES: Record<string, ConversionStatus> = {
  approved: "approved",
  confirmed: "approved",
  paid: "approved",
  accepted: "approved",
  validated: "approved",
  locked: "approved",
  complete: "approved",
  completed: "approved",
  cleared: "approved",
  settled: "approved",
  pending: "pending",
  open: "pending",
  new: "pending",
  waiting: "pending",
  declined: "declined",
  rejected: "declined",
  cancelled: "declined",
  canceled: "declined",
  reversed: "declined",
  refunded: "declined",
  voided: "declined",
  void: "declined",
};

/** A network's status word as pending, approved or declined. */
export function parseStatus(text: string): Parsed<ConversionStatus> {
  const status = STATUSES[text.trim().toLowerCase()];
  return status ? { value: status } : { error: problem("unknownStatus", { value: quoted(text) }) };
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** A time as ISO 8601 (`2026-03-01T10:00:00+01:00`) or `YYYY-MM-DD[ HH:mm[:ss]]`, UTC without an offset. */
export function parseConvertedAt(text: string): Parsed<string> {
  const match = DATE_TIME.exec(text.trim());
  const bad = { error: problem("notDate", { value: quoted(text) }) };
  if (!match) return bad;
  const [, y, mo, d, h = "0", mi = "0", s = "0", fraction = "", offset] = match;
  const ms = Number(fraction.slice(0, 3).padEnd(3, "0"));
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    check.getUTCHours() !== Number(h) ||
    check.getUTCMinutes() !== Number(mi) ||
    check.getUTCSeconds() !== Number(s)
  )
    return bad;
  let shift = 0;
  if (offset && offset.toUpperCase() !== "Z") {
    const sign = offset.startsWith("-") ? -1 : 1;
    const digits = offset.slice(1).replace(":", "");
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2));
    if (hours > 23 || minutes > 59) return bad;
    shift = sign * (hours * 60 + minutes) * 60_000;
  }
  // Within the years a timestamp holds everywhere: 9999-12-31 at -23:59 is in the year 10000.
  const at = new Date(utc - shift);
  if (at.getUTCFullYear() < 1970 || at.getUTCFullYear() > 9999) return bad;
  return { value: at.toISOString() };
}

/** Decimal places a rate is taken to (analytics.conversions.rate holds as many). */
const RATE_PLACES = 8;

/**
 * Cents converted at a rate, to the cent, halves away from zero (a declined commission may be
 * negative), in exact integers: the rate taken to 8 decimals as stored, so 50 cents at 1.15 is 58, not
 * the 57 that floating point's 57.4999… would round to.
 */
export function convertedCents(cents: number, rate: number): number {
  const scale = 10n ** BigInt(RATE_PLACES);
  const product = BigInt(Math.abs(cents)) * BigInt(Math.round(rate * 10 ** RATE_PLACES));
  const rounded = (product + scale / 2n) / scale;
  return Math.sign(cents) * Number(rounded);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether a commission is dated before the click it is credited to, which usually means the file's
 * times were read in the wrong time zone. A day without a time was that day somewhere: only one that
 * had ended everywhere (at UTC-12, 36 hours after its UTC midnight) before the click is before it.
 */
export function datedBeforeClick(conversion: Pick<ConversionRow, "convertedAt" | "dateOnly">, click: Date): boolean {
  const at = Date.parse(conversion.convertedAt);
  return conversion.dateOnly ? at + 36 * 3_600_000 <= click.getTime() : at < click.getTime();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A conversion as it is stored. */
export interface ConversionRow {
  row: number;
  conversionId: string;
  /** Lower-case uuid, or null when the cell holds no click id of this site. */
  clickId: string | null;
  /** The cell as the file has it (for the error of an unknown click). */
  clickCell: string;
  /** In the site's currency, converted when the row's own is another. */
  commissionCents: number;
  currency: string;
  status: ConversionStatus;
  convertedAt: string;
  /** The file gave a day without a time: convertedAt is that day's UTC midnight, not a moment. */
  dateOnly: boolean;
  /** The row's own amount, currency and the rate it was converted at; null when it was the site's. */
  original: { cents: number; currency: string; rate: number } | null;
}

/** What one unit of a currency is worth in the site's, by ISO code (the owner's, for one file). */
export type Rates = Readonly<Record<string, number>>;

export interface RowError extends Problem {
  row: number;
  column: string | null;
  message: string;
}

/**
 * Every row checked against the mapping and the rules above: the rows as they would be stored, and
 * every problem with the column at fault. A conversion id seen earlier in the file is an error on the
 * later row. Click ids are only read here; whether a click has them is for the caller to ask.
 */
export function readConversions(
  table: CsvTable,
  mapping: ConversionMapping & Record<(typeof REQUIRED_FIELDS)[number], string>,
  siteCurrency: string,
  rates: Rates = {},
): { conversions: ConversionRow[]; errors: RowError[] } {
  const index = (field: ConversionField) => {
    const header = mapping[field];
    return header === undefined || header === "" ? -1 : table.headers.indexOf(header);
  };
  const columns = Object.fromEntries(
    [...REQUIRED_FIELDS, ...OPTIONAL_FIELDS].map((field) => [field, index(field)]),
  ) as Record<ConversionField, number>;
  const conversions: ConversionRow[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of table.rows) {
    const problems: RowError[] = [];
    const fail = (field: ConversionField | null, found: Problem) =>
      problems.push(rowError(row, field ? (mapping[field] ?? null) : null, found));
    if (cells.length > table.headers.length) {
      fail(null, problem("rowWidth", { fields: cells.length, headerFields: table.headers.length }));
      errors.push(...problems);
      continue;
    }
    const cell = (field: ConversionField) => (columns[field] < 0 ? "" : (cells[columns[field]] ?? "").trim());

    const conversionId = cell("conversionId");
    if (!conversionId) fail("conversionId", problem("conversionIdEmpty"));
    else if (conversionId.length > 200) fail("conversionId", problem("conversionIdLong"));
    else if (seen.has(conversionId))
      fail("conversionId", problem("conversionIdRepeated", { value: conversionId, row: seen.get(conversionId)! }));
    else seen.set(conversionId, row);

    const clickCell = cell("clickId");
    const clickId = UUID.test(clickCell) ? clickCell.toLowerCase() : null;

    const amount = parseAmount(cell("commission"));
    if ("error" in amount) fail("commission", cell("commission") ? amount.error : problem("commissionEmpty"));

    const currencyCell = cell("currency").toUpperCase();
    const currency = currencyCell || ("value" in amount ? amount.value.currency : undefined) || siteCurrency;
    if (currencyCell && !/^[A-Z]{3}$/.test(currencyCell))
      fail("currency", problem("notCurrency", { value: quoted(currencyCell) }));
    else if (currency !== siteCurrency && !Object.hasOwn(rates, currency))
      fail(currencyCell ? "currency" : "commission", problem("otherCurrency", { currency, siteCurrency }));
    else if ("value" in amount && amount.value.currency && amount.value.currency !== currency)
      fail("commission", problem("amountCurrency", { amountCurrency: amount.value.currency, currency }));

    const statusCell = cell("status");
    const status: Parsed<ConversionStatus> = statusCell ? parseStatus(statusCell) : { value: "pending" };
    if ("error" in status) fail("status", status.error);

    const at = parseConvertedAt(cell("convertedAt"));
    if ("error" in at) fail("convertedAt", cell("convertedAt") ? at.error : problem("convertedAtEmpty"));

    if (problems.length > 0 || "error" in amount || "error" in status || "error" in at) {
      errors.push(...problems);
      continue;
    }
    const rate = currency === siteCurrency ? null : rates[currency]!;
    conversions.push({
      row,
      conversionId,
      clickId,
      clickCell,
      commissionCents: rate === null ? amount.value.cents : convertedCents(amount.value.cents, rate),
      currency: siteCurrency,
      status: status.value,
      convertedAt: at.value,
      dateOnly: DATE_ONLY.test(cell("convertedAt").trim()),
      original: rate === null ? null : { cents: amount.value.cents, currency, rate },
    });
  }
  return { conversions, errors };
}

/** The first rows as the file has them, by header, for the owner to recognise the columns. */
export function sampleRows(table: CsvTable, count = SAMPLE_ROWS): Record<string, string>[] {
  return table.rows
    .slice(0, count)
    .map(({ cells }) =>
      Object.fromEntries(
        table.headers.map((header, i) => [header, cells[i] ?? ""]).filter(([header]) => header !== ""),
      ),
    );
}

/** Errors in row order, then column order, at most MAX_ROW_ERRORS. */
export function sortedErrors(errors: RowError[]): RowError[] {
  return [...errors].sort((a, b) => a.row - b.row).slice(0, MAX_ROW_ERRORS);
}

export { CsvError };
