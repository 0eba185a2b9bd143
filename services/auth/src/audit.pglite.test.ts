import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEventInput, AuditEventPage } from "@rsv/api/client";
import { startEmbeddedService, type EmbeddedService } from "@rsv/kit/testing";
import { authService } from "./service.js";

const INTERNAL_TOKEN = "audit-test-internal-token-0123456789abcdef";
const ADMIN = { email: "owner@example.com", password: "Violet-Harbour-Quartz-93!" };

const relayed = (overrides: Partial<AuditEventInput> = {}): AuditEventInput => ({
  uid: randomUUID(),
  occurredAt: new Date().toISOString(),
  actor: { id: 1, email: ADMIN.email },
  action: "updateProduct",
  service: "catalog",
  target: { entity: "products", id: "3", params: { id: "3" } },
  requestId: `relayed-${randomUUID()}`,
  changes: [{ field: "price", before: 10, after: 12 }],
  ...overrides,
});

describe("the activity log in the auth service (PGlite)", () => {
  let auth: EmbeddedService;
  let cookie = "";

  const send = (method: string, path: string, init: { headers?: Record<string, string>; json?: unknown } = {}) =>
    fetch(`${auth.url}${path}`, {
      method,
      headers: {
        ...(init.json === undefined ? {} : { "content-type": "application/json" }),
        ...(method === "GET" ? {} : { origin: auth.url }),
        ...init.headers,
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  const list = async (query: string) => {
    const response = await send("GET", `/api/auth/audit-events?${query}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as AuditEventPage;
  };
  const record = (events: AuditEventInput[], token?: string) =>
    send("POST", "/api/auth/audit-events", {
      json: { events },
      headers: token === undefined ? {} : { "x-internal-token": token },
    });

  beforeAll(async () => {
    auth = await startEmbeddedService(authService, {
      config: { INTERNAL_TOKEN },
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    });
    const login = await send("POST", "/api/auth/login", {
      json: ADMIN,
      headers: { "x-request-id": "audit-login-request-1" },
    });
    expect(login.status).toBe(200);
    cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    // PGlite starts PostgreSQL in WebAssembly: seconds alone, over a minute beside other suites.
  }, 180_000);

  afterAll(() => auth?.close());

  it("records a sign-in as its own event, with the account and the request id", async () => {
    const { events } = await list("action=login");
    expect(events).toEqual([
      expect.objectContaining({
        action: "login",
        service: "auth",
        actor: { id: expect.any(Number), email: ADMIN.email },
        requestId: "audit-login-request-1",
        target: { entity: "session", id: null },
        changes: [],
      }),
    ]);
  });

  it("stores a relayed event once, however often it is handed over", async () => {
    const event = relayed();
    expect((await record([event], INTERNAL_TOKEN)).status).toBe(204);
    expect(
      (await record([event, relayed({ requestId: event.requestId, uid: event.uid })], INTERNAL_TOKEN)).status,
    ).toBe(204);
    const { events } = await list("action=updateProduct");
    expect(events.filter((stored) => stored.uid === event.uid)).toEqual([{ ...event, id: expect.any(Number) }]);
  });

  it("refuses events from anyone without the services' secret, and stores none of them", async () => {
    const forged = relayed({ action: "deleteProduct" });
    for (const token of [undefined, "", "wrong-token-wrong-token-wrong-token-0000"]) {
      const response = await record([forged], token);
      expect(response.status).toBe(403);
    }
    // Not even the admin's session makes a caller one of the site's services.
    const withSession = await send("POST", "/api/auth/audit-events", {
      json: { events: [forged] },
      headers: { cookie },
    });
    expect(withSession.status).toBe(403);
    expect((await list("action=deleteProduct")).events).toEqual([]);
  });

  it("lets no one read the log without a session", async () => {
    expect((await send("GET", "/api/auth/audit-events")).status).toBe(401);
    const forged = await send("GET", "/api/auth/audit-events", { headers: { cookie: "rsv_session=forged" } });
    expect(forged.status).toBe(401);
  });

  it("records a sign-out through the kit, after the operation answered", async () => {
    const second = await send("POST", "/api/auth/login", { json: ADMIN });
    const leaving = second.headers.getSetCookie()[0]!.split(";")[0]!;
    const logout = await send("POST", "/api/auth/logout", {
      headers: { cookie: leaving, "x-request-id": "audit-logout-request" },
    });
    expect(logout.status).toBe(204);
    const { events } = await list("action=logout");
    expect(events).toEqual([
      expect.objectContaining({ requestId: "audit-logout-request", target: { entity: "session", id: null } }),
    ]);
  });
});
