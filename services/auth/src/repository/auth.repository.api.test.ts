import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import { authService } from "../service.js";
import { AdminsRepository } from "./admins.repository.js";
import { SessionsRepository } from "./sessions.repository.js";

const lifetime = { absoluteMs: 7 * 24 * 3_600_000, idleMs: 30 * 60_000 };

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
describe.each(repositoryDatabases)("auth's repositories on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let admins: AdminsRepository;
  let sessions: SessionsRepository;
  let clock = new Date("2026-01-01T00:00:00Z");

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, authService));
    admins = new AdminsRepository(db);
    sessions = new SessionsRepository(db, lifetime, () => clock);
    // PGlite starts PostgreSQL in WebAssembly: seconds alone, over a minute beside other suites on a loaded machine.
  }, 180_000);

  afterAll(() => close());

  const admin = async (email: string) => {
    await admins.createIfMissing(email, "hash");
    return (await admins.findByEmail(email))!;
  };

  it("creates an admin once, finds it by email and id, and changes its password hash", async () => {
    expect(await admins.createIfMissing("owner@example.com", "first")).toBe(true);
    expect(await admins.createIfMissing("owner@example.com", "second")).toBe(false);
    const found = (await admins.findByEmail("owner@example.com"))!;
    expect(found).toMatchObject({ email: "owner@example.com", passwordHash: "first" });
    await admins.updatePasswordHash(found.id, "changed");
    expect(await admins.findById(found.id)).toMatchObject({ passwordHash: "changed" });
    expect(await admins.any()).toBe(true);
  });

  it("resolves a session until it is revoked (true), and revoking it again answers false", async () => {
    const { id } = await admin("revoke@example.com");
    await sessions.create("revoked-hash", id);
    expect(await sessions.resolve("revoked-hash")).toEqual({ id, email: "revoke@example.com" });
    expect(await sessions.revoke("revoked-hash")).toBe(true);
    expect(await sessions.resolve("revoked-hash")).toBeUndefined();
    expect(await sessions.revoke("revoked-hash")).toBe(false);
  });

  it("revokes every other session of an account, counting them", async () => {
    const { id } = await admin("everywhere@example.com");
    for (const hash of ["kept", "other-1", "other-2"]) await sessions.create(`everywhere-${hash}`, id);
    expect(await sessions.revokeAllOf(id, "everywhere-kept")).toBe(2);
    expect(await sessions.resolve("everywhere-kept")).toBeDefined();
    expect(await sessions.revokeAllOf(id)).toBe(1);
  });

  it("deletes the sessions that ended, counting them", async () => {
    const { id } = await admin("ended@example.com");
    await sessions.create("ended-idle", id);
    clock = new Date(clock.getTime() + lifetime.idleMs + 1000);
    await sessions.create("ended-fresh", id);
    expect(await sessions.deleteEnded()).toBeGreaterThanOrEqual(1);
    expect(await sessions.resolve("ended-idle")).toBeUndefined();
    expect(await sessions.resolve("ended-fresh")).toBeDefined();
    expect(await sessions.deleteEnded()).toBe(0);
  });
});
