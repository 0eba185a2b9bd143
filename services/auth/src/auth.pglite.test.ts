import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import {
  baseConfigSchema,
  buildService,
  closeDb,
  createDb,
  internalApi,
  migrate,
  type Knex,
  type Logger,
  type ServiceDeps,
} from "@rsv/kit";
import { ensureFirstAdmin } from "./domain/first-admin.js";
import { checkNewPassword } from "./domain/password-strength.js";
import { DEFAULT_EMBEDDED_ADMIN, hashSessionId } from "./domain/credentials.js";
import { AdminsRepository } from "./repository/admins.repository.js";
import { startEmbeddedService, type EmbeddedService } from "@rsv/kit/testing";
import { authService, createAuth } from "./service.js";

/** A logger that keeps each line with its fields (child bindings included), as pino would write it. */
function recordingLogger() {
  const lines: Array<{ level: string; msg: string; fields: Record<string, unknown> }> = [];
  const make = (bindings: Record<string, unknown>): unknown => {
    const record = (level: string) => (first: unknown, second?: unknown) =>
      void lines.push({
        level,
        msg: String(typeof first === "string" ? first : second),
        fields: { ...bindings, ...(typeof first === "object" && first !== null ? first : {}) },
      });
    return {
      isLevelEnabled: () => true,
      info: record("info"),
      warn: record("warn"),
      error: record("error"),
      debug: record("debug"),
      child: (more: Record<string, unknown>) => make({ ...bindings, ...more }),
    };
  };
  return { logger: make({}) as Logger, lines };
}

describe("auth over embedded PGlite", () => {
  let dir: string;
  let db: Knex;
  let server: Server;
  let url = "";
  let generated = "";
  const { logger, lines } = recordingLogger();
  const config = () =>
    baseConfigSchema.parse({ DATA_DIR: dir, INTERNAL_API_URL: "http://127.0.0.1:9", LOG_LEVEL: "silent" });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "rsv-auth-"));
    db = createDb({ dataDir: dir, inMemory: true });
    await migrate(db, authService.schema, authService.migrations);
    const deps = { config: config(), env: {}, db, logger, api: internalApi(config()) };
    const { app } = await buildService(authService, deps);
    server = app.listen(0);
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    // Loaded once per process on the first check of a configured ADMIN_PASSWORD, as at a real start.
    await checkNewPassword("warming-up-the-dictionaries", { email: "owner@example.com" });
  }, 60_000);

  afterAll(async () => {
    server?.close();
    await closeDb(db);
    rmSync(dir, { recursive: true, force: true });
  });

  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ email, password }),
    });

  it("creates the first admin with a generated password and prints it once", async () => {
    const printed = lines.filter((line) => line.level === "warn" && line.msg.includes("generated password"));
    expect(printed).toHaveLength(1);
    expect(printed[0]!.msg).toContain(DEFAULT_EMBEDDED_ADMIN);
    generated = /generated password (\S+)/.exec(printed[0]!.msg)![1]!;
    expect(generated).toMatch(/^[A-Za-z0-9_-]{24}$/);

    await createAuth({ config: config(), env: {}, db, logger, api: internalApi(config()) });
    expect(lines.filter((line) => line.msg.includes("generated password"))).toHaveLength(1);
    expect(await db("auth.admins").count<{ n: number }[]>({ n: "*" })).toEqual([{ n: 1 }]);
  });

  it("logs in with the printed password, and the session resolves until it expires", async () => {
    const response = await login(DEFAULT_EMBEDDED_ADMIN, generated);
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    const session = () => fetch(`${url}/api/auth/session`, { headers: { cookie } });
    expect((await session()).status).toBe(200);

    const id = cookie.slice(cookie.indexOf("=") + 1);
    await db("auth.sessions")
      .where({ id_hash: hashSessionId(id) })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await session();
    expect(expired.status).toBe(401);
    expect(expired.headers.get("set-cookie")).toContain("Max-Age=0");
  });

  it("logs every login outcome as a structured security event, never with the password or the address", async () => {
    const email = `audit-${Date.now()}@example.com`;
    const before = lines.length;
    expect((await login(email, "a-wrong-secret-value", { "x-forwarded-for": "203.0.113.44" })).status).toBe(401);
    expect((await login(DEFAULT_EMBEDDED_ADMIN, generated)).status).toBe(200);
    const events = lines.slice(before).filter((line) => line.fields.event === "login");
    expect(events.map((line) => [line.level, line.fields.outcome])).toEqual([
      ["warn", "failed"],
      ["info", "succeeded"],
    ]);
    expect(events[0]!.fields.email).toBe(email);
    const written = JSON.stringify(lines.slice(before));
    for (const secret of ["a-wrong-secret-value", generated, "203.0.113.44"]) expect(written).not.toContain(secret);
  });

  it("creates a configured admin once, even when several starts race", async () => {
    const admins = new AdminsRepository(db);
    const settings = { embedded: false, adminEmail: " Owner@Example.com ", adminPassword: "a-long-passphrase" };
    await Promise.all([1, 2, 3].map(() => ensureFirstAdmin(admins, settings, logger)));
    expect(await db("auth.admins").where({ email: "owner@example.com" }).count<{ n: number }[]>({ n: "*" })).toEqual([
      { n: 1 },
    ]);
    const created = () => lines.filter((line) => line.msg.includes("created the admin account")).length;
    expect(created()).toBe(1);
    await ensureFirstAdmin(admins, settings, logger);
    expect(created()).toBe(1);
    const notApplied = () => lines.filter((line) => line.msg.includes("was NOT applied")).length;
    expect(notApplied()).toBe(0);
    // A changed ADMIN_PASSWORD is said out loud, not silently ignored, and the old password still works.
    await ensureFirstAdmin(admins, { ...settings, adminPassword: "a-different-passphrase" }, logger);
    expect(notApplied()).toBe(1);
    expect((await login("owner@example.com", "a-long-passphrase")).status).toBe(200);
  });

  it("refuses to create the first admin from a weak ADMIN_PASSWORD, saying why", async () => {
    const admins = new AdminsRepository(db);
    for (const adminPassword of ["password1234", "weak@example.com"]) {
      const settings = { embedded: false, adminEmail: "weak@example.com", adminPassword };
      await expect(ensureFirstAdmin(admins, settings, logger)).rejects.toThrow(/ADMIN_PASSWORD is too weak/);
    }
    expect(await admins.findByEmail("weak@example.com")).toBeUndefined();
  });
});

describe("session lifetimes over embedded PGlite, on a clock the test moves", () => {
  let service: EmbeddedService;
  let db: Knex;
  let url = "";
  const started = Date.now();
  let clock = new Date(started);
  const minutes = (n: number) => new Date(started + n * 60_000);
  const owner = { email: "owner@example.com", password: "a-long-passphrase" };

  beforeAll(async () => {
    // An absolute lifetime of 0.05 days (72 minutes) and the default idle limit of 30 minutes.
    const env = { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, SESSION_TTL_DAYS: "0.05" };
    const definition = { ...authService, create: (deps: ServiceDeps) => createAuth(deps, { now: () => clock }) };
    service = await startEmbeddedService(definition, { env, logger: recordingLogger().logger });
    ({ db, url } = service);
  }, 60_000);

  afterAll(async () => {
    await service?.close();
  });

  async function signIn(headers: Record<string, string> = {}) {
    const response = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(owner),
    });
    expect(response.status).toBe(200);
    return response.headers.get("set-cookie")!;
  }
  const session = (cookie: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/auth/session`, { headers: { cookie, ...headers } });
  const lastSeen = async (cookie: string) => {
    const row = await db("auth.sessions")
      .where({ id_hash: hashSessionId(cookie.slice(cookie.indexOf("=") + 1)) })
      .first();
    return row ? new Date(row.last_seen_at as string).getTime() : undefined;
  };

  it("ends a session 30 minutes after its last use, sliding with each use, written once a minute at most", async () => {
    clock = minutes(0);
    const cookie = (await signIn()).split(";")[0]!;
    clock = minutes(29);
    expect((await session(cookie)).status).toBe(200);
    expect(await lastSeen(cookie)).toBe(minutes(29).getTime());
    clock = minutes(29.5);
    expect((await session(cookie)).status).toBe(200);
    expect(await lastSeen(cookie)).toBe(minutes(29).getTime());
    clock = minutes(58.9);
    expect((await session(cookie)).status).toBe(200);
    expect(await lastSeen(cookie)).toBe(minutes(58.9).getTime());

    clock = minutes(88.9);
    const idle = await session(cookie);
    expect(idle.status).toBe(401);
    expect(idle.headers.get("set-cookie")).toMatch(/^rsv_session=; Max-Age=0;/);
    // Gone for good: going back in time does not revive it once a sign-in has swept it away.
    await signIn();
    expect(await lastSeen(cookie)).toBeUndefined();
  });

  it("ends a session at its absolute lifetime, however recently it was used", async () => {
    clock = minutes(100);
    const cookie = (await signIn()).split(";")[0]!;
    for (const at of [120, 140, 160]) {
      clock = minutes(at);
      expect((await session(cookie)).status, `${at - 100} minutes in`).toBe(200);
    }
    clock = minutes(172);
    expect((await session(cookie)).status).toBe(401);
  });

  it("names the cookie __Host-rsv_session for a public host and reads only that name there", async () => {
    clock = minutes(200);
    const publicHost = { "x-forwarded-host": "reviews.example.com" };
    const setCookie = await signIn(publicHost);
    expect(setCookie).toMatch(
      /^__Host-rsv_session=[A-Za-z0-9_-]{43}; Max-Age=4320; .*; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
    const id = setCookie.slice(setCookie.indexOf("=") + 1, setCookie.indexOf(";"));
    expect((await session(`__Host-rsv_session=${id}`, publicHost)).status).toBe(200);
    expect((await session(`rsv_session=${id}`, publicHost)).status).toBe(401);
    expect((await session(`rsv_session=${id}`)).status).toBe(200);
  });

  const attempt = (email: string, password: string, cookie?: string) =>
    fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ email, password }),
    });

  it("limits attempts in memory per account with a growing delay, not a 15-minute lock", async () => {
    clock = minutes(300);
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await attempt(email, "wrong")).status).toBe(401);
    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      const blocked = await attempt(email, "wrong");
      expect(blocked.status).toBe(429);
      waits.push(blocked.headers.get("retry-after")!);
      clock = new Date(clock.getTime() + Number(waits.at(-1)) * 1000);
      expect((await attempt(email, "wrong")).status).toBe(401);
    }
    expect(waits).toEqual(["1", "2", "4", "8"]);
  });

  it("lets the owner in at once from a browser that signed in before, and after the delay from a new one", async () => {
    clock = minutes(400);
    const device = (await signIn())
      .split(", ")
      .find((cookie) => cookie.startsWith("rsv_device="))!
      .split(";")[0]!;
    expect(device).toMatch(/^rsv_device=[A-Za-z0-9_-]{43}$/);
    // Someone spends the account's attempts and keeps trying at every moment it is allowed.
    for (let i = 0; i < 5; i++) expect((await attempt(owner.email, "a-guess")).status).toBe(401);
    for (let i = 0; i < 6; i++) {
      const blocked = await attempt(owner.email, "a-guess");
      clock = new Date(clock.getTime() + Number(blocked.headers.get("retry-after")) * 1000);
      expect((await attempt(owner.email, "a-guess")).status).toBe(401);
    }
    expect((await attempt(owner.email, owner.password)).status).toBe(429);
    expect((await attempt(owner.email, owner.password, device)).status).toBe(200);
    // A made-up device cookie buys nothing.
    expect((await attempt(owner.email, owner.password, `rsv_device=${"A".repeat(43)}`)).status).toBe(429);

    const fromNewBrowser = await attempt(owner.email, owner.password);
    expect(fromNewBrowser.status).toBe(429);
    const wait = Number(fromNewBrowser.headers.get("retry-after"));
    expect(wait).toBe(64);
    clock = new Date(clock.getTime() + wait * 1000);
    expect((await attempt(owner.email, owner.password)).status).toBe(200);
  });
});
