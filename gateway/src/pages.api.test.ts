import { randomUUID } from "node:crypto";
import type { Page, PublishedPage } from "@rsv/api/client";
import { adminCookie, call, gatewayUrl, rawGet } from "@rsv/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedSite, type EmbeddedSite } from "../../infra/local/topology.js";

/**
 * "A write shows on the next read" (docs/architecture.md) for the owner's pages: a visitor's reads of
 * a page, its HTML and its JSON, kept by every cache in front (the micro-cache, the content service's
 * read cache, the web process's renders), show a saved page on the very next read, with no wait.
 */

const KEY = "skin-health-guide";
const LANG = "es";
const PAGE_PATH = "/es/guia-salud-piel";
const API_PATH = `/api/pages/${KEY}/${LANG}`;

function readAfterWriteChecks(base: () => string, login: () => Promise<string>) {
  let cookie = "";
  let original: Page;
  const save = async (page: Pick<Page, "title" | "metaTitle" | "metaDescription" | "body">) => {
    const response = await call<Page>("PUT", API_PATH, {
      json: { title: page.title, metaTitle: page.metaTitle, metaDescription: page.metaDescription, body: page.body },
      headers: { cookie },
      baseUrl: base(),
    });
    expect(response.status, response.text).toBe(200);
    return response.body;
  };
  /** What a visitor gets, as a visitor asks: no session, no `Cache-Control: no-cache`. */
  const visitor = async () => {
    const [html, json] = await Promise.all([rawGet(base(), PAGE_PATH), rawGet(base(), API_PATH)]);
    expect(html.status).toBe(200);
    expect(json.status).toBe(200);
    return {
      html: html.body.toString(),
      page: JSON.parse(json.body.toString()) as PublishedPage,
      cached: [html.headers["x-cache-status"], json.headers["x-cache-status"]],
    };
  };

  beforeAll(async () => {
    cookie = await login();
    const list = await call<Page[]>("GET", "/api/pages", { headers: { cookie }, baseUrl: base() });
    const found = list.body.find((page) => page.key === KEY && page.lang === LANG);
    expect(found, `${KEY}/${LANG} is seeded`).toBeDefined();
    original = found!;
  });

  afterAll(async () => {
    if (original) await save(original);
  });

  it("shows a saved page's new words on the next read of its HTML and its JSON", async () => {
    // Read until a read is the micro-cache's, so every cache in front holds the page as it was (an entry
    // lives 2 s: on a busy machine two reads can fall either side of that).
    let before = await visitor();
    await expect
      .poll(
        async () => {
          before = await visitor();
          return before.cached;
        },
        { timeout: 15_000, interval: 0 },
      )
      .toEqual(["HIT", "HIT"]);
    expect(before.page.title).toBe(original.title);
    expect(before.html).toContain(original.title);
    for (let round = 0; round < 3; round++) {
      const words = `Texto recién guardado ${randomUUID().slice(0, 8)}`;
      await save({ ...original, title: words, body: `${original.body}\n\n${words} en el cuerpo.\n` });
      const after = await visitor();
      expect(after.page.title).toBe(words);
      expect(JSON.stringify(after.page.content.blocks)).toContain(`${words} en el cuerpo.`);
      expect(after.html).toContain(`<h1`);
      expect(after.html).toContain(words);
      expect(after.html).toContain(`${words} en el cuerpo.`);
    }
  });
}

describe("a saved page, through nginx", () => {
  readAfterWriteChecks(gatewayUrl, adminCookie);
});

describe("a saved page, on the embedded server (make start)", () => {
  const admin = { email: "owner@pages.test", password: "Pages-Test-Owner-2026!" };
  let site: EmbeddedSite;
  beforeAll(async () => {
    site = await startEmbeddedSite("embedded-pages", admin);
  }, 200_000);
  afterAll(() => site?.stop());
  readAfterWriteChecks(
    () => site.base,
    () => site.adminCookie(),
  );
});
