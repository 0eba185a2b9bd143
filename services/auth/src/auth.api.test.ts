import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, createDb, type Knex } from "@rsv/kit";
import { request as httpRequest } from "node:http";
import { adminCookie, assertMatchesSpec, call, gatewayUrl, type ApiResponse } from "@rsv/kit/testing";
import { hashSessionId } from "./domain/credentials.js";
import { hashPassword } from "./domain/password.js";

interface ErrorBody {
  error: {
    code: string;
    message: string;
    details?: Array<{ path: string; message: string; reason?: string; hints?: string[] }>;
  };
}
interface SessionBody {
  user: { id: number; email: string; role: string };
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const cookieOf = (response: ApiResponse) => (response.headers.get("set-cookie") ?? "").split(";")[0]!;
const sessionIdOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

/** A request with headers fetch may not send (Host), straight to nginx. */
function rawCall(
  method: string,
  path: string,
  options: { headers: Record<string, string>; body?: string },
): Promise<{ status: number; setCookie: string[] }> {
  const gateway = new URL(gatewayUrl());
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: gateway.hostname, port: gateway.port, method, path, headers: options.headers },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, setCookie: response.headers["set-cookie"] ?? [] }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

async function login(email: string, password: string, headers: Record<string, string> = {}) {
  const response = await call<SessionBody & ErrorBody>("POST", "/api/auth/login", {
    json: { email, password },
    headers,
  });
  assertMatchesSpec("login", response);
  return response;
}

async function session(cookie?: string) {
  const response = await call<SessionBody & ErrorBody>("GET", "/api/auth/session", {
    headers: cookie ? { cookie } : {},
  });
  assertMatchesSpec("getSession", response);
  return response;
}

async function logout(cookie: string) {
  const response = await call<ErrorBody>("POST", "/api/auth/logout", { headers: { cookie } });
  assertMatchesSpec("logout", response);
  return response;
}

describe("auth through the nginx gateway", () => {
  let db: Knex;
  const created: string[] = [];

  /** Admin accounts have no API: a throwaway one is added to the auth schema, so lockouts never hit the real admin. */
  async function testAdmin() {
    const account = { email: `auth-test-${unique()}@example.com`, password: `pass-${unique()}-phrase` };
    await db("auth.admins").insert({
      email: account.email,
      password_hash: await hashPassword(account.password),
      role: "owner",
    });
    created.push(account.email);
    return account;
  }

  beforeAll(() => {
    db = createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: ".data", poolMax: 2 });
  });

  afterAll(async () => {
    if (created.length) await db("auth.admins").whereIn("email", created).delete();
    await closeDb(db);
  });

  it("logs the configured admin in with an HttpOnly, SameSite=Strict, site-wide session cookie", async () => {
    const response = await login(process.env.ADMIN_EMAIL!.toUpperCase(), process.env.ADMIN_PASSWORD!);
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe(process.env.ADMIN_EMAIL!.toLowerCase());
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^rsv_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toContain(`Max-Age=${7 * 24 * 3600}`);
    // Served from 127.0.0.1: no Secure, or the browser would drop the cookie over plain HTTP.
    expect(setCookie).not.toContain("Secure");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("names the cookie __Host-rsv_session on a public host: Secure, Path=/, no Domain, the only name read there", async () => {
    const { email, password } = await testAdmin();
    // fetch cannot set Host; the site's name reaches nginx as a browser would send it.
    const publicHost = { host: "reviews.example.com" };
    const loggedIn = await rawCall("POST", "/api/auth/login", {
      headers: { ...publicHost, "content-type": "application/json", origin: "https://reviews.example.com" },
      body: JSON.stringify({ email, password }),
    });
    expect(loggedIn.status).toBe(200);
    const setCookie = loggedIn.setCookie[0] ?? "";
    expect(setCookie).toMatch(
      /^__Host-rsv_session=[A-Za-z0-9_-]{43}; Max-Age=604800; Expires=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(setCookie).not.toMatch(/domain=/i);
    const id = sessionIdOf(setCookie.split(";")[0]!);

    const asked = (path: string, cookie: string, headers = publicHost) =>
      rawCall("GET", path, { headers: { ...headers, cookie } });
    expect((await asked("/api/auth/session", `__Host-rsv_session=${id}`)).status).toBe(200);
    // Another service asks auth over HTTP: the prefixed cookie is understood there too.
    expect((await asked("/api/newsletter", `__Host-rsv_session=${id}`)).status).toBe(200);
    // A cookie without the prefix could have been planted by a sibling subdomain: it is not read.
    expect((await asked("/api/auth/session", `rsv_session=${id}`)).status).toBe(401);
    expect((await asked("/api/newsletter", `rsv_session=${id}`)).status).toBe(401);
    // And on this machine the plain name is the one.
    expect((await session(`__Host-rsv_session=${id}`)).status).toBe(401);
    expect((await session(`rsv_session=${id}`)).status).toBe(200);

    const out = await rawCall("POST", "/api/auth/logout", {
      headers: { ...publicHost, cookie: `__Host-rsv_session=${id}`, origin: "https://reviews.example.com" },
    });
    expect(out.status).toBe(204);
    expect(out.setCookie[0]).toMatch(/^__Host-rsv_session=; Max-Age=0;.*Path=\/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it("answers the session with the cookie and 401 without, or with a cookie it never issued", async () => {
    const cookie = await adminCookie();
    const ok = await session(cookie);
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(process.env.ADMIN_EMAIL!.toLowerCase());
    // The account ADMIN_EMAIL created is an owner.
    expect(ok.body.user.role).toBe("owner");

    const anonymous = await session();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("unauthorized");

    const forged = await session(`rsv_session=${"A".repeat(43)}`);
    expect(forged.status).toBe(401);
    expect(forged.headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await session("rsv_session=not-even-well-formed")).status).toBe(401);
  });

  it("revokes the session at logout at once: here and in the other services", async () => {
    const { email, password } = await testAdmin();
    const cookie = cookieOf(await login(email, password));
    expect((await session(cookie)).status).toBe(200);
    const listed = await call("GET", "/api/newsletter", { headers: { cookie } });
    assertMatchesSpec("listSubscribers", listed);
    expect(listed.status).toBe(200);

    const out = await logout(cookie);
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/^rsv_session=; Max-Age=0;.*HttpOnly; SameSite=Strict/);
    expect(
      await db("auth.sessions")
        .where({ id_hash: hashSessionId(sessionIdOf(cookie)) })
        .first(),
    ).toBeUndefined();

    expect((await session(cookie)).status).toBe(401);
    const refused = await call<ErrorBody>("GET", "/api/newsletter", { headers: { cookie } });
    assertMatchesSpec("listSubscribers", refused);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("unauthorized");

    const again = await logout(cookie);
    expect(again.status).toBe(401);
    expect(again.headers.get("set-cookie")).toContain("Max-Age=0");
  });

  it("rejects a session past its absolute lifetime even while in use, and a later login clears ended rows", async () => {
    const { email, password } = await testAdmin();
    const cookie = cookieOf(await login(email, password));
    const idHash = hashSessionId(sessionIdOf(cookie));
    const row = await db("auth.sessions").where({ id_hash: idHash }).first();
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(7 * 86_400_000);
    await db("auth.sessions")
      .where({ id_hash: idHash })
      .update({ expires_at: new Date(Date.now() - 1000), last_seen_at: new Date() });
    const expired = await session(cookie);
    expect(expired.status).toBe(401);
    expect(expired.headers.get("set-cookie")).toContain("Max-Age=0");

    expect((await login(email, password)).status).toBe(200);
    expect(await db("auth.sessions").where({ id_hash: idHash }).first()).toBeUndefined();
  });

  it("ends a session unused for 30 minutes; a use moves the limit on, written at most once a minute", async () => {
    const { email, password } = await testAdmin();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const lastSeen = async (idHash: string) =>
      new Date((await db("auth.sessions").where({ id_hash: idHash }).first()).last_seen_at as string);

    const idle = cookieOf(await login(email, password));
    const idleHash = hashSessionId(sessionIdOf(idle));
    await db("auth.sessions")
      .where({ id_hash: idleHash })
      .update({ last_seen_at: minutesAgo(31) });
    expect((await session(idle)).status).toBe(401);
    // Every service asks auth, so the idle limit holds everywhere.
    expect((await call("GET", "/api/newsletter", { headers: { cookie: idle } })).status).toBe(401);

    const active = cookieOf(await login(email, password));
    const activeHash = hashSessionId(sessionIdOf(active));
    await db("auth.sessions")
      .where({ id_hash: activeHash })
      .update({ last_seen_at: minutesAgo(29) });
    const before = Date.now();
    expect((await call("GET", "/api/newsletter", { headers: { cookie: active } })).status).toBe(200);
    expect((await lastSeen(activeHash)).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const recent = minutesAgo(0.5);
    await db("auth.sessions").where({ id_hash: activeHash }).update({ last_seen_at: recent });
    expect((await session(active)).status).toBe(200);
    expect((await lastSeen(activeHash)).getTime()).toBe(recent.getTime());
  });

  it("answers a wrong password and an unknown email with the same 401", async () => {
    const { email } = await testAdmin();
    const wrongPassword = await login(email, "not-the-password");
    const unknownEmail = await login(`nobody-${unique()}@example.com`, "not-the-password");
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: { code: "unauthorized", message: "Invalid email or password" } });
    expect(unknownEmail.text).toBe(wrongPassword.text);
    expect(wrongPassword.headers.get("set-cookie")).toBeNull();
  });

  it("takes as long to refuse an unknown email as a wrong password (medians of 20 within 25 ms)", async () => {
    const accounts = await Promise.all(Array.from({ length: 20 }, () => testAdmin()));
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await login(email, "not-the-password");
      expect(response.status).toBe(401);
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const wrongPassword: number[] = [];
    const unknownEmail: number[] = [];
    // Interleaved, so machine load falls on both alike; each account once, under its login budget.
    for (const account of accounts) {
      wrongPassword.push(await timed(account.email));
      unknownEmail.push(await timed(`nobody-${unique()}@example.com`));
    }
    expect(Math.abs(median(wrongPassword) - median(unknownEmail))).toBeLessThan(25);
  });

  /**
   * Attempts arriving together are counted before any password is checked: exactly the free ones are
   * checked, the others wait (the first wait is a second, so only attempts arriving together see it here).
   */
  async function expectAccountSpent(email: string, headersOf: (i: number) => Record<string, string> = () => ({})) {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(email, "wrong-password", headersOf(i))),
    );
    expect(responses.filter((response) => response.status === 401)).toHaveLength(5);
    const refused = responses.filter((response) => response.status === 429);
    expect(refused).toHaveLength(3);
    for (const response of refused) {
      expect(response.body.error.code).toBe("rate_limited");
      expect(response.headers.get("retry-after")).toMatch(/^[12]$/);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  }

  // eslint-disable-next-line no-restricted-syntax -- the login delay under test is time itself: only waiting it out shows it ends
  const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const deviceOf = (response: ApiResponse) =>
    response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("rsv_device="))!
      .split(";")[0]!;

  it("lets the owner in at once from a known browser while failures from many addresses hold the account back", async () => {
    const { email, password } = await testAdmin();
    const signedIn = await login(email, password);
    const device = deviceOf(signedIn);
    expect(signedIn.headers.getSetCookie()[1]).toMatch(
      /^rsv_device=[A-Za-z0-9_-]{43}; Max-Age=31536000; Expires=[^;]+; Path=\/; HttpOnly; SameSite=Strict$/,
    );

    // Made-up first X-Forwarded-For entries: nginx appends the real address, and the account counts either way.
    await expectAccountSpent(email, (i) => ({ "x-forwarded-for": `198.51.100.${i}` }));
    // The attacker keeps guessing at every moment allowed, and each wait doubles, until it is told 4 s or more.
    const waits: number[] = [];
    while (!waits.some((wait) => wait >= 4) && waits.length < 10) {
      const guess = await login(email, "wrong-password", { "x-forwarded-for": `198.51.100.${waits.length + 10}` });
      if (guess.status !== 429) continue;
      const wait = Number(guess.headers.get("retry-after"));
      waits.push(wait);
      // eslint-disable-next-line no-restricted-syntax -- the attacker waits out each delay it is told
      if (wait < 4) await sleep(wait);
    }
    expect(waits.at(-1)).toBeGreaterThanOrEqual(4);

    const known = await login(email, password, { cookie: device });
    expect(known.status).toBe(200);
    expect(deviceOf(known)).toBe(device);
    // A device cookie the account never issued buys nothing.
    const madeUp = await login(email, password, { cookie: `rsv_device=${"A".repeat(43)}` });
    expect(madeUp.status).toBe(429);
    // A browser never seen with the right password waits out the delay (seconds here, 5 minutes at most), no more.
    const wait = Number(madeUp.headers.get("retry-after"));
    expect(wait).toBeLessThanOrEqual(16);
    // eslint-disable-next-line no-restricted-syntax -- the owner's new browser waits out the delay it is told
    await sleep(wait);
    expect((await login(email, password)).status).toBe(200);
    console.log(`attacker told to wait ${JSON.stringify(waits)} s; the owner's new browser let in after ${wait} s`);
  });

  it("limits unknown emails the same way", async () => {
    const email = `nobody-${unique()}@example.com`;
    await expectAccountSpent(email);
  });

  it("forgets earlier failures after a successful login", async () => {
    const { email, password } = await testAdmin();
    for (let i = 0; i < 4; i++) expect((await login(email, "wrong-password")).status).toBe(401);
    expect((await login(email, password)).status).toBe(200);
    await expectAccountSpent(email);
  });

  it("rejects malformed logins with the 400 envelope", async () => {
    const notAnEmail = await login("not-an-email", "x");
    expect(notAnEmail.status).toBe(400);
    expect(notAnEmail.body.error.code).toBe("validation_failed");
    expect(notAnEmail.body.error.details?.map((d) => d.path)).toEqual(["body.email"]);

    const empty = await call<ErrorBody>("POST", "/api/auth/login", { json: {} });
    assertMatchesSpec("login", empty);
    expect(empty.status).toBe(400);
    expect(empty.body.error.details?.map((d) => d.path).sort()).toEqual(["body.email", "body.password"]);

    const extra = await call<ErrorBody>("POST", "/api/auth/login", {
      json: { email: "a@example.com", password: "x", admin: true },
    });
    assertMatchesSpec("login", extra);
    expect(extra.status).toBe(400);

    const notJson = await call<ErrorBody>("POST", "/api/auth/login", {
      body: "{email",
      headers: { "content-type": "application/json" },
    });
    assertMatchesSpec("login", notJson);
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe("validation_failed");
  });

  describe("password change and signing out everywhere", () => {
    async function changePassword(cookie: string, json: unknown) {
      const response = await call<ErrorBody>("POST", "/api/auth/password", { json, headers: { cookie } });
      assertMatchesSpec("changePassword", response);
      return response;
    }

    it("needs the current password, keeps this session and revokes the others", async () => {
      const { email, password } = await testAdmin();
      const here = cookieOf(await login(email, password));
      const elsewhere = cookieOf(await login(email, password));

      const wrong = await changePassword(here, {
        currentPassword: "not-the-password",
        newPassword: "a-new-long-passphrase",
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toBe("Current password is incorrect");
      expect((await session(elsewhere)).status).toBe(200);

      const short = await changePassword(here, { currentPassword: password, newPassword: "short" });
      expect(short.status).toBe(400);
      expect(short.body.error.details?.map((d) => d.path)).toEqual(["body.newPassword"]);

      const changed = await changePassword(here, { currentPassword: password, newPassword: "a-new-long-passphrase" });
      expect(changed.status).toBe(204);
      expect((await session(here)).status).toBe(200);
      expect((await session(elsewhere)).status).toBe(401);
      expect((await login(email, password)).status).toBe(401);
      expect((await login(email, "a-new-long-passphrase")).status).toBe(200);
    });

    it("keeps its own budget: failed logins do not stop it, and wrong current passwords do not stop logins", async () => {
      const first = await testAdmin();
      const here = cookieOf(await login(first.email, first.password));
      await expectAccountSpent(first.email);
      const changed = await changePassword(here, {
        currentPassword: first.password,
        newPassword: "a-new-long-passphrase",
      });
      expect(changed.status).toBe(204);

      const second = await testAdmin();
      const there = cookieOf(await login(second.email, second.password));
      const guess = { currentPassword: "not-the-password", newPassword: "a-new-long-passphrase" };
      for (let i = 0; i < 5; i++) expect((await changePassword(there, guess)).status).toBe(400);
      const limited = await changePassword(there, guess);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(800);
      expect((await login(second.email, second.password)).status).toBe(200);
    });

    it("refuses common and guessable passwords, the current one and the email, saying why", async () => {
      const { email, password } = await testAdmin();
      const here = cookieOf(await login(email, password));
      const refusals: Array<[string, string, string[]]> = [
        ["aaaaaaaaaaaa", "password_too_weak", ["warning.simpleRepeat"]],
        ["password1234", "password_too_weak", ["warning.similarToCommon"]],
        [password, "password_same_as_current", []],
        [email, "password_resembles_email", []],
        [`${email.toUpperCase()}!1`, "password_resembles_email", []],
      ];
      for (const [newPassword, reason, hints] of refusals) {
        const refused = await changePassword(here, { currentPassword: password, newPassword });
        expect(refused.status, newPassword).toBe(400);
        expect(refused.body.error.code).toBe("validation_failed");
        expect(refused.body.error.details).toEqual([
          expect.objectContaining({ path: "newPassword", reason, hints: expect.arrayContaining(hints) }),
        ]);
      }
      expect((await login(email, password)).status).toBe(200);
      const strong = await changePassword(here, {
        currentPassword: password,
        newPassword: "owner-keeps-bees-in-Soria",
      });
      expect(strong.status).toBe(204);
    });

    it("refuses a password change without a session", async () => {
      const response = await changePassword("", { currentPassword: "x", newPassword: "a-new-long-passphrase" });
      expect(response.status).toBe(401);
    });

    it("signs every session of the account out, leaving other accounts signed in", async () => {
      const first = await testAdmin();
      const other = await testAdmin();
      const a = cookieOf(await login(first.email, first.password));
      const b = cookieOf(await login(first.email, first.password));
      const c = cookieOf(await login(other.email, other.password));
      const response = await call<ErrorBody>("DELETE", "/api/auth/sessions", { headers: { cookie: a } });
      assertMatchesSpec("logoutEverywhere", response);
      expect(response.status).toBe(204);
      expect(response.headers.get("set-cookie")).toMatch(/^rsv_session=;/);
      expect((await session(a)).status).toBe(401);
      expect((await session(b)).status).toBe(401);
      expect((await session(c)).status).toBe(200);
    });
  });
});
