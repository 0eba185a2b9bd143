import type {
  AuditEventPage,
  ConversionImport,
  ConversionImportRejected,
  ConversionImportResult,
  Offer,
  Product,
} from "@rsv/api/client";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminCookie, assertMatchesSpec, call, gatewayUrl, rawGet } from "@rsv/kit/testing";

/**
 * The commissions import through the gateway, against clicks made the way visitors make them (a
 * redirect carrying the retailer's sub-ID): what a spreadsheet does to a CSV, duplicates, re-imports,
 * unknown clicks, a bad row among good ones, another currency, and who may import.
 */

const tag = randomUUID().slice(0, 8);
const retailer = `Commission Shop ${tag}`;
const browser = {
  "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.${parseInt(tag, 16) % 10_000}.2 Safari/537.36`,
  accept: "text/html,application/xhtml+xml",
  "accept-language": "en-GB,en;q=0.9",
  "sec-fetch-mode": "navigate",
};
const MAPPING = { clickId: "Click Ref", conversionId: "Transaction ID", commission: "Commission", convertedAt: "Date" };
const HEADER = "Click Ref,Transaction ID,Commission,Date,Status";
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });

let cookie = "";
let editor = "";
let editorEmail = "";
let product: Product;
const clicks: string[] = [];
let n = 0;
/** A network name of each test's own, so what one test stores is nobody else's. */
const network = () => `Network ${tag}-${(n += 1)}`;

const importCsv = async (json: Record<string, unknown>, session = cookie, requestId: string = randomUUID()) => {
  const response = await call<ConversionImportResult & ConversionImportRejected>("POST", "/api/analytics/conversions", {
    json: { fileName: "commissions.csv", mapping: MAPPING, ...json },
    headers: { cookie: session, "x-request-id": requestId },
  });
  assertMatchesSpec("importConversions", response);
  return response;
};

const stored = async (name: string) =>
  (
    await pool.query<{
      conversion_id: string;
      click_id: string | null;
      commission_cents: string;
      currency: string;
      status: string;
      converted_at: Date;
    }>(
      "select conversion_id, click_id, commission_cents, currency, status, converted_at from analytics.conversions where network = $1 order by conversion_id",
      [name],
    )
  ).rows.map((row) => ({
    ...row,
    commission_cents: Number(row.commission_cents),
    converted_at: row.converted_at.toISOString(),
  }));
const importsOf = async (name: string) =>
  Number(
    (await pool.query("select count(*) from analytics.conversion_imports where network = $1", [name])).rows[0].count,
  );

beforeAll(async () => {
  cookie = await adminCookie();
  const created = await call<Product>("POST", "/api/products", {
    headers: { cookie },
    json: {
      name: `Commission Test ${tag}`,
      brand: "Testing Labs",
      potency: "500mg",
      source: "Natural",
      price: "29.50",
      rating: "4.4",
      imageUrl: "/api/images/demo-1.png",
      description: "A product made by the commissions suite.",
      bestFor: "Testing",
    },
  });
  expect(created.status).toBe(201);
  product = created.body;
  const offer = await call<Offer>("POST", "/api/offers", {
    headers: { cookie },
    json: { productId: product.id, retailer, market: "default", url: `https://shop.example/c/${tag}`, price: "9.90" },
  });
  expect(offer.status).toBe(201);
  const template = await call("PUT", `/api/offers/retailers/${encodeURIComponent(retailer)}`, {
    headers: { cookie },
    json: { subIdTemplate: "clickref={clickId}" },
  });
  expect(template.status).toBe(200);
  for (let i = 0; i < 3; i += 1) {
    const go = await rawGet(gatewayUrl(), `/go/${product.slug}/${offer.body.id}`, browser);
    clicks.push(new URL(String(go.headers.location)).searchParams.get("clickref")!);
  }
  // The clicks reach analytics through the catalog's outbox.
  await vi.waitFor(
    async () => {
      const { rows } = await pool.query("select count(*) from analytics.events where uid = any($1::uuid[])", [clicks]);
      if (Number(rows[0].count) !== 3) throw new Error(`${rows[0].count} of 3 clicks in analytics`);
    },
    { timeout: 30_000, interval: 250 },
  );

  editorEmail = `earnings-editor-${tag}@example.com`;
  const invitation = await call<{ link: string }>("POST", "/api/auth/invitations", {
    headers: { cookie },
    json: { email: editorEmail, role: "editor" },
  });
  expect(invitation.status).toBe(201);
  const token = new URL(invitation.body.link).hash.replace("#invitation=", "");
  const accepted = await call("POST", "/api/auth/invitations/accept", {
    json: { token, password: "copper kettles hum beneath orchards" },
  });
  expect(accepted.status).toBe(201);
  editor = (accepted.headers.get("set-cookie") ?? "").split(";")[0]!;
}, 60_000);

afterAll(async () => {
  if (product) await call("DELETE", `/api/products/${product.id}`, { headers: { cookie } });
  await pool.query("delete from catalog.retailers where name = $1", [retailer]);
  await pool.query("delete from auth.admins where email = $1", [editorEmail]);
  await pool.query("delete from auth.invitations where email = $1", [editorEmail]);
  await pool.end();
});

describe("importConversions", () => {
  it("gives a first look at a file: header (byte-order mark dropped), sample rows and a suggested mapping", async () => {
    const name = network();
    const csv = `\uFEFFTransaction ID,Click Ref,Commission Amount,Transaction Date,Commission Status\r\nT-1,${clicks[0]},"1,234.50",2026-03-01,pending\r\n`;
    const response = await importCsv({ network: name, csv, mapping: {} });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      dryRun: true,
      headers: ["Transaction ID", "Click Ref", "Commission Amount", "Transaction Date", "Commission Status"],
      sampleRows: [
        {
          "Transaction ID": "T-1",
          "Click Ref": clicks[0],
          "Commission Amount": "1,234.50",
          "Transaction Date": "2026-03-01",
          "Commission Status": "pending",
        },
      ],
      suggestedMapping: {
        clickId: "Click Ref",
        conversionId: "Transaction ID",
        commission: "Commission Amount",
        convertedAt: "Transaction Date",
        status: "Commission Status",
      },
      rows: 1,
    });
    expect(await importsOf(name)).toBe(0);
  });

  it("imports quoted fields with commas, doubled quotes and line breaks, in one import", async () => {
    const name = network();
    const csv = [
      `${HEADER},Note`,
      `${clicks[0]},"T-1, ""gift""","1,234.50",2026-03-01 10:30,Confirmed,"first line`,
      `second line"`,
      `${clicks[1]},T-2,€3.10,2026-03-02T12:00:00+01:00,open,`,
    ].join("\r\n");
    const dryRunId = `conversions-dry-${tag}`;
    const dry = await importCsv(
      { network: name, csv, dryRun: true, mapping: { ...MAPPING, status: "Status" } },
      cookie,
      dryRunId,
    );
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body.preview).toEqual([
      expect.objectContaining({ row: 2, conversionId: 'T-1, "gift"', commissionCents: 123450, status: "approved" }),
      expect.objectContaining({ row: 3, conversionId: "T-2", commissionCents: 310, status: "pending" }),
    ]);
    expect(await importsOf(name)).toBe(0);
    const importId = `conversions-import-${tag}`;
    const response = await importCsv(
      { network: name, csv, mapping: { ...MAPPING, status: "Status" } },
      cookie,
      importId,
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.import).toMatchObject({
      network: name,
      fileName: "commissions.csv",
      rows: 2,
      imported: 2,
      updated: 0,
      actor: process.env.ADMIN_EMAIL,
    });
    expect(await stored(name)).toEqual([
      {
        conversion_id: 'T-1, "gift"',
        click_id: clicks[0],
        commission_cents: 123450,
        currency: "EUR",
        status: "approved",
        converted_at: "2026-03-01T10:30:00.000Z",
      },
      {
        conversion_id: "T-2",
        click_id: clicks[1],
        commission_cents: 310,
        currency: "EUR",
        status: "pending",
        converted_at: "2026-03-02T11:00:00.000Z",
      },
    ]);
    const history = await call<ConversionImport[]>("GET", "/api/analytics/conversions", { headers: { cookie } });
    assertMatchesSpec("listConversionImports", history);
    expect(history.body.find((each) => each.network === name)).toEqual(response.body.import);
    // The activity log has the import; the dry run before it stored nothing and left no event.
    const logged = async () => {
      const events = await call<AuditEventPage>("GET", "/api/auth/audit-events?action=importConversions&limit=200", {
        headers: { cookie },
      });
      return events.body.events.map((event) => event.requestId);
    };
    await expect.poll(logged, { timeout: 20_000, interval: 250 }).toContain(importId);
    expect(await logged()).not.toContain(dryRunId);
  });

  it("updates a conversion the network exports again, with its new status", async () => {
    const name = network();
    const first = await importCsv({
      network: name,
      csv: `${HEADER}\n${clicks[0]},R-1,5.00,2026-03-01,pending\n`,
      mapping: { ...MAPPING, status: "Status" },
    });
    expect(first.body.import).toMatchObject({ imported: 1, updated: 0 });
    const again = await importCsv({
      network: name,
      csv: `${HEADER}\n${clicks[0]},R-1,"5,00",2026-03-01,reversed\n${clicks[1]},R-2,2.00,2026-03-03,paid\n`,
      mapping: { ...MAPPING, status: "Status" },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.import).toMatchObject({ imported: 1, updated: 1 });
    expect((await stored(name)).map((row) => [row.conversion_id, row.status])).toEqual([
      ["R-1", "declined"],
      ["R-2", "approved"],
    ]);
    // The same network typed in another case and spacing is the same network: its conversion is replaced.
    const respelled = await importCsv({
      network: `  ${name.toUpperCase().replace(" ", "   ")} `,
      csv: `${HEADER}\n${clicks[1]},R-2,3.00,2026-03-03,paid\n`,
    });
    expect(respelled.status, respelled.text).toBe(200);
    expect(respelled.body.import).toMatchObject({ network: name, imported: 0, updated: 1 });
    expect((await stored(name)).map((row) => [row.conversion_id, Number(row.commission_cents)])).toEqual([
      ["R-1", 500],
      ["R-2", 300],
    ]);
    // The same conversion id of another network is another conversion.
    const other = await importCsv({ network: network(), csv: `${HEADER}\n${clicks[2]},R-1,1.00,2026-03-01,paid\n` });
    expect(other.body.import).toMatchObject({ imported: 1, updated: 0 });
  });

  it("names the rows dated before their click, in the dry run and the import, storing them all", async () => {
    const name = network();
    // The clicks were made today: March 2026 is before them, 2099 after, and today's date alone is not.
    const today = new Date().toISOString().slice(0, 10);
    const csv = `${HEADER}\n${clicks[0]},B-1,1.00,2026-03-01,paid\n${clicks[1]},B-2,2.00,2099-01-01,paid\n${clicks[2]},B-3,3.00,${today},paid\n`;
    const dry = await importCsv({ network: name, csv, dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, beforeClick: [2] });
    const stored = await importCsv({ network: name, csv });
    expect(stored.body).toMatchObject({ beforeClick: [2], import: { imported: 3 } });
  });

  it("refuses a conversion id twice in one file, storing nothing", async () => {
    const name = network();
    const response = await importCsv({
      network: name,
      csv: `${HEADER}\n${clicks[0]},D-1,1.00,2026-03-01,\n${clicks[1]},D-2,1.00,2026-03-01,\n${clicks[2]},D-1,2.00,2026-03-01,\n`,
    });
    expect(response.status).toBe(422);
    expect(response.body.rowErrors).toEqual([
      {
        row: 4,
        column: "Transaction ID",
        code: "conversionIdRepeated",
        params: { value: "D-1", row: 2 },
        message: "The conversion id D-1 is also on row 2",
      },
    ]);
    expect(await importsOf(name)).toBe(0);
  });

  it("rejects click ids no click has, or leaves those rows out when told to skip them", async () => {
    const name = network();
    const unknown = randomUUID();
    const csv = `${HEADER}\n${clicks[0]},U-1,1.00,2026-03-01,\n${unknown},U-2,1.00,2026-03-01,\n,U-3,1.00,2026-03-01,\n`;
    const rejected = await importCsv({ network: name, csv });
    expect(rejected.status).toBe(422);
    expect(rejected.body.rowErrors).toEqual([
      {
        row: 3,
        column: "Click Ref",
        code: "unknownClick",
        params: { value: unknown },
        message: `No affiliate click has the id ${unknown}`,
      },
      { row: 4, column: "Click Ref", code: "clickIdEmpty", params: {}, message: "The click id is empty" },
    ]);
    expect(await importsOf(name)).toBe(0);
    const skipped = await importCsv({ network: name, csv, unknownClicks: "skip" });
    expect(skipped.status, skipped.text).toBe(200);
    expect(skipped.body).toMatchObject({ skipped: 2, import: { rows: 3, imported: 1, updated: 0 } });
    expect((await stored(name)).map((row) => row.conversion_id)).toEqual(["U-1"]);
  });

  it("answers every bad row by row and column, and stores nothing when one row in the middle is bad", async () => {
    const name = network();
    const rows = clicks.map((click, i) => `${click},M-${i},1.00,2026-03-01,`);
    rows.splice(1, 0, `${clicks[0]},M-bad,"1,234",2026-02-30,maybe`);
    const response = await importCsv({
      network: name,
      csv: `${HEADER}\n${rows.join("\n")}\n`,
      mapping: { ...MAPPING, status: "Status" },
    });
    expect(response.status).toBe(422);
    expect(response.body.error).toEqual({
      code: "validation_failed",
      message: "1 of 4 rows have problems; nothing was imported",
    });
    expect(response.body.rowErrors).toEqual([
      expect.objectContaining({
        row: 3,
        column: "Commission",
        code: "ambiguousMark",
        params: { value: "1,234", mark: "," },
      }),
      expect.objectContaining({ row: 3, column: "Status", message: expect.stringMatching(/Unknown status "maybe"/) }),
      expect.objectContaining({ row: 3, column: "Date", code: "notDate", params: { value: "2026-02-30" } }),
    ]);
    expect(await stored(name)).toEqual([]);
    expect(await importsOf(name)).toBe(0);
  });

  it("converts commissions in another currency at the rates given with the file, keeping their own amounts", async () => {
    const name = network();
    const csv = `${HEADER},Currency\n${clicks[0]},R-1,10.00,2026-03-01,,USD\n${clicks[1]},R-2,£2.00,2026-03-01,,\n${clicks[2]},R-3,1.00,2026-03-01,,EUR\n`;
    const mapping = { ...MAPPING, currency: "Currency" };
    const refused = await importCsv({ network: name, csv, mapping, rates: { USD: 0.92 } });
    expect(refused.status).toBe(422);
    expect(refused.body.rowErrors).toEqual([
      expect.objectContaining({ row: 3, code: "otherCurrency", params: { currency: "GBP", siteCurrency: "EUR" } }),
    ]);

    const rates = { USD: 0.92, GBP: 1.17 };
    const dryRun = await importCsv({ network: name, csv, mapping, rates, dryRun: true });
    expect(dryRun.status).toBe(200);
    expect(
      dryRun.body.preview?.map((row) => [row.conversionId, row.commissionCents, row.currency, row.original]),
    ).toEqual([
      ["R-1", 920, "EUR", { cents: 1000, currency: "USD", rate: 0.92 }],
      ["R-2", 234, "EUR", { cents: 200, currency: "GBP", rate: 1.17 }],
      ["R-3", 100, "EUR", null],
    ]);
    const imported = await importCsv({ network: name, csv, mapping, rates });
    expect(imported.status).toBe(200);
    const rows = await pool.query<{
      conversion_id: string;
      commission_cents: string;
      currency: string;
      original_cents: string | null;
      original_currency: string | null;
      rate: string | null;
    }>(
      "select conversion_id, commission_cents, currency, original_cents, original_currency, rate from analytics.conversions where network = $1 order by conversion_id",
      [name],
    );
    expect(
      rows.rows.map((row) => ({
        ...row,
        commission_cents: Number(row.commission_cents),
        original_cents: row.original_cents && Number(row.original_cents),
        rate: row.rate && Number(row.rate),
      })),
    ).toEqual([
      {
        conversion_id: "R-1",
        commission_cents: 920,
        currency: "EUR",
        original_cents: 1000,
        original_currency: "USD",
        rate: 0.92,
      },
      {
        conversion_id: "R-2",
        commission_cents: 234,
        currency: "EUR",
        original_cents: 200,
        original_currency: "GBP",
        rate: 1.17,
      },
      {
        conversion_id: "R-3",
        commission_cents: 100,
        currency: "EUR",
        original_cents: null,
        original_currency: null,
        rate: null,
      },
    ]);
  });

  it("refuses a commission in another currency than the site's without a rate for it", async () => {
    const name = network();
    const response = await importCsv({
      network: name,
      csv: `${HEADER},Currency\n${clicks[0]},C-1,1.00,2026-03-01,,EUR\n${clicks[1]},C-2,1.00,2026-03-01,,USD\n${clicks[2]},C-3,$1.00,2026-03-01,,\n`,
      mapping: { ...MAPPING, currency: "Currency" },
    });
    expect(response.status).toBe(422);
    expect(response.body.rowErrors).toEqual([
      expect.objectContaining({
        row: 3,
        column: "Currency",
        message: "The currency USD is not the site's (EUR): give its rate to EUR to convert it",
      }),
      expect.objectContaining({
        row: 4,
        column: "Commission",
        code: "otherCurrency",
        params: { currency: "USD", siteCurrency: "EUR" },
      }),
    ]);
    expect(await importsOf(name)).toBe(0);
  });

  it("answers 400 for a mapping naming no column of the file and for unreadable CSV", async () => {
    const mapped = await importCsv({
      network: network(),
      csv: `${HEADER}\n`,
      mapping: { ...MAPPING, clickId: "subid" },
    });
    expect(mapped.status).toBe(400);
    expect(mapped.text).toContain("body.mapping.clickId");
    const broken = await importCsv({ network: network(), csv: `${HEADER}\n"open,1\n` });
    expect(broken.status).toBe(400);
    expect(broken.text).toContain("body.csv");
  });

  it("is the owner's alone: an editor is refused, a visitor asked to sign in", async () => {
    const name = network();
    const csv = `${HEADER}\n${clicks[0]},E-1,1.00,2026-03-01,\n`;
    expect((await importCsv({ network: name, csv }, editor)).status).toBe(403);
    expect((await call("GET", "/api/analytics/conversions", { headers: { cookie: editor } })).status).toBe(403);
    const anonymous = await call("POST", "/api/analytics/conversions", {
      json: { network: name, fileName: "a.csv", csv },
    });
    expect(anonymous.status).toBe(401);
    assertMatchesSpec("importConversions", anonymous);
    expect((await call("GET", "/api/analytics/conversions")).status).toBe(401);
    expect(await importsOf(name)).toBe(0);
  });

  it("takes a file of several megabytes through the gateway", async () => {
    const name = network();
    const filler = "x".repeat(300);
    const lines = Array.from({ length: 10_000 }, (_, i) => `${clicks[i % 3]},B-${i},1.00,2026-03-01,,${filler}`);
    const csv = `${HEADER},Note\n${lines.join("\n")}\n`;
    expect(csv.length).toBeGreaterThan(3_000_000);
    const response = await importCsv({ network: name, csv });
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.body.import).toMatchObject({ rows: 10_000, imported: 10_000 });
  });
});
