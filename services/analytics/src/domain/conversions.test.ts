import { describe, expect, it } from "vitest";
import {
  CsvUnreadable,
  parseAmount,
  convertedCents,
  datedBeforeClick,
  parseConvertedAt,
  parseStatus,
  readConversions,
  readCsv,
  sampleRows,
  rowError,
  suggestMapping,
} from "./conversions.js";

/** The amount in cents, or the problem's words in English. */
const cents = (text: string) => {
  const parsed = parseAmount(text);
  return "value" in parsed ? parsed.value.cents : rowError(1, null, parsed.error).message;
};

describe("commission amounts", () => {
  it("reads the ways networks and spreadsheets write money", () => {
    expect(cents("12.50")).toBe(1250);
    expect(cents("12,50")).toBe(1250);
    expect(cents("12,5")).toBe(1250);
    expect(cents("12")).toBe(1200);
    expect(cents("1,234.56")).toBe(123456);
    expect(cents("1.234,56")).toBe(123456);
    expect(cents("1 234,56")).toBe(123456);
    expect(cents("1,234,567")).toBe(123456700);
    expect(cents("€12.50")).toBe(1250);
    expect(cents("12,50 €")).toBe(1250);
    expect(cents("EUR 3.10")).toBe(310);
    expect(cents("-3.10")).toBe(-310);
    expect(cents("0.05")).toBe(5);
    expect(parseAmount("€12.50")).toEqual({ value: { cents: 1250, currency: "EUR" } });
    expect(parseAmount("$1.00")).toEqual({ value: { cents: 100, currency: "USD" } });
  });

  it("refuses what could be read two ways or is not a number", () => {
    expect(cents("1,234")).toMatch(/ambiguous/);
    expect(cents("1.234")).toMatch(/ambiguous/);
    expect(cents("12.345")).toMatch(/ambiguous/);
    expect(cents("1234.567")).toMatch(/more than two decimals/);
    expect(cents("1,234.567")).toMatch(/more than two decimals/);
    expect(cents("1.234.56")).toMatch(/misplaced|not an amount/);
    expect(cents("1.2,3.4")).toMatch(/mixes/);
    expect(cents("12,34,56")).toMatch(/misplaced/);
    expect(cents("abc")).toMatch(/not an amount/);
    expect(cents("")).toMatch(/not an amount/);
    expect(cents("12.")).toMatch(/not an amount/);
    expect(cents("1e5")).toMatch(/not an amount/);
  });
});

describe("statuses and times", () => {
  it("maps network words to three statuses", () => {
    for (const word of ["approved", "Confirmed", "PAID", "locked"])
      expect(parseStatus(word)).toEqual({ value: "approved" });
    for (const word of ["pending", "Open"]) expect(parseStatus(word)).toEqual({ value: "pending" });
    for (const word of ["declined", "rejected", "Cancelled", "reversed"])
      expect(parseStatus(word)).toEqual({ value: "declined" });
    expect(parseStatus("maybe")).toHaveProperty("error");
  });

  it("reads ISO 8601 and spreadsheet times, UTC without an offset", () => {
    expect(parseConvertedAt("2026-03-01")).toEqual({ value: "2026-03-01T00:00:00.000Z" });
    expect(parseConvertedAt("2026-03-01 10:30")).toEqual({ value: "2026-03-01T10:30:00.000Z" });
    expect(parseConvertedAt("2026-03-01 10:30:15")).toEqual({ value: "2026-03-01T10:30:15.000Z" });
    expect(parseConvertedAt("2026-03-01T10:30:15.250Z")).toEqual({ value: "2026-03-01T10:30:15.250Z" });
    expect(parseConvertedAt("2026-03-01T10:30:00+01:00")).toEqual({ value: "2026-03-01T09:30:00.000Z" });
    expect(parseConvertedAt("2026-03-01T10:30:00-0230")).toEqual({ value: "2026-03-01T13:00:00.000Z" });
    expect(parseConvertedAt("9999-12-31T23:59:59+23:59")).toEqual({ value: "9999-12-31T00:00:59.000Z" });
    // Shifted into the year 10000 (PostgreSQL refused it: the import's 500), or before 1970.
    for (const bad of ["9999-12-31T23:59:59-23:59", "1969-12-31T23:00:00Z", "1970-01-01T00:30:00+01:00"])
      expect(parseConvertedAt(bad), bad).toHaveProperty("error");
    for (const bad of ["2026-02-30", "01/03/2026", "2026-03-01 25:00", "2026-03-01Z", "yesterday", ""])
      expect(parseConvertedAt(bad), bad).toHaveProperty("error");
  });
});

describe("reading a commissions file", () => {
  it("refuses a header of more columns than any network's export has", () => {
    expect(readCsv(`${Array.from({ length: 200 }, (_, i) => `c${i}`).join(",")}\nx\n`).headers).toHaveLength(200);
    expect(() => readCsv(`${"h,".repeat(200)}h\nx\n`)).toThrow(/201 columns; a commissions file has at most 200/);
  });

  it("handles a byte-order mark, quoted commas, doubled quotes and line breaks, and numbers rows as a spreadsheet", () => {
    const table = readCsv(
      '\uFEFFClick Ref,Transaction ID,Commission,Date,Note\r\nabc,"T-1","1,234.50",2026-03-01,"said ""hi"",\nthen left"\r\n\r\nxyz,T-2,3.00,2026-03-02,plain\r\n',
    );
    expect(table.headers).toEqual(["Click Ref", "Transaction ID", "Commission", "Date", "Note"]);
    expect(table.rows).toEqual([
      { row: 2, cells: ["abc", "T-1", "1,234.50", "2026-03-01", 'said "hi",\nthen left'] },
      { row: 4, cells: ["xyz", "T-2", "3.00", "2026-03-02", "plain"] },
    ]);
    expect(sampleRows(table, 1)).toEqual([
      {
        "Click Ref": "abc",
        "Transaction ID": "T-1",
        Commission: "1,234.50",
        Date: "2026-03-01",
        Note: 'said "hi",\nthen left',
      },
    ]);
  });

  it("reads semicolon-separated files and refuses unreadable ones", () => {
    expect(readCsv("subid;id;commission\na;b;12,50\n").rows[0]?.cells).toEqual(["a", "b", "12,50"]);
    expect(() => readCsv('a,b\n"open,1\n')).toThrow(CsvUnreadable);
    expect(() => readCsv("\n")).toThrow(CsvUnreadable);
  });

  it("suggests a mapping from the header names networks use", () => {
    expect(
      suggestMapping([
        "Transaction ID",
        "Click Ref",
        "Commission Amount",
        "Transaction Date",
        "Commission Status",
        "Currency",
      ]),
    ).toEqual({
      clickId: "Click Ref",
      conversionId: "Transaction ID",
      commission: "Commission Amount",
      convertedAt: "Transaction Date",
      status: "Commission Status",
      currency: "Currency",
    });
    expect(suggestMapping(["Action Id", "SubId1", "Payout", "Action Date", "State"])).toEqual({
      clickId: "SubId1",
      conversionId: "Action Id",
      commission: "Payout",
      convertedAt: "Action Date",
      status: "State",
    });
    expect(suggestMapping(["sub_id", "Order ID", "commission (EUR)", "date"])).toMatchObject({
      clickId: "sub_id",
      conversionId: "Order ID",
      commission: "commission (EUR)",
      convertedAt: "date",
    });
    expect(suggestMapping(["foo", "bar"])).toEqual({});
  });

  it("checks every row and names the column at fault", () => {
    const click = "0B6C3C1E-4A61-4C2E-9A55-1D1F0F7B2A10";
    const table = readCsv(
      [
        "sub,id,amount,when,status,cur",
        `${click},A,12.50,2026-03-01 10:00,confirmed,EUR`,
        `${click},A,1.00,2026-03-01,pending,EUR`,
        "not-a-uuid,B,1,234,2026-03-01,open,eur",
        "x,C,abc,2026-13-01,maybe,USD",
        "x,D,€1.00,2026-03-01,,",
        "x,E,$1.00,2026-03-01,,",
      ].join("\n"),
    );
    const mapping = {
      clickId: "sub",
      conversionId: "id",
      commission: "amount",
      convertedAt: "when",
      status: "status",
      currency: "cur",
    };
    const { conversions, errors } = readConversions(table, mapping, "EUR");
    expect(conversions).toEqual([
      {
        row: 2,
        conversionId: "A",
        clickId: click.toLowerCase(),
        clickCell: click,
        commissionCents: 1250,
        currency: "EUR",
        status: "approved",
        convertedAt: "2026-03-01T10:00:00.000Z",
        dateOnly: false,
        original: null,
      },
      expect.objectContaining({ row: 6, conversionId: "D", clickId: null, status: "pending", currency: "EUR" }),
    ]);
    // Each with its code and what its words name, for the admin to say in its language.
    expect(errors).toEqual([
      {
        row: 3,
        column: "id",
        code: "conversionIdRepeated",
        params: { value: "A", row: 2 },
        message: "The conversion id A is also on row 2",
      },
      {
        row: 4,
        column: null,
        code: "rowWidth",
        params: { fields: 7, headerFields: 6 },
        message: "The row has 7 fields, the header 6",
      },
      { row: 5, column: "amount", code: "notAmount", params: { value: "abc" }, message: '"abc" is not an amount' },
      {
        row: 5,
        column: "cur",
        code: "otherCurrency",
        params: { currency: "USD", siteCurrency: "EUR" },
        message: "The currency USD is not the site's (EUR): give its rate to EUR to convert it",
      },
      expect.objectContaining({
        row: 5,
        column: "status",
        code: "unknownStatus",
        params: { value: "maybe" },
        message: expect.stringMatching(/Unknown status "maybe"/),
      }),
      expect.objectContaining({
        row: 5,
        column: "when",
        code: "notDate",
        message: expect.stringMatching(/is not a date/),
      }),
      expect.objectContaining({ row: 7, column: "amount", code: "otherCurrency" }),
    ]);
  });

  it("converts a row in another currency at the owner's rate, keeping its own amount beside it", () => {
    const table = readCsv(
      [
        "sub,id,amount,when,cur",
        "x,US1,$10.00,2026-03-01,",
        "x,US2,0.05,2026-03-01,USD",
        "x,UK1,£3.33,2026-03-01,GBP",
        "x,REV,-7.50,2026-03-01,USD",
        "x,EU1,4.00,2026-03-01,EUR",
      ].join("\n"),
    );
    const mapping = { clickId: "sub", conversionId: "id", commission: "amount", convertedAt: "when", currency: "cur" };
    const converted = readConversions(table, mapping, "EUR", { USD: 0.92, GBP: 1.1875 });
    expect(converted.errors).toEqual([]);
    expect(
      converted.conversions.map(({ conversionId, commissionCents, currency, original }) => ({
        conversionId,
        commissionCents,
        currency,
        original,
      })),
    ).toEqual([
      {
        conversionId: "US1",
        commissionCents: 920,
        currency: "EUR",
        original: { cents: 1000, currency: "USD", rate: 0.92 },
      },
      // 4.6 cents: to the cent, half away from zero, on both sides of zero.
      { conversionId: "US2", commissionCents: 5, currency: "EUR", original: { cents: 5, currency: "USD", rate: 0.92 } },
      {
        conversionId: "UK1",
        commissionCents: 395,
        currency: "EUR",
        original: { cents: 333, currency: "GBP", rate: 1.1875 },
      },
      {
        conversionId: "REV",
        commissionCents: -690,
        currency: "EUR",
        original: { cents: -750, currency: "USD", rate: 0.92 },
      },
      { conversionId: "EU1", commissionCents: 400, currency: "EUR", original: null },
    ]);
    // A currency without a rate is still refused, naming it.
    const unrated = readConversions(table, mapping, "EUR", { USD: 0.92 });
    expect(unrated.errors).toEqual([
      expect.objectContaining({ row: 4, code: "otherCurrency", params: { currency: "GBP", siteCurrency: "EUR" } }),
    ]);
  });

  it("takes a day without a time as before its click only once that day had ended everywhere", () => {
    const click = new Date("2026-03-02T05:00:00Z");
    // The network's 1 March may be the click's own day where the network keeps its books (UTC-8).
    expect(datedBeforeClick({ convertedAt: "2026-03-01T00:00:00.000Z", dateOnly: true }, click)).toBe(false);
    expect(datedBeforeClick({ convertedAt: "2026-02-28T00:00:00.000Z", dateOnly: true }, click)).toBe(true);
    expect(datedBeforeClick({ convertedAt: "2026-03-02T04:59:00.000Z", dateOnly: false }, click)).toBe(true);
    expect(datedBeforeClick({ convertedAt: "2026-03-02T05:00:00.000Z", dateOnly: false }, click)).toBe(false);
    const table = readCsv("sub,id,amount,when\nx,A,1.00,2026-03-01\nx,B,1.00,2026-03-01 10:00\n");
    const mapping = { clickId: "sub", conversionId: "id", commission: "amount", convertedAt: "when" };
    expect(readConversions(table, mapping, "EUR").conversions.map((row) => row.dateOnly)).toEqual([true, false]);
  });

  it("converts to the cent exactly, halves away from zero, where floating point falls short", () => {
    // 50 × 1.15 is 57.4999… in floating point; 850 × 1.17 is 994.4999…; 100 × 1.005 is 100.4999….
    expect(convertedCents(50, 1.15)).toBe(58);
    expect(convertedCents(850, 1.17)).toBe(995);
    expect(convertedCents(100, 1.005)).toBe(101);
    expect(convertedCents(-50, 1.15)).toBe(-58);
    expect(convertedCents(1000, 0.92)).toBe(920);
    expect(convertedCents(0, 3)).toBe(0);
    expect(convertedCents(12_345_678_901, 0.12345678)).toBe(1_524_157_764);
  });
});
