import type { Server } from "node:http";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp } from "./app.js";
import { operation } from "./contract.js";
import { closeDb, createDb, type Knex } from "./db.js";
import type { AdminUser } from "./session.js";

/**
 * The role check of the kit's pipeline: `x-role` decides, after the session and before the body is
 * validated. Sessions are stand-ins keyed by the cookie; no database is reached.
 */

const users: Record<string, AdminUser> = {
  owner: { id: 1, email: "owner@example.com", role: "owner" },
  editor: { id: 2, email: "editor@example.com", role: "editor" },
};
const handled: string[] = [];
let db: Knex;
let server: Server;
let base = "";

beforeAll(async () => {
  db = createDb({ databaseUrl: "postgres://127.0.0.1:9/unused", dataDir: "" });
  const app = createServiceApp({
    name: "kit-roles-test",
    logger: pino({ level: "silent" }),
    db,
    resolveSession: (ctx) => Promise.resolve(users[ctx.cookies.get("rsv_session") ?? ""] ?? null),
    trustedProxies: [],
    // Admin writes go into the activity log; here nowhere.
    audit: { record: () => Promise.resolve() },
    routes: (router) => {
      router.on("updateSiteSettings", (ctx) => {
        handled.push("updateSiteSettings");
        ctx.status = 204;
      });
      router.on("createProduct", (ctx) => {
        handled.push("createProduct");
        ctx.status = 204;
      });
    },
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}, 30_000);

afterAll(async () => {
  server?.close();
  if (db) await closeDb(db);
});

const write = (path: string, method: string, who: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", cookie: `rsv_session=${who}` },
    body: JSON.stringify(body),
  });

describe("x-role in the kit", () => {
  it("reads the contract's roles into each admin operation", () => {
    expect(operation("updateSiteSettings").roles).toEqual(["owner"]);
    expect(operation("createProduct").roles).toEqual(["owner", "editor"]);
    expect(operation("getSiteSettings").roles).toBeUndefined();
  });

  it("answers 403 in the error envelope to a role the operation leaves out, before validating the body", async () => {
    const response = await write("/api/site-settings", "PUT", "editor", { notAField: true });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: "forbidden", message: "Only owner accounts may do this" },
    });
    expect(handled).not.toContain("updateSiteSettings");
  });

  it("lets the roles it names through to validation and the handler", async () => {
    expect((await write("/api/site-settings", "PUT", "owner", { notAField: true })).status).toBe(400);
    expect((await write("/api/products", "POST", "editor", { notAField: true })).status).toBe(400);
    const { status } = await write("/api/site-settings", "PUT", "owner", { siteName: "Site" });
    expect(status).toBe(204);
    expect(handled).toEqual(["updateSiteSettings"]);
  });

  it("still answers 401 before any role is weighed", async () => {
    expect((await write("/api/site-settings", "PUT", "nobody", {})).status).toBe(401);
  });
});
