import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import { authService } from "../service.js";
import { INVITATION_TTL_MS } from "../domain/invitation.js";
import { AdminsRepository } from "./admins.repository.js";
import { InvitationsRepository } from "./invitations.repository.js";
import { SessionsRepository } from "./sessions.repository.js";

const lifetime = { absoluteMs: 7 * 24 * 3_600_000, idleMs: 30 * 60_000 };

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
describe.each(repositoryDatabases)("auth's repositories on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let admins: AdminsRepository;
  let sessions: SessionsRepository;
  let invitations: InvitationsRepository;
  let clock = new Date("2026-01-01T00:00:00Z");

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, authService));
    admins = new AdminsRepository(db);
    sessions = new SessionsRepository(db, lifetime, () => clock);
    invitations = new InvitationsRepository(db, () => clock);
    // PGlite starts PostgreSQL in WebAssembly: seconds alone, over a minute beside other suites on a loaded machine.
  }, 180_000);

  afterAll(() => close());

  const admin = async (email: string, role: "owner" | "editor" = "owner") => {
    await admins.createIfMissing(email, "hash", role);
    return (await admins.findByEmail(email))!;
  };

  it("creates an admin once, finds it by email and id, and changes its password hash", async () => {
    expect(await admins.createIfMissing("owner@example.com", "first", "owner")).toBe(true);
    expect(await admins.createIfMissing("owner@example.com", "second", "editor")).toBe(false);
    const found = (await admins.findByEmail("owner@example.com"))!;
    expect(found).toMatchObject({ email: "owner@example.com", passwordHash: "first", role: "owner" });
    await admins.updatePasswordHash(found.id, "changed");
    expect(await admins.findById(found.id)).toMatchObject({ passwordHash: "changed" });
    expect(await admins.any()).toBe(true);
  });

  it("resolves a session until it is revoked (true), and revoking it again answers false", async () => {
    const { id } = await admin("revoke@example.com");
    await sessions.create("revoked-hash", id);
    expect(await sessions.resolve("revoked-hash")).toEqual({ id, email: "revoke@example.com", role: "owner" });
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

  it("needs a known role for every new account, and resolves sessions with it", async () => {
    // Only the migration gave accounts a role by default (owner, to those there were then).
    await expect(db("auth.admins").insert({ email: "no-role@example.com", password_hash: "h" })).rejects.toThrow();
    await expect(
      db("auth.admins").insert({ email: "bad-role@example.com", password_hash: "h", role: "admin" }),
    ).rejects.toThrow();
    const { id } = await admin("editor-session@example.com", "editor");
    await sessions.create("editor-hash", id);
    expect(await sessions.resolve("editor-hash")).toMatchObject({ id, role: "editor" });
  });

  it("changes roles and removes accounts, but never the last owner", async () => {
    // The accounts made by the tests above are owners too: demote them all but one.
    const { id: keeper } = await admin("keeper@example.com");
    const others = (await admins.list()).filter((account) => account.id !== keeper && account.role === "owner");
    expect(others.length).toBeGreaterThan(0);
    for (const account of others) expect(await admins.setRole(account.id, "editor")).toBe("done");
    expect(await admins.setRole(keeper, "editor")).toBe("last_owner");
    expect(await admins.delete(keeper)).toBe("last_owner");
    expect(await admins.setRole(keeper, "owner")).toBe("done");
    const { id: second } = await admin("second-owner@example.com");
    expect(await admins.setRole(keeper, "editor")).toBe("done");
    expect((await admins.findById(keeper))?.role).toBe("editor");
    expect(await admins.delete(second)).toBe("last_owner");
    expect(await admins.setRole(2_000_000_000, "editor")).toBe("not_found");
    expect(await admins.delete(2_000_000_000)).toBe("not_found");
    expect(await admins.setRole(keeper, "owner")).toBe("done");
    expect(await admins.delete(second)).toBe("done");
    expect(await admins.findById(second)).toBeUndefined();
  });

  it("ends a removed account's sessions with it", async () => {
    const { id } = await admin("removed@example.com", "editor");
    await sessions.create("removed-hash", id);
    expect(await sessions.resolve("removed-hash")).toBeDefined();
    expect(await admins.delete(id)).toBe("done");
    expect(await sessions.resolve("removed-hash")).toBeUndefined();
  });

  it("never lets two owners demote each other at once", async () => {
    const { id: first } = await admin("race-1@example.com");
    const { id: second } = await admin("race-2@example.com");
    for (const account of await admins.list())
      if (![first, second].includes(account.id)) await admins.setRole(account.id, "editor");
    const outcomes = await Promise.all([admins.setRole(first, "editor"), admins.setRole(second, "editor")]);
    expect(outcomes.sort()).toEqual(["done", "last_owner"]);
    expect((await admins.list()).filter((account) => account.role === "owner")).toHaveLength(1);
  });

  it("keeps an invitation usable once, for 7 days, until revoked", async () => {
    const { id: owner } = await admin("inviter@example.com");
    const invited = await invitations.create({
      email: "new@example.com",
      role: "editor",
      tokenHash: "t1",
      invitedBy: owner,
    });
    expect(invited).toMatchObject({ email: "new@example.com", role: "editor", acceptedAt: null, revokedAt: null });
    expect(invited.expiresAt.getTime() - invited.createdAt.getTime()).toBe(INVITATION_TTL_MS);
    expect((await invitations.listPending()).map((each) => each.id)).toContain(invited.id);

    const accepted = await invitations.accept("t1", "hash-of-password");
    expect(accepted).toHaveProperty("accountId");
    expect(await admins.findByEmail("new@example.com")).toMatchObject({
      role: "editor",
      passwordHash: "hash-of-password",
    });
    expect(await invitations.accept("t1", "again")).toEqual({ refused: "gone" });
    expect((await invitations.findByTokenHash("t1"))?.acceptedAt).toBeInstanceOf(Date);
    expect((await invitations.listPending()).map((each) => each.id)).not.toContain(invited.id);
  });

  it("refuses an expired or revoked invitation, and a new one to the same address revokes the pending one", async () => {
    const { id: owner } = await admin("inviter-2@example.com");
    const old = await invitations.create({
      email: "twice@example.com",
      role: "editor",
      tokenHash: "t2",
      invitedBy: owner,
    });
    const replacing = await invitations.create({
      email: "twice@example.com",
      role: "owner",
      tokenHash: "t3",
      invitedBy: owner,
    });
    expect((await invitations.findByTokenHash("t2"))?.revokedAt).toBeInstanceOf(Date);
    expect(await invitations.accept("t2", "h")).toEqual({ refused: "gone" });
    expect(await invitations.revoke(old.id)).toBe(false);
    expect(await invitations.revoke(replacing.id)).toBe(true);
    expect(await invitations.accept("t3", "h")).toEqual({ refused: "gone" });

    await invitations.create({ email: "late@example.com", role: "editor", tokenHash: "t4", invitedBy: owner });
    clock = new Date(clock.getTime() + INVITATION_TTL_MS);
    expect(await invitations.accept("t4", "h")).toEqual({ refused: "gone" });
    expect((await invitations.listPending()).map((each) => each.email)).not.toContain("late@example.com");
    expect(await admins.findByEmail("late@example.com")).toBeUndefined();
  });

  it("leaves the invitation unused when its address got an account meanwhile", async () => {
    const { id: owner } = await admin("inviter-3@example.com");
    await invitations.create({ email: "taken@example.com", role: "editor", tokenHash: "t5", invitedBy: owner });
    await admin("taken@example.com", "owner");
    expect(await invitations.accept("t5", "h")).toEqual({ refused: "email_taken" });
    expect((await invitations.findByTokenHash("t5"))?.acceptedAt).toBeNull();
    expect((await admins.findByEmail("taken@example.com"))?.role).toBe("owner");
  });
});
