import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEventInput } from "@rsv/api/client";
import { createServiceApp } from "./app.js";
import { closeDb, createDb, type Knex } from "./db.js";
import { notFound } from "./errors.js";
import { createLogger } from "./runtime/index.js";

/**
 * The kit's part of the activity log, without a service: which answers become events, what the kit
 * fills in, and that a service binding an audited operation must say where events go. The database
 * pool points nowhere and is never asked.
 */

const admin = { id: 4, email: "owner@example.com" };
const logger = createLogger("audit-test", "silent");
let db: Knex;

beforeAll(() => {
  db = createDb({ databaseUrl: "postgres://127.0.0.1:9/unused", dataDir: "" });
});

afterAll(async () => {
  await closeDb(db);
});

const options = (audit?: { record(event: AuditEventInput): Promise<void> }) => ({
  name: "newsletter",
  logger,
  db,
  trustedProxies: [],
  resolveSession: () => Promise.resolve({ ...admin, role: "owner" as const }),
  audit,
});

describe("the kit's activity-log events", () => {
  const recorded: AuditEventInput[] = [];
  let server: Server;
  let base = "";

  beforeAll(async () => {
    const app = createServiceApp({
      ...options({ record: async (event) => void recorded.push(event) }),
      routes: (router) => {
        router.on("deleteSubscriber", (ctx, { params }) => {
          if (params.id === 404) throw notFound("Subscriber not found");
          // A write that only shows what it would do (as a dry run does) says so.
          ctx.state.audit =
            params.id === 7 ? { preview: true } : { before: { isActive: true, password: "never-stored" } };
          ctx.status = 204;
        });
        router.on("listSubscribers", (ctx) => {
          ctx.body = [];
        });
        router.on("exportSubscribers", (ctx) => {
          ctx.type = "text/plain";
          ctx.body = "ana@example.org\n";
        });
      },
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    // Compiling the contract's validators: seconds on a loaded machine.
  }, 30_000);

  afterAll(() => {
    server?.close();
  });

  const send = (method: string, path: string, requestId: string) =>
    fetch(`${base}${path}`, { method, headers: { origin: base, "x-request-id": requestId } });

  it("records an admin write that answered 2xx, with actor, action, target, request id and what changed", async () => {
    expect((await send("DELETE", "/api/newsletter/12", "kit-audit-delete-1")).status).toBe(204);
    const event = recorded.find((each) => each.requestId === "kit-audit-delete-1");
    expect(event).toMatchObject({
      actor: admin,
      action: "deleteSubscriber",
      service: "newsletter",
      target: { entity: "newsletter", id: "12", params: { id: "12" } },
      changes: [{ field: "isActive", before: true }, { field: "password" }],
    });
    expect(event!.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(event)).not.toContain("never-stored");
  });

  it("records an export the contract marks, and neither an ordinary read, a failed write nor a preview", async () => {
    expect((await send("GET", "/api/newsletter/export", "kit-audit-export-1")).status).toBe(200);
    expect((await send("GET", "/api/newsletter", "kit-audit-read-1")).status).toBe(200);
    expect((await send("DELETE", "/api/newsletter/404", "kit-audit-missing-1")).status).toBe(404);
    expect((await send("DELETE", "/api/newsletter/7", "kit-audit-preview-1")).status).toBe(204);
    // Events are recorded before the answer leaves, so these are all there will be.
    const ids = recorded.map((event) => event.requestId);
    expect(ids).toContain("kit-audit-export-1");
    expect(ids).not.toContain("kit-audit-read-1");
    expect(ids).not.toContain("kit-audit-missing-1");
    expect(ids).not.toContain("kit-audit-preview-1");
  });
});

it("refuses to bind an audited operation in a service that has nowhere to put its events", () => {
  expect(() =>
    createServiceApp({
      ...options(),
      routes: (router) => router.on("deleteSubscriber", (ctx) => void (ctx.status = 204)),
    }),
  ).toThrow(/deleteSubscriber goes into the activity log/);
  expect(() =>
    createServiceApp({ ...options(), routes: (router) => router.on("listSubscribers", (ctx) => void (ctx.body = [])) }),
  ).not.toThrow();
});
