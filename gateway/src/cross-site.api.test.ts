import { beforeAll, describe, expect, it } from "vitest";
import { operations } from "@rsv/kit";
import { adminCookie, assertMatchesSpec, call, gatewayUrl } from "@rsv/kit/testing";

/**
 * Cookie-authenticated writes must come from the site's own pages: with a valid admin session, a
 * write whose Sec-Fetch-Site or Origin says another site, or that says nothing, is refused (403)
 * before the handler runs. The list of writes is read from the contract.
 */

const adminWrites = [...operations().values()].filter((op) => op.access === "admin" && op.method !== "get");

function concretePath(path: string): string {
  return path
    .replace("{id}", "1")
    .replace("{slug}", "some-slug")
    .replace("{filename}", "0123456789abcdef0123456789abcdef.png");
}

describe("cross-site writes with the admin's cookie", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await adminCookie();
  });

  it("covers every admin write of the contract", () => {
    expect(adminWrites.map((op) => op.operationId)).toEqual(
      expect.arrayContaining(["createProduct", "deleteProduct", "uploadImage", "updateSiteSettings"]),
    );
  });

  const foreign: Array<[string, Record<string, string>]> = [
    ["a foreign Origin", { origin: "https://evil.example.org" }],
    ["a look-alike Origin on another port", { origin: "http://127.0.0.1:1" }],
    // nginx passes on the Host the browser asked for, whatever X-Forwarded-Host the client wrote.
    [
      "a foreign Origin its X-Forwarded-Host names",
      { origin: "http://127.0.0.1:1", "x-forwarded-host": "127.0.0.1:1" },
    ],
    ["Origin null", { origin: "null" }],
    ["no Origin at all", { origin: "" }],
    ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site same-site", { "sec-fetch-site": "same-site" }],
  ];

  it.each(adminWrites.map((op) => [op.operationId, op] as const))("%s is refused from another site", async (id, op) => {
    for (const [what, headers] of foreign) {
      const response = await call(op.method.toUpperCase(), concretePath(op.path), {
        headers: { cookie, ...headers },
        json: op.jsonBody ? {} : undefined,
      });
      expect(response.status, `${id} with ${what}`).toBe(403);
      expect((response.body as { error: { code: string } }).error.code).toBe("forbidden");
      assertMatchesSpec(id, response);
    }
  });

  it("a same-origin write still goes through", async () => {
    const sameOrigin: Array<Record<string, string>> = [
      { "sec-fetch-site": "same-origin" },
      { origin: new URL(gatewayUrl()).origin },
    ];
    for (const headers of sameOrigin) {
      const response = await call("DELETE", "/api/products/2147483000", { headers: { cookie, ...headers } });
      expect(response.status, JSON.stringify(headers)).toBe(404);
    }
  });
});
