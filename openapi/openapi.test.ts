import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { generateSchemaSource, schemaPath } from "./scripts/generate-lib";
import { runRedocly } from "./scripts/redocly";
import { ApiError, createApiClient, unwrap } from "./src/client";
import { loadSpec } from "./src/spec";
import { contractOperations, type ContractOperation as Operation } from "@rsv/kit/contract";

const ADMIN_ONLY = new Set([
  "getAnalyticsReport",
  "getAnalyticsTimeZone",
  "listOutbox",
  "listCampaigns",
  "createCampaign",
  "getCampaign",
  "updateCampaign",
  "sendCampaign",
  "sendTestEmail",
  "pauseCampaign",
  "resumeCampaign",
  "cancelCampaign",
  "listRevisions",
  "restoreRevision",
  "createPreviewLink",
  "createProduct",
  "updateProduct",
  "deleteProduct",
  "listOffers",
  "createOffer",
  "updateOffer",
  "deleteOffer",
  "checkOffers",
  "getOfferCheckRun",
  "getLinkCheckSettings",
  "updateLinkCheckSettings",
  "listRetailers",
  "updateRetailer",
  "importConversions",
  "listConversionImports",
  "getBlogPost",
  "createBlogPost",
  "updateBlogPost",
  "deleteBlogPost",
  "updateSiteSettings",
  "listPages",
  "updatePage",
  "listSubscribers",
  "deleteSubscriber",
  "exportSubscribers",
  "listImages",
  "uploadImage",
  "deleteImage",
  "getAnalyticsSummary",
  "logout",
  "getSession",
  "changePassword",
  "logoutEverywhere",
  "listAccounts",
  "updateAccount",
  "deleteAccount",
  "listInvitations",
  "createInvitation",
  "revokeInvitation",
  "listAuditEvents",
]);
// Public for published posts and public products, admin for drafts and what is scheduled.
const OPTIONAL_ADMIN = new Set(["listBlogPosts", "getBlogPostBySlug", "listProducts"]);
// Public reads with no parameters, no body and no addressed resource: no 4xx is possible
// (listed with the same reason in .redocly.lint-ignore.yaml).
const NO_CLIENT_ERRORS = new Set(["getSiteSettings", "getRecentActivity"]);
const OPERATIONAL_TAGS = new Set(["health", "docs"]);
const TAGS = new Set([
  "catalog",
  "content",
  "revisions",
  "newsletter",
  "media",
  "analytics",
  "chat",
  "auth",
  ...OPERATIONAL_TAGS,
]);

const ops = contractOperations();
const label = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;
const takesInput = (op: Operation) => op.requestBody !== undefined || op.parameters.length > 0;

describe("openapi.yaml", () => {
  it("lints with no errors and no warnings", () => {
    const result = runRedocly(["lint", "openapi.yaml", "--format=json"]);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { totals: { errors: number; warnings: number } };
    expect(report.totals, result.stdout).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("matches the committed generated/schema.d.ts (run npm run openapi when this fails)", async () => {
    const committed = await readFile(schemaPath, "utf8").catch(() => "");
    expect(committed === (await generateSchemaSource()), "generated/schema.d.ts is stale").toBe(true);
  }, 60_000);

  it("gives every operation a unique camelCase operationId and one known tag", () => {
    const ids = ops.map((op) => op.operationId);
    for (const op of ops) {
      expect(op.operationId, label(op)).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(op.tags, label(op)).toHaveLength(1);
      expect(TAGS.has(op.tags?.[0] ?? ""), label(op)).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("puts explicit security on every operation", () => {
    const expected = (id: string) =>
      ADMIN_ONLY.has(id) ? [{ adminSession: [] }] : OPTIONAL_ADMIN.has(id) ? [{}, { adminSession: [] }] : [];
    for (const op of ops) {
      const id = op.operationId ?? label(op);
      expect(op.security, id).toEqual(expected(id));
    }
    for (const id of [...ADMIN_ONLY, ...OPTIONAL_ADMIN])
      expect(
        ops.some((op) => op.operationId === id),
        id,
      ).toBe(true);
  });

  it("documents the error responses of every operation", () => {
    const idOf = (op: (typeof ops)[number]) => op.operationId ?? label(op);
    const documented = ops.filter((op) => !OPERATIONAL_TAGS.has(op.tags?.[0] ?? ""));
    for (const op of documented.filter((each) => NO_CLIENT_ERRORS.has(idOf(each))))
      expect(takesInput(op), `${idOf(op)} takes input, so it can answer 400`).toBe(false);
    for (const op of documented.filter((each) => !NO_CLIENT_ERRORS.has(idOf(each)))) {
      const id = idOf(op);
      const codes = Object.keys(op.responses);
      expect(
        codes.some((code) => code.startsWith("4")),
        `${id} has a 4xx`,
      ).toBe(true);
      // 400 when it takes input, 401 when only an admin may call it, 404 when its path names something.
      const required = [
        ...(takesInput(op) ? ["400"] : []),
        ...(ADMIN_ONLY.has(id) ? ["401"] : []),
        ...(op.path.includes("{") ? ["404"] : []),
      ];
      expect(codes, id).toEqual(expect.arrayContaining(required));
    }
    const login = ops.find((op) => op.operationId === "login");
    expect(Object.keys(login?.responses ?? {})).toContain("429");
  });

  it("uses the Error envelope for every shared error response", () => {
    const components = loadSpec().components as {
      responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
    };
    for (const [name, response] of Object.entries(components.responses)) {
      expect(response.content["application/json"]?.schema.$ref, name).toBe("#/components/schemas/Error");
    }
  });
});

describe("createApiClient", () => {
  function recordingFetch(response: () => Response) {
    const requests: Request[] = [];
    const fetchStub: typeof fetch = async (input, init) => {
      requests.push(input instanceof Request ? input : new Request(input, init));
      return response();
    };
    return { requests, fetchStub };
  }

  it("includes credentials and sends a JSON content type only with a body", async () => {
    const { requests, fetchStub } = recordingFetch(() => Response.json({ status: "subscribed", email: "a@b.co" }));
    const api = createApiClient({ baseUrl: "http://gateway.test", fetch: fetchStub });

    await unwrap(api.GET("/api/products", { params: { query: { lang: "es", potency: ["6mg", "10mg"] } } }));
    await unwrap(api.POST("/api/newsletter", { body: { email: "a@b.co", isActive: true } }));

    const [get, post] = requests;
    expect(get?.url).toBe("http://gateway.test/api/products?lang=es&potency=6mg&potency=10mg");
    expect(get?.credentials).toBe("include");
    expect(get?.headers.get("content-type")).toBeNull();
    expect(post?.credentials).toBe("include");
    expect(post?.headers.get("content-type")).toBe("application/json");
    expect(await post?.json()).toEqual({ email: "a@b.co", isActive: true });
  });

  it("turns a non-OK response into ApiError with `status: body text`", async () => {
    const body = '{"error":{"code":"not_found","message":"Product not found"}}';
    const { fetchStub } = recordingFetch(() => new Response(body, { status: 404, statusText: "Not Found" }));
    const api = createApiClient({ baseUrl: "http://gateway.test", fetch: fetchStub });

    const error = await unwrap(api.GET("/api/products/slug/{slug}", { params: { path: { slug: "nope" } } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "not_found", body, message: `404: ${body}` });
  });

  it("falls back to the status text when the error body is empty", async () => {
    const { fetchStub } = recordingFetch(() => new Response(null, { status: 502, statusText: "Bad Gateway" }));
    const api = createApiClient({ baseUrl: "http://gateway.test", fetch: fetchStub });

    const error = await unwrap(api.GET("/api/site-settings")).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: undefined, body: "", message: "502: Bad Gateway" });
  });
});
