import { describe, expect, it } from "vitest";
import {
  exportCsv,
  exportFilename,
  newUnsubscribeToken,
  normalizeEmail,
  validEmail,
  type ExportedSubscriber,
} from "./subscriber.js";

const subscriber = (overrides: Partial<ExportedSubscriber>): ExportedSubscriber => ({
  email: "ana@example.org",
  language: "es",
  status: "confirmed",
  sourcePath: "/es/guia",
  subscribedAt: "2025-01-10T09:12:00.000Z",
  confirmedAt: "2025-01-10T09:15:41.000Z",
  unsubscribedAt: null,
  bouncedAt: null,
  ...overrides,
});

/** The export's rows, without the byte-order mark and the final line break, split on CRLF. */
const rowsOf = (csv: string) => csv.slice(1, -2).split("\r\n");

describe("subscriber rules", () => {
  it("normalises addresses: trimmed and lower-cased", () => {
    expect(normalizeEmail("  Foo@Example.COM \n")).toBe("foo@example.com");
    expect(validEmail(" Foo@Example.com ")).toBe("foo@example.com");
  });

  it("accepts only what the contract's email format accepts", () => {
    for (const bad of [
      "",
      "   ",
      "foo",
      "foo@",
      "@example.com",
      "foo@example",
      "foo bar@example.com",
      "foo@exa mple.com",
    ]) {
      expect(validEmail(bad), bad).toBeUndefined();
    }
    expect(validEmail("first.last+tag@sub.example.co.uk")).toBe("first.last+tag@sub.example.co.uk");
    expect(validEmail(`${"a".repeat(250)}@b.co`)).toBeUndefined();
  });

  it("names the export, a CSV file, by the UTC date", () => {
    expect(exportFilename(new Date("2025-01-31T23:59:59Z"))).toBe("subscribers-2025-01-31.csv");
    expect(exportFilename(new Date("2025-02-01T00:30:00+02:00"))).toBe("subscribers-2025-01-31.csv");
    expect(exportFilename(new Date("2025-01-31T12:00:00Z"), "pending")).toBe("subscribers-pending-2025-01-31.csv");
  });

  it("exports each subscriber's consent record: language, status, dates and the page they signed up on", () => {
    const csv = exportCsv([
      subscriber({}),
      subscriber({
        email: "ben@example.org",
        language: "en",
        status: "unsubscribed",
        sourcePath: null,
        unsubscribedAt: "2025-03-02T10:00:00.000Z",
      }),
    ]);
    // UTF-8 with a byte-order mark and CRLF lines, as the analytics CSV: a spreadsheet reads the accents.
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(rowsOf(csv)).toEqual([
      "email,language,status,subscribed_at,confirmed_at,unsubscribed_at,bounced_at,source_path",
      "ana@example.org,es,confirmed,2025-01-10T09:12:00.000Z,2025-01-10T09:15:41.000Z,,,/es/guia",
      "ben@example.org,en,unsubscribed,2025-01-10T09:12:00.000Z,2025-01-10T09:15:41.000Z,2025-03-02T10:00:00.000Z,,",
    ]);
    expect(rowsOf(exportCsv([]))).toEqual([
      "email,language,status,subscribed_at,confirmed_at,unsubscribed_at,bounced_at,source_path",
    ]);
  });

  it("defuses cells a spreadsheet would run as formulas, and quotes commas and quotes", () => {
    const risky = ["=cmd|'/c calc'!a1@example.org", "+1@example.org", "-sum@example.org", "@sum@example.org"];
    const rows = rowsOf(exportCsv(risky.map((email) => subscriber({ email })))).slice(1);
    expect(rows.map((row) => row.split(",")[0])).toEqual(risky.map((email) => `'${email}`));
    for (const row of rows) expect(row).not.toMatch(/^[=+\-@]/);
    const [path] = rowsOf(exportCsv([subscriber({ sourcePath: '/es/a,"b"' })])).slice(1);
    expect(path).toMatch(/,"\/es\/a,""b"""$/);
  });

  it("makes unguessable unsubscribe tokens", () => {
    const token = newUnsubscribeToken();
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(newUnsubscribeToken()).not.toBe(token);
  });
});
