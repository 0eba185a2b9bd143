import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsReport } from "@rsv/api/client";
import pg from "pg";
import { contractOperations, rolesOf, type ContractOperation } from "@rsv/kit";
import { adminCookie, assertMatchesSpec, call } from "@rsv/kit/testing";

/**
 * Reads the contract and signs in as an editor: every admin operation whose x-role leaves editors out
 * answers 403 before it looks at the request (so any path value and an empty body do), and the
 * editor's own operations let them through.
 */

const admin = contractOperations().filter((op) => op.operationId && rolesOf(op));
const ownerOnly = admin.filter((op) => !rolesOf(op)!.includes("editor"));
const forEditors = admin.filter((op) => rolesOf(op)!.includes("editor"));

/** Every path parameter filled with a value of its type; the role is refused before it is validated. */
const concretePath = (op: ContractOperation) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = op.parameters.find((each) => each.name === name && each.in === "path");
    return parameter?.schema?.type === "integer" ? "1" : "some-value";
  });
const hasBody = (op: ContractOperation) => op.requestBody !== undefined;

let editor = "";
let email = "";

beforeAll(async () => {
  const owner = await adminCookie();
  email = `roles-walk-${Date.now().toString(36)}@example.com`;
  const invitation = await call<{ link: string }>("POST", "/api/auth/invitations", {
    headers: { cookie: owner },
    json: { email, role: "editor" },
  });
  expect(invitation.status).toBe(201);
  const token = new URL(invitation.body.link).hash.replace("#invitation=", "");
  const accepted = await call("POST", "/api/auth/invitations/accept", {
    json: { token, password: "copper kettles hum beneath orchards" },
  });
  expect(accepted.status).toBe(201);
  editor = (accepted.headers.get("set-cookie") ?? "").split(";")[0]!;
});

afterAll(async () => {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await db.query("delete from auth.admins where email = $1", [email]);
  await db.query("delete from auth.invitations where email = $1", [email]);
  await db.end();
});

describe("an editor", () => {
  it("is refused more than a handful of operations, settings and accounts among them", () => {
    expect(ownerOnly.map((op) => op.operationId)).toEqual(
      expect.arrayContaining(["updateSiteSettings", "listSubscribers", "listAccounts", "createInvitation"]),
    );
  });

  it.each(ownerOnly.map((op) => [op.operationId!, op] as const))("is answered 403 by %s", async (id, op) => {
    const response = await call(op.method.toUpperCase(), concretePath(op), {
      headers: { cookie: editor },
      json: hasBody(op) ? {} : undefined,
    });
    expect(response.status, id).toBe(403);
    expect(response.body).toMatchObject({ error: { code: "forbidden", message: expect.any(String) } });
    assertMatchesSpec(id, response);
  });

  it("reads the reports without what the commissions earned, which are the owner's", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const path = `/api/analytics/report?from=${today}&to=${today}&breakdown=retailer`;
    const seen = await call<AnalyticsReport>("GET", path, { headers: { cookie: editor } });
    expect(seen.status).toBe(200);
    assertMatchesSpec("getAnalyticsReport", seen);
    expect(seen.body.totals).toMatchObject({ conversions: null, revenue: null, epc: null });
    expect(seen.body.previous.totals).toMatchObject({ conversions: null, revenue: null, epc: null });
    expect(typeof seen.body.totals.clicks).toBe("number");
    const csv = await call("GET", `${path}&format=csv`, { headers: { cookie: editor } });
    expect(csv.text.split("\r\n")[0]).toBe(
      "retailer,label,views,visitors,clicks,ctr,previous_views,previous_visitors,previous_clicks,previous_ctr",
    );
    const owned = await call<AnalyticsReport>("GET", path, { headers: { cookie: await adminCookie() } });
    expect(owned.body.totals).toMatchObject({ conversions: expect.any(Number), revenue: expect.any(Number) });
  });

  it("reads the history of posts, products and pages but not of the settings", async () => {
    for (const path of ["/api/revisions/settings/site"]) {
      const refused = await call("GET", path, { headers: { cookie: editor } });
      expect(refused.status, path).toBe(403);
      assertMatchesSpec("listRevisions", refused);
      const restore = await call("POST", `${path}/1/restore`, { headers: { cookie: editor } });
      expect(restore.status, path).toBe(403);
    }
    for (const path of ["/api/revisions/post/1", "/api/revisions/product/1", "/api/revisions/page/faq.en"]) {
      const allowed = await call("GET", path, { headers: { cookie: editor } });
      expect([401, 403], `${path} answered ${allowed.status}`).not.toContain(allowed.status);
      assertMatchesSpec("listRevisions", allowed);
    }
  });

  // Reads change nothing, so all of them; of the writes, ones whose empty body stops at validation.
  const sample = [
    ...forEditors.filter((op) => op.method === "get"),
    ...forEditors.filter((op) =>
      ["createProduct", "createOffer", "createBlogPost", "updateProduct"].includes(op.operationId!),
    ),
  ];

  it("is let through to the editor's reads and writes", () => {
    expect(sample.map((op) => op.operationId)).toEqual(
      expect.arrayContaining(["getSession", "listImages", "getAnalyticsSummary", "listOffers", "createProduct"]),
    );
  });

  it.each(sample.map((op) => [op.operationId!, op] as const))("is let through by %s", async (id, op) => {
    const response = await call(op.method.toUpperCase(), concretePath(op), {
      headers: { cookie: editor },
      json: hasBody(op) ? {} : undefined,
    });
    expect([401, 403], `${id} answered ${response.status}: ${response.text.slice(0, 200)}`).not.toContain(
      response.status,
    );
    expect(response.status, id).toBeLessThan(500);
    assertMatchesSpec(id, response);
  });
});
