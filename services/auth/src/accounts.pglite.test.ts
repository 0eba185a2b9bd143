import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceDeps } from "@rsv/kit";
import { startEmbeddedService, type EmbeddedService } from "@rsv/kit/testing";
import { INVITATION_TTL_MS, LAST_OWNER } from "./domain/invitation.js";
import { authService, createAuth } from "./service.js";

interface ErrorBody {
  error: { code: string; message: string; details?: Array<{ path: string; reason?: string }> };
}

/**
 * Accounts and invitations on embedded PGlite, where the account ADMIN_EMAIL created is the only one
 * at first: the last-owner rule can be shown from both sides, and invitations age on a moved clock.
 */
describe("accounts and invitations over embedded PGlite", () => {
  let service: EmbeddedService;
  let url = "";
  let clock = new Date();
  const owner = { email: "owner@example.com", password: "a-long-passphrase" };
  const strong = "violet tugboat sings over granite";

  beforeAll(async () => {
    const env = { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password };
    const definition = { ...authService, create: (deps: ServiceDeps) => createAuth(deps, { now: () => clock }) };
    service = await startEmbeddedService(definition, { env });
    url = service.url;
  }, 60_000);

  afterAll(async () => {
    await service?.close();
  });

  /** A same-origin call, as the admin's pages make it. */
  async function send<T = ErrorBody>(method: string, path: string, options: { cookie?: string; json?: unknown } = {}) {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        origin: url,
        ...(options.json !== undefined ? { "content-type": "application/json" } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: options.json !== undefined ? JSON.stringify(options.json) : undefined,
    });
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
    return { status: response.status, body: (await response.json().catch(() => null)) as T, cookie };
  }

  const signIn = async (email: string, password: string) => {
    const response = await send<{ user: { id: number; role: string } }>("POST", "/api/auth/login", {
      json: { email, password },
    });
    expect(response.status).toBe(200);
    return { cookie: response.cookie, ...response.body.user };
  };

  const invite = async (cookie: string, email: string, role: "owner" | "editor") => {
    const response = await send<{ link: string; id: number }>("POST", "/api/auth/invitations", {
      cookie,
      json: { email, role },
    });
    expect(response.status).toBe(201);
    return { id: response.body.id, token: new URL(response.body.link).hash.replace("#invitation=", "") };
  };

  const accept = (token: string, password = strong) =>
    send<{ user: { id: number; email: string; role: string } } & ErrorBody>("POST", "/api/auth/invitations/accept", {
      json: { token, password },
    });

  it("makes the account ADMIN_EMAIL created an owner, who cannot demote or remove themselves", async () => {
    const me = await signIn(owner.email, owner.password);
    expect(me.role).toBe("owner");
    const demote = await send("PATCH", `/api/auth/accounts/${me.id}`, { cookie: me.cookie, json: { role: "editor" } });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toEqual({ code: "conflict", message: LAST_OWNER });
    const remove = await send("DELETE", `/api/auth/accounts/${me.id}`, { cookie: me.cookie });
    expect(remove.status).toBe(409);
    expect(remove.body.error.message).toBe(LAST_OWNER);
    expect((await send("GET", "/api/auth/session", { cookie: me.cookie })).status).toBe(200);
  });

  it("lets an owner step down once a second owner has accepted, and then holds the new one to the rule", async () => {
    const first = await signIn(owner.email, owner.password);
    const { token } = await invite(first.cookie, "second-owner@example.com", "owner");
    const accepted = await accept(token);
    expect(accepted.status).toBe(201);
    expect(accepted.body.user).toMatchObject({ email: "second-owner@example.com", role: "owner" });
    const second = { cookie: accepted.cookie, id: accepted.body.user.id };

    const stepDown = await send<{ role: string }>("PATCH", `/api/auth/accounts/${first.id}`, {
      cookie: first.cookie,
      json: { role: "editor" },
    });
    expect(stepDown.status).toBe(200);
    expect(stepDown.body.role).toBe("editor");
    // From its next request the first account is an editor: the owner's operations refuse it.
    expect((await send("GET", "/api/auth/accounts", { cookie: first.cookie })).status).toBe(403);
    expect((await send("DELETE", `/api/auth/accounts/${second.id}`, { cookie: second.cookie })).status).toBe(409);
    const restore = await send("PATCH", `/api/auth/accounts/${first.id}`, {
      cookie: second.cookie,
      json: { role: "owner" },
    });
    expect(restore.status).toBe(200);
    // Not the last owner any more: the second may leave, and their session ends with the account.
    expect((await send("DELETE", `/api/auth/accounts/${second.id}`, { cookie: second.cookie })).status).toBe(204);
    expect((await send("GET", "/api/auth/session", { cookie: second.cookie })).status).toBe(401);
  });

  it("revokes the links an owner made when their password changes or they are removed", async () => {
    const first = await signIn(owner.email, owner.password);
    const { token } = await invite(first.cookie, "third-owner@example.com", "owner");
    const third = await accept(token);
    expect(third.status).toBe(201);
    const made = await invite(third.cookie, "made-by-third@example.com", "editor");
    const changed = await send("POST", "/api/auth/password", {
      cookie: third.cookie,
      json: { currentPassword: strong, newPassword: "copper lantern hums beneath the pier" },
    });
    expect(changed.status).toBe(204);
    expect((await accept(made.token)).body.error.details?.[0]?.reason).toBe("invitation_revoked");

    const later = await invite(third.cookie, "made-later@example.com", "editor");
    const listed = await send<Array<{ id: number }>>("GET", "/api/auth/invitations", { cookie: first.cookie });
    expect(listed.body.map((invitation) => invitation.id)).toContain(later.id);
    expect((await send("DELETE", `/api/auth/accounts/${third.body.user.id}`, { cookie: first.cookie })).status).toBe(
      204,
    );
    const after = await send<Array<{ id: number }>>("GET", "/api/auth/invitations", { cookie: first.cookie });
    expect(after.body.map((invitation) => invitation.id)).not.toContain(later.id);
    expect((await accept(later.token)).body.error.details?.[0]?.reason).toBe("invitation_revoked");
  });

  it("builds the link from the address the owner's browser used, https when TLS ended before the site", async () => {
    const me = await signIn(owner.email, owner.password);
    const asSeen = url.replace("http://", "https://");
    const response = await fetch(`${url}/api/auth/invitations`, {
      method: "POST",
      headers: { origin: asSeen, "content-type": "application/json", cookie: me.cookie },
      body: JSON.stringify({ email: "behind-tls@example.com", role: "editor" }),
    });
    expect(response.status).toBe(201);
    const { link } = (await response.json()) as { link: string };
    expect(link).toMatch(new RegExp(`^${asSeen}/admin#invitation=[A-Za-z0-9_-]{43}$`));
    const direct = await invite(me.cookie, "direct@example.com", "editor");
    expect(direct.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("refuses a link 7 days after it was made, and lists it no longer", async () => {
    const me = await signIn(owner.email, owner.password);
    const made = clock;
    const { id, token } = await invite(me.cookie, "slow@example.com", "editor");
    clock = new Date(made.getTime() + INVITATION_TTL_MS - 60_000);
    // The owner's session went idle meanwhile.
    const later = await signIn(owner.email, owner.password);
    const pending = await send<Array<{ id: number }>>("GET", "/api/auth/invitations", { cookie: later.cookie });
    expect(pending.body.map((each) => each.id)).toContain(id);
    clock = new Date(made.getTime() + INVITATION_TTL_MS);
    const late = await accept(token);
    expect(late.status).toBe(400);
    expect(late.body.error.details).toEqual([expect.objectContaining({ path: "token", reason: "invitation_expired" })]);
    const after = await send<Array<{ id: number }>>("GET", "/api/auth/invitations", { cookie: later.cookie });
    expect(after.body.map((each) => each.id)).not.toContain(id);
  });
});
