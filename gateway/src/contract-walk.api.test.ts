import { createHash } from "node:crypto";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { operations } from "@rsv/kit";
import { adminCookie, assertMatchesSpec, call } from "@rsv/kit/testing";

/**
 * Walks every operation of openapi.yaml through the real gateway: admin operations refuse callers
 * without a valid session, and bad input of any kind is a 4xx in the error envelope, never a 5xx.
 */

const all = [...operations().values()];
const admin = all.filter((op) => op.access === "admin");
const withJsonBody = all.filter((op) => op.jsonBody);

function concretePath(path: string): string {
  return path
    .replace("{id}", "1")
    .replace("{slug}", "some-slug")
    .replace("{filename}", "0123456789abcdef0123456789abcdef.png");
}

function expectEnvelope(body: unknown, status: number) {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
}

describe("admin operations", () => {
  it("are all marked in the contract", () => {
    const ids = admin.map((op) => op.operationId);
    for (const id of [
      "createProduct",
      "updateProduct",
      "deleteProduct",
      "listSubscribers",
      "getAnalyticsSummary",
      "uploadImage",
      "updateSiteSettings",
    ]) {
      expect(ids).toContain(id);
    }
  });

  // A real session, then its id tampered with; one expired on the server; one used after logout.
  const cookies: Record<string, string | undefined> = { none: undefined, forged: "rsv_session=forged-session-id" };
  beforeAll(async () => {
    const tamper = (cookie: string) => cookie.slice(0, -4) + (cookie.endsWith("AAAA") ? "BBBB" : "AAAA");
    cookies.tampered = tamper(await adminCookie());
    const expiring = await adminCookie();
    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    const id = expiring.slice("rsv_session=".length);
    const hash = createHash("sha256").update(id).digest("hex");
    const expired = await db.query(
      "update auth.sessions set expires_at = now() - interval '1 second' where id_hash = $1",
      [hash],
    );
    await db.end();
    expect(expired.rowCount).toBe(1);
    cookies.expired = expiring;
    const leaving = await adminCookie();
    expect((await call("POST", "/api/auth/logout", { headers: { cookie: leaving } })).status).toBe(204);
    cookies.loggedOut = leaving;
  });

  it.each(admin.map((op) => [op.operationId, op] as const))(
    "%s answers 401 without a valid session",
    async (id, op) => {
      for (const [kind, cookie] of Object.entries(cookies)) {
        const response = await call(op.method.toUpperCase(), concretePath(op.path), {
          headers: cookie ? { cookie } : {},
          json: op.jsonBody ? {} : undefined,
        });
        expect(response.status, `${id} with a ${kind} cookie`).toBe(401);
        expect((response.body as { error: { code: string } }).error.code).toBe("unauthorized");
        assertMatchesSpec(id, response);
      }
    },
  );

  it("the draft-including blog list is admin-only too", async () => {
    const response = await call("GET", "/api/blog");
    expect(response.status).toBe(401);
  });
});

describe("bad input", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await adminCookie();
  });

  const badBodies: Array<[string, string]> = [
    ["an unknown field", JSON.stringify({ definitelyNotAField: 1 })],
    ["an array", "[1,2,3]"],
    ["malformed JSON", '{"email": '],
    ["a string", '"hello"'],
  ];

  it.each(withJsonBody.map((op) => [op.operationId, op] as const))("%s answers 4xx to bad bodies", async (id, op) => {
    for (const [what, body] of badBodies) {
      const response = await call(op.method.toUpperCase(), concretePath(op.path), {
        body,
        headers: { "content-type": "application/json", cookie },
      });
      expectEnvelope(response.body, response.status);
      expect(response.status, `${id} with ${what}`).toBe(400);
      assertMatchesSpec(id, response);
    }
  });

  it.each(all.filter((op) => op.path.includes("{id}")).map((op) => [op.operationId, op] as const))(
    "%s answers 400 to a non-numeric id",
    async (id, op) => {
      const response = await call(op.method.toUpperCase(), op.path.replace("{id}", "not-a-number"), {
        headers: { cookie },
        json: op.jsonBody ? {} : undefined,
      });
      expect(response.status, id).toBe(400);
      expectEnvelope(response.body, response.status);
    },
  );

  it("a query parameter outside its enum is a 400", async () => {
    for (const path of [
      "/api/products?sort=random",
      "/api/products?lang=fr",
      "/api/products/facets?price=cheap",
      "/api/blog?published=true&lang=de",
    ]) {
      const response = await call("GET", path);
      expect(response.status, path).toBe(400);
      expectEnvelope(response.body, response.status);
    }
  });
});
