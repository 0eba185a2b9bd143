import type { ErrorBody, Page, PublishedPage } from "@rsv/api/client";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie, assertMatchesSpec, call, type ApiResponse } from "@rsv/kit/testing";

// A page other suites do not read, restored as it was at the end.
const KEY = "eye-health-guide";
const LANG = "es";
const PATH = `/api/pages/${KEY}/${LANG}`;

describe("pages through the gateway", () => {
  let cookie = "";
  let original: Page;

  const send = async <T>(
    operationId: string,
    method: string,
    path: string,
    options: { json?: unknown; admin?: boolean } = {},
  ): Promise<ApiResponse<T>> => {
    // The service's own answer: the micro-cache's part is the read-after-write test's (gateway/src/pages.api.test.ts).
    const headers = { "cache-control": "no-cache", ...(options.admin ? { cookie } : {}) };
    const response = await call<T>(method, path, { json: options.json, headers });
    assertMatchesSpec(operationId, response);
    return response;
  };
  const input = (overrides: Record<string, unknown> = {}) => ({
    title: original.title,
    metaTitle: original.metaTitle,
    metaDescription: original.metaDescription,
    body: original.body,
    ...overrides,
  });
  const update = (json: unknown) => send<Page | ErrorBody>("updatePage", "PUT", PATH, { json, admin: true });
  const problemPaths = (response: ApiResponse<unknown>) =>
    ((response.body as ErrorBody).error.details ?? []).map((detail) => detail.path);

  beforeAll(async () => {
    cookie = await adminCookie();
    const list = await send<Page[]>("listPages", "GET", "/api/pages", { admin: true });
    const found = list.body.find((page) => page.key === KEY && page.lang === LANG);
    expect(found, `${KEY}/${LANG} is seeded`).toBeDefined();
    original = found!;
  });

  afterAll(async () => {
    const restored = await update(input());
    expect(restored.status).toBe(200);
  });

  it("lists every page in both languages to the admin, and nothing to anyone else", async () => {
    const list = await send<Page[]>("listPages", "GET", "/api/pages", { admin: true });
    expect(list.status).toBe(200);
    const keys = new Set(list.body.map((page) => page.key));
    expect(keys.size).toBeGreaterThanOrEqual(15);
    for (const key of keys) {
      expect(
        list.body.filter((page) => page.key === key).map((page) => page.lang),
        key,
      ).toEqual(["en", "es"]);
    }
    expect(list.headers.get("cache-control")).toContain("no-store");
    expect((await send("listPages", "GET", "/api/pages")).status).toBe(401);
  });

  it("answers a page to visitors compiled, with its blocks, and 404 for one that does not exist", async () => {
    const page = await send<PublishedPage>("getPage", "GET", "/api/pages/beginners-guide/es");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ key: "beginners-guide", lang: "es" });
    expect(page.body.content.meta).toMatchObject({ template: "guide", heading: page.body.title });
    expect(page.body.content.blocks.map((block) => block.type)).toContain("cards");
    expect(page.body.content.meta.faq?.length).toBeGreaterThan(0);
    expect(page.body).not.toHaveProperty("body");
    expect(page.body).not.toHaveProperty("updatedBy");
    expect((await send("getPage", "GET", "/api/pages/no-such-page/en")).status).toBe(404);
    expect((await send("getPage", "GET", "/api/pages/beginners-guide/fr")).status).toBe(400);
    expect((await send("getPage", "GET", "/api/pages/Not_A_Key/en")).status).toBe(400);
  });

  it("saves a page: the next read shows it, with who saved it and when", async () => {
    const words = `Palabras nuevas ${randomUUID().slice(0, 8)}`;
    const saved = await update(
      input({ title: `  ${words}  `, metaTitle: "", metaDescription: "  ", body: `${original.body}\n\n${words}\n` }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = saved.body as Page;
    expect(page).toMatchObject({ title: words, metaTitle: null, metaDescription: null });
    expect(page.updatedBy).toBe(process.env.ADMIN_EMAIL);
    expect(Date.parse(page.updatedAt)).toBeGreaterThan(Date.parse(original.updatedAt));
    const read = await send<PublishedPage>("getPage", "GET", PATH);
    expect(read.body.title).toBe(words);
    expect(read.body.content.meta.title).toBe(words);
    expect(JSON.stringify(read.body.content.blocks)).toContain(words);
  });

  it("refuses each bad field with a 400 naming it", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: undefined }, "body.title"],
      [{ title: "   " }, "body.title"],
      [{ title: "x".repeat(301) }, "body.title"],
      [{ body: undefined }, "body.body"],
      [{ body: "  \n " }, "body.body"],
      [{ metaTitle: "x".repeat(121) }, "body.metaTitle"],
      [{ metaDescription: "x".repeat(321) }, "body.metaDescription"],
      [{ body: "## Intro\n\n:::carousel\nText\n:::\n" }, "body.body"],
      [{ body: ":::cards 2\n### Never closed\n" }, "body.body"],
      [{ body: "---\ntemplate: poster\n---\nText\n" }, "body.body"],
      [{ body: ":::figure no-such-chart\n:::\n" }, "body.body"],
      // An unknown field is the body's own fault.
      [{ unknownField: "x" }, "body"],
    ];
    for (const [overrides, path] of cases) {
      const response = await update(input(overrides));
      expect(response.status, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(problemPaths(response), JSON.stringify(overrides).slice(0, 80)).toContain(path);
    }
    const broken = await update(input({ body: "## Intro\n\n:::carousel\nText\n:::\n" }));
    expect((broken.body as ErrorBody).error.details?.[0]?.message).toMatch(/line 3: unknown block :::carousel/);
    // Nothing of it was stored.
    const read = await send<PublishedPage>("getPage", "GET", PATH);
    expect(JSON.stringify(read.body.content.blocks)).not.toContain("carousel");
  });

  it("refuses a save without a session, and answers 404 for a page that does not exist", async () => {
    const anonymous = await send("updatePage", "PUT", PATH, { json: input() });
    expect(anonymous.status).toBe(401);
    const missing = await send("updatePage", "PUT", "/api/pages/no-such-page/en", { json: input(), admin: true });
    expect(missing.status).toBe(404);
  });
});
