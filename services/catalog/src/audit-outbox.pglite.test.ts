import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuditEventInput, Product } from "@rsv/api/client";
import { startEmbeddedService, type EmbeddedService } from "@rsv/kit/testing";
import { catalogService } from "./service.js";

const INTERNAL_TOKEN = "audit-outbox-test-internal-token-0123456789";
const ADMIN = { id: 7, email: "editor@example.com" };

/**
 * A stand-in auth service: it knows the admin's session, and takes relayed events only while it is
 * up; while it is down, every hand-over's connection is dropped, as a stopped process's would be.
 */
function standInAuth() {
  const state = { down: true, attempts: [] as string[], stored: [] as AuditEventInput[], tokens: new Set<string>() };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === "/api/auth/session") {
      const signedIn = (req.headers.cookie ?? "").includes("rsv_session=audit-test-session");
      res.writeHead(signedIn ? 200 : 401, { "content-type": "application/json" });
      res.end(
        JSON.stringify(
          signedIn ? { user: { ...ADMIN, role: "editor" } } : { error: { code: "unauthorized", message: "no" } },
        ),
      );
      return;
    }
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const { events } = JSON.parse(text) as { events: AuditEventInput[] };
      state.attempts.push(...events.map((event) => event.uid));
      if (state.down) {
        res.destroy();
        return;
      }
      state.tokens.add(String(req.headers["x-internal-token"] ?? ""));
      for (const event of events) if (!state.stored.some((kept) => kept.uid === event.uid)) state.stored.push(event);
      res.writeHead(204).end();
    });
  });
  return { server, state };
}

function productInput(price: string) {
  return {
    name: "Audit Outbox Resveratrol",
    brand: "Testing Labs",
    potency: "500mg",
    source: "Natural",
    price,
    rating: "4.6",
    reviewCount: 12,
    imageUrl: "/api/images/demo-1.png",
    description: "A product made by the activity log's test.",
    bestFor: "Testing",
  };
}

describe("the catalog's activity-log outbox while auth is away (PGlite)", () => {
  const auth = standInAuth();
  let catalog: EmbeddedService;

  beforeAll(async () => {
    await new Promise<void>((resolve) => auth.server.listen(0, "127.0.0.1", resolve));
    const address = auth.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    catalog = await startEmbeddedService(catalogService, {
      seed: false,
      config: { INTERNAL_API_URL: `http://127.0.0.1:${port}`, INTERNAL_TOKEN },
    });
  }, 180_000);

  afterAll(async () => {
    await catalog?.close();
    auth.server.close();
  });

  const outbox = () => catalog.db("catalog.audit_outbox").select("id", "attempts");
  const asAdmin = (method: string, path: string, json: unknown, requestId: string) =>
    fetch(`${catalog.url}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        origin: catalog.url,
        cookie: "rsv_session=audit-test-session",
        "x-request-id": requestId,
      },
      body: JSON.stringify(json),
    });

  it("answers the admin at once, keeps the events while auth is down, and hands each over once it is back", async () => {
    const created = await asAdmin("POST", "/api/products", productInput("29.50"), "audit-outbox-create-1");
    expect(created.status).toBe(201);
    const product = (await created.json()) as Product;
    const updated = await asAdmin("PUT", `/api/products/${product.id}`, productInput("24.90"), "audit-outbox-update-1");
    expect(updated.status).toBe(200);

    // Both events wait in the outbox; the relay keeps trying them, each under its own uid.
    const waiting = await outbox();
    expect(waiting).toHaveLength(2);
    await vi.waitFor(
      () => expect(waiting.every((row) => auth.state.attempts.filter((uid) => uid === row.id).length >= 2)).toBe(true),
      { timeout: 20_000 },
    );
    expect(await outbox()).toHaveLength(2);
    expect(auth.state.stored).toEqual([]);

    auth.state.down = false;
    await vi.waitFor(async () => expect(await outbox()).toHaveLength(0), { timeout: 20_000 });
    expect(auth.state.tokens).toEqual(new Set([INTERNAL_TOKEN]));
    expect(auth.state.stored.map((event) => event.uid).sort()).toEqual(waiting.map((row) => row.id).sort());

    const creation = auth.state.stored.find((event) => event.action === "createProduct")!;
    expect(creation).toMatchObject({
      actor: ADMIN,
      service: "catalog",
      requestId: "audit-outbox-create-1",
      target: { entity: "products", id: String(product.id) },
    });
    expect(creation.changes).toContainEqual({ field: "price", after: "29.50" });

    const update = auth.state.stored.find((event) => event.action === "updateProduct")!;
    expect(update).toMatchObject({
      actor: ADMIN,
      requestId: "audit-outbox-update-1",
      target: { entity: "products", id: String(product.id), params: { id: String(product.id) } },
    });
    // Only what changed: the price (and what is worked out from it), never the untouched name.
    expect(update.changes).toContainEqual({ field: "price", before: "29.50", after: "24.90" });
    expect(update.changes.map((change) => change.field)).not.toContain("name");
  });

  it("records nothing for a write that failed or for an admin's read", async () => {
    const missing = await asAdmin("PUT", "/api/products/999999", productInput("10"), "audit-outbox-missing");
    expect(missing.status).toBe(404);
    const read = await fetch(`${catalog.url}/api/offers`, {
      headers: { cookie: "rsv_session=audit-test-session", "x-request-id": "audit-outbox-read" },
    });
    expect(read.status).toBe(200);
    // An event is in the outbox before the answer leaves, and in the stand-in once handed over: in neither.
    const kept = await catalog.db("catalog.audit_outbox").select(catalog.db.raw("event->>'requestId' as request_id"));
    const seen = [
      ...kept.map((row: { request_id: string }) => row.request_id),
      ...auth.state.stored.map((e) => e.requestId),
    ];
    expect(seen).not.toContain("audit-outbox-missing");
    expect(seen).not.toContain("audit-outbox-read");
  });
});
