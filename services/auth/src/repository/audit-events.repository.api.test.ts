import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEventInput } from "@rsv/api/client";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import { authService } from "../service.js";
import { AuditEventsRepository } from "./audit-events.repository.js";

const event = (overrides: Partial<AuditEventInput> = {}): AuditEventInput => ({
  uid: randomUUID(),
  occurredAt: "2026-03-01T10:00:00.000Z",
  actor: { id: 1, email: "owner@example.com" },
  action: "updateProduct",
  service: "catalog",
  target: { entity: "products", id: "7", params: { id: "7" } },
  requestId: "req-0000001",
  changes: [{ field: "price", before: 59.9, after: 49.9 }],
  ...overrides,
});

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
describe.each(repositoryDatabases)("the activity log's repository on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let events: AuditEventsRepository;

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, authService));
    events = new AuditEventsRepository(db);
    // PGlite starts PostgreSQL in WebAssembly: seconds alone, over a minute beside other suites on a loaded machine.
  }, 180_000);

  afterAll(() => close());

  it("stores an event once however often it is appended, and reads it back as it was", async () => {
    const once = event({ actor: { id: 2, email: "twice@example.com" } });
    await events.append([once]);
    await events.append([once, { ...once, action: "deleteProduct" }]);
    const { events: found } = await events.list({ actor: "twice@", limit: 10 });
    expect(found).toHaveLength(1);
    expect(found[0]).toEqual({ ...once, id: expect.any(Number) });
  });

  it("lists newest first by when it happened, a page at a time", async () => {
    const actor = { id: 3, email: "pages@example.com" };
    // Appended out of order, as relayed events arrive.
    const times = ["2026-03-02T10:00:03.000Z", "2026-03-02T10:00:01.000Z", "2026-03-02T10:00:02.000Z"];
    await events.append(times.map((occurredAt) => event({ actor, occurredAt })));
    await events.append([event({ actor, occurredAt: "2026-03-02T10:00:02.000Z" })]);
    const first = await events.list({ actor: actor.email, limit: 2 });
    expect(first.events.map((e) => e.occurredAt)).toEqual([times[0], times[2]]);
    expect(first.nextBefore).not.toBeNull();
    const second = await events.list({ actor: actor.email, limit: 2, before: first.nextBefore! });
    expect(second.events.map((e) => e.occurredAt)).toEqual([times[2], times[1]]);
    expect(second.nextBefore).toBeNull();
    const ids = [...first.events, ...second.events].map((e) => e.id);
    expect(new Set(ids).size).toBe(4);
  });

  it("filters by part of the actor's email in any case, by action and by a time range", async () => {
    const actor = { id: 4, email: "Filter.Me@example.com" };
    await events.append([
      event({ actor, action: "createProduct", occurredAt: "2026-04-01T08:00:00.000Z" }),
      event({ actor, action: "deleteProduct", occurredAt: "2026-04-02T08:00:00.000Z" }),
      event({ actor, action: "deleteProduct", occurredAt: "2026-04-03T08:00:00.000Z" }),
      event({ actor: { id: 5, email: "filter_other@example.com" }, action: "deleteProduct" }),
    ]);
    expect((await events.list({ actor: "filter.ME", limit: 10 })).events).toHaveLength(3);
    // LIKE's wildcards are matched as typed: "_" is not any character.
    expect((await events.list({ actor: "filter_", limit: 10 })).events.map((e) => e.actor.id)).toEqual([5]);
    const deleted = await events.list({ actor: "filter.me", action: "deleteProduct", limit: 10 });
    expect(deleted.events.map((e) => e.occurredAt)).toEqual(["2026-04-03T08:00:00.000Z", "2026-04-02T08:00:00.000Z"]);
    const ranged = await events.list({
      actor: "filter.me",
      from: new Date("2026-04-02T00:00:00Z"),
      to: new Date("2026-04-03T00:00:00Z"),
      limit: 10,
    });
    expect(ranged.events.map((e) => e.action)).toEqual(["deleteProduct"]);
  });

  it("purges the events past the retention and keeps the rest", async () => {
    const actor = { id: 6, email: "retention@example.com" };
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    const recent = new Date(Date.now() - 300 * 86_400_000).toISOString();
    await events.append([event({ actor, occurredAt: old }), event({ actor, occurredAt: recent })]);
    expect(await events.purgeOlderThan(365)).toBeGreaterThanOrEqual(1);
    const left = await events.list({ actor: actor.email, limit: 10 });
    expect(left.events.map((e) => e.occurredAt)).toEqual([recent]);
  });
});
