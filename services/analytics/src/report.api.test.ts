import { randomUUID } from "node:crypto";
import type { AnalyticsReport, Product } from "@rsv/api/client";
import { adminCookie, assertMatchesSpec, call, gatewayUrl, rawGet, firstMade } from "@rsv/kit/testing";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The report through the gateway: a visit that arrives from a tagged newsletter link, reads a review
 * and follows the comparison table's buy link is credited, click included, to that source, campaign,
 * page, product and placement.
 */

const tag = randomUUID().slice(0, 8);
// A browser's user agent of its own, so this test's visitor is nobody else's.
const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.${parseInt(tag, 16) % 10_000}.0 Safari/537.36`;
const today = new Date().toISOString().slice(0, 10);

let cookie = "";
let product: Product;

const report = async (query: string) => {
  const response = await call<AnalyticsReport>("GET", `/api/analytics/report?${query}`, { headers: { cookie } });
  assertMatchesSpec("getAnalyticsReport", response);
  expect(response.status, response.text).toBe(200);
  return response.body;
};

beforeAll(async () => {
  cookie = await adminCookie();
  product = firstMade((await call<Product[]>("GET", "/api/products")).body);
  const view = await call("POST", "/api/analytics/track", {
    json: {
      eventType: "page_view",
      eventData: {
        page: `/review/${product.slug}?utm_source=Report-${tag}`,
        referrer: "https://news.example/issue-12",
        utm: { source: `Report-${tag}`, medium: "email", campaign: tag },
        timestamp: new Date().toISOString(),
      },
      productId: null,
    },
    headers: { "user-agent": userAgent },
  });
  expect(view.status, view.text).toBe(202);
  // As a browser following the link sends it (Node's fetch would say Sec-Fetch-Mode "cors", not counted).
  const go = await rawGet(gatewayUrl(), `/go/${product.slug}?from=comparison-table`, {
    "user-agent": userAgent,
    accept: "text/html,application/xhtml+xml",
    "accept-language": "en-GB,en;q=0.9",
    "sec-fetch-mode": "navigate",
  });
  expect(go.status).toBe(302);
});

describe("getAnalyticsReport", () => {
  it("credits the click to the visit's source, campaign, page, product and placement", async () => {
    const filter = `from=${today}&to=${today}&campaign=${tag}`;
    await expect
      .poll(async () => (await report(`${filter}&breakdown=source`)).totals, { timeout: 30_000, interval: 500 })
      .toEqual({ views: 1, visitors: 1, clicks: 1, ctr: 1, conversions: 0, revenue: 0, epc: 0 });
    const bySource = await report(`${filter}&breakdown=source`);
    expect(bySource.rows.map(({ key, views, clicks }) => [key, views, clicks])).toEqual([[`report-${tag}`, 1, 1]]);
    expect(bySource.series).toHaveLength(24);
    expect((await report(`${filter}&breakdown=page`)).rows.map((row) => row.key)).toEqual([`/review/${product.slug}`]);
    const byProduct = await report(`${filter}&breakdown=product`);
    expect(byProduct.rows.map(({ key, label, ctr }) => [key, label, ctr])).toEqual([[product.slug, product.name, 1]]);
    const byPlacement = await report(`${filter}&breakdown=placement`);
    expect(byPlacement.rows.map(({ key, views, clicks }) => [key, views, clicks])).toEqual([
      ["(none)", 1, 0],
      ["comparison-table", 0, 1],
    ]);
    expect((await report(`${filter}&breakdown=medium`)).rows.map((row) => row.key)).toEqual(["email"]);
  });

  it("downloads a breakdown as CSV", async () => {
    const query = `from=${today}&to=${today}&campaign=${tag}&breakdown=placement&format=csv`;
    const response = await rawGet(gatewayUrl(), `/api/analytics/report?${query}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    // Named with its filter, so differently filtered downloads do not share a name.
    expect(response.headers["content-disposition"]).toContain(`report-placement-${today}-${today}-campaign-${tag}.csv`);
    // A byte-order mark first, so spreadsheets read the file as UTF-8.
    expect([...response.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe(
      "placement,label,views,visitors,clicks,ctr,conversions,revenue_eur,epc," +
        "previous_views,previous_visitors,previous_clicks,previous_ctr,previous_conversions,previous_revenue_eur,previous_epc",
    );
    expect(lines).toContain("comparison-table,comparison-table,0,1,1,,0,0,0,0,0,0,,0,0,");
    // The page view, which has no placement: empty key and label cells, in any language, not "(none)".
    expect(lines).toContain(",,1,1,0,0,0,0,,0,0,0,,0,0,");
    expect(lines.join("\n")).not.toContain("(none)");
  });

  it("credits a network's commission for the click to its placement, campaign and product, with EPC", async () => {
    const filter = `from=${today}&to=${today}&campaign=${tag}`;
    await expect.poll(async () => (await report(`${filter}&breakdown=placement`)).totals.clicks).toBe(1);
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    const click = (
      await pool.query<{ uid: string }>(
        "select uid::text from analytics.events where event_type = 'affiliate_click' and campaign = $1",
        [tag],
      )
    ).rows[0]!.uid;
    await pool.end();
    const imported = await call("POST", "/api/analytics/conversions", {
      headers: { cookie },
      json: {
        network: `Report network ${tag}`,
        fileName: "commissions.csv",
        csv: `Click,Order,Commission,Date,Status\r\n${click},order-${tag},"12,50",${today},approved\r\n`,
        mapping: {
          clickId: "Click",
          conversionId: "Order",
          commission: "Commission",
          convertedAt: "Date",
          status: "Status",
        },
      },
    });
    expect(imported.status, imported.text).toBe(200);
    const byPlacement = await report(`${filter}&breakdown=placement`);
    expect(byPlacement.currency).toBe("EUR");
    expect(byPlacement.rows.find((row) => row.key === "comparison-table")).toMatchObject({
      clicks: 1,
      conversions: 1,
      revenue: 12.5,
      epc: 12.5,
    });
    expect(byPlacement.totals).toMatchObject({ conversions: 1, revenue: 12.5, epc: 12.5 });
    const byProduct = await report(`${filter}&breakdown=product`);
    expect(byProduct.rows.map(({ key, revenue }) => [key, revenue])).toEqual([[product.slug, 12.5]]);
  });

  it("is for admins only, and refuses a range backwards, too long, out of its years or not made of dates", async () => {
    expect((await call("GET", `/api/analytics/report?from=${today}&to=${today}&breakdown=page`)).status).toBe(401);
    const refused = async (query: string) =>
      (await call("GET", `/api/analytics/report?${query}`, { headers: { cookie } })).status;
    expect(await refused("from=2026-11-02&to=2026-11-01&breakdown=page")).toBe(400);
    expect(await refused("from=2000-01-01&to=2026-11-01&breakdown=page")).toBe(400);
    expect(await refused("from=yesterday&to=2026-11-01&breakdown=page")).toBe(400);
    // Dates the format allows but the calendar arithmetic does not: answered at once, not after seconds.
    expect(await refused("from=9999-12-02&to=9999-12-31&breakdown=page")).toBe(400);
    expect(await refused("from=0001-01-01&to=0001-01-31&breakdown=source")).toBe(400);
    expect(await refused("from=1999-12-31&to=2000-01-01&breakdown=source&format=csv")).toBe(400);
    expect(await refused(`from=${today}&to=${today}&breakdown=colour`)).toBe(400);
  });
});
