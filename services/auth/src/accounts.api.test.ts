import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, createDb, type Knex } from "@rsv/kit";
import { adminCookie, assertMatchesSpec, call, gatewayUrl, type ApiResponse } from "@rsv/kit/testing";

interface ErrorBody {
  error: { code: string; message: string; details?: Array<{ path: string; reason?: string }> };
}
interface SessionBody {
  user: { id: number; email: string; role: string };
}
interface CreatedInvitation {
  id: number;
  email: string;
  role: string;
  link: string;
  expiresAt: string;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const cookieOf = (response: ApiResponse) => (response.headers.get("set-cookie") ?? "").split(";")[0]!;
const tokenOf = (link: string) => new URL(link).hash.replace("#invitation=", "");
const strong = "quiet harbour lanterns drift at dawn";

describe("accounts and invitations through the nginx gateway", () => {
  let db: Knex;
  let owner = "";
  const invited: string[] = [];

  beforeAll(async () => {
    db = createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: ".data", poolMax: 2 });
    owner = await adminCookie();
  });

  afterAll(async () => {
    if (invited.length) {
      await db("auth.admins").whereIn("email", invited).delete();
      await db("auth.invitations").whereIn("email", invited).delete();
    }
    await closeDb(db);
  });

  async function invite(role: "owner" | "editor" = "editor") {
    const email = `invited-${unique()}@example.com`;
    invited.push(email);
    const response = await call<CreatedInvitation & ErrorBody>("POST", "/api/auth/invitations", {
      headers: { cookie: owner },
      json: { email: email.toUpperCase(), role },
    });
    assertMatchesSpec("createInvitation", response);
    expect(response.status).toBe(201);
    // Lower-cased, as login finds accounts.
    expect(response.body.email).toBe(email);
    return { ...response.body, email, token: tokenOf(response.body.link) };
  }

  async function accept(token: string, password = strong) {
    const response = await call<SessionBody & ErrorBody>("POST", "/api/auth/invitations/accept", {
      json: { token, password },
    });
    assertMatchesSpec("acceptInvitation", response);
    return response;
  }

  const reasonOf = (response: ApiResponse<ErrorBody>) => response.body.error.details?.map((detail) => detail.reason);

  it("gives the owner a single-use link to the admin page, storing only a hash of its token", async () => {
    const invitation = await invite();
    expect(invitation.link).toMatch(
      new RegExp(`^${gatewayUrl().replace(/\/$/, "")}/admin#invitation=[A-Za-z0-9_-]{43}$`),
    );
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const [row] = await db("auth.invitations").where({ id: invitation.id });
    expect(row.token_hash).toBe(createHash("sha256").update(invitation.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(invitation.token);
    // The activity log has the invitation, not its link.
    const [event] = await db("auth.audit_events")
      .where({ action: "createInvitation" })
      .whereRaw("target->>'id' = ?", [String(invitation.id)]);
    expect(event.changes).toContainEqual(expect.objectContaining({ field: "email", after: invitation.email }));
    expect(JSON.stringify(event)).not.toContain(invitation.token);

    const listed = await call<Array<{ id: number; link?: string }>>("GET", "/api/auth/invitations", {
      headers: { cookie: owner },
    });
    assertMatchesSpec("listInvitations", listed);
    const mine = listed.body.find((each) => each.id === invitation.id);
    expect(mine).toBeDefined();
    expect(mine).not.toHaveProperty("link");
  });

  it("creates the editor with a strong password and signs them in; the link then answers it was used", async () => {
    const invitation = await invite();
    // A weak password is refused with the same rule as a password change, and the link stays usable.
    const weak = await accept(invitation.token, "password12345");
    expect(weak.status).toBe(400);
    expect(reasonOf(weak)).toEqual(["password_too_weak"]);
    const close = await accept(invitation.token, `${invitation.email}!`);
    expect(reasonOf(close)).toEqual(["password_resembles_email"]);

    const accepted = await accept(invitation.token);
    expect(accepted.status).toBe(201);
    expect(accepted.body.user).toMatchObject({ email: invitation.email, role: "editor" });
    const session = await call<SessionBody>("GET", "/api/auth/session", { headers: { cookie: cookieOf(accepted) } });
    expect(session.body.user).toMatchObject({ email: invitation.email, role: "editor" });
    const login = await call<SessionBody>("POST", "/api/auth/login", {
      json: { email: invitation.email, password: strong },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe("editor");

    const again = await accept(invitation.token, "another quiet harbour of lanterns");
    expect(again.status).toBe(400);
    expect(reasonOf(again)).toEqual(["invitation_used"]);
    const listed = await call<Array<{ email: string; role: string }>>("GET", "/api/auth/accounts", {
      headers: { cookie: owner },
    });
    assertMatchesSpec("listAccounts", listed);
    expect(listed.body).toContainEqual(expect.objectContaining({ email: invitation.email, role: "editor" }));
  });

  it("refuses a revoked link, an expired link and a made-up one", async () => {
    const revoked = await invite();
    const revoke = await call("DELETE", `/api/auth/invitations/${revoked.id}`, { headers: { cookie: owner } });
    assertMatchesSpec("revokeInvitation", revoke);
    expect(revoke.status).toBe(204);
    expect(reasonOf(await accept(revoked.token))).toEqual(["invitation_revoked"]);
    expect((await call("DELETE", `/api/auth/invitations/${revoked.id}`, { headers: { cookie: owner } })).status).toBe(
      404,
    );

    const expired = await invite();
    await db("auth.invitations")
      .where({ id: expired.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(reasonOf(await accept(expired.token))).toEqual(["invitation_expired"]);

    expect(reasonOf(await accept("A".repeat(43)))).toEqual(["invitation_unknown"]);
    expect(reasonOf(await accept("not a token"))).toEqual(["invitation_unknown"]);
    expect(await db("auth.admins").whereIn("email", [revoked.email, expired.email])).toEqual([]);
  });

  it("refuses an invitation to an address that has an account, and an accept from another site", async () => {
    const taken = await call<ErrorBody>("POST", "/api/auth/invitations", {
      headers: { cookie: owner },
      json: { email: process.env.ADMIN_EMAIL, role: "editor" },
    });
    assertMatchesSpec("createInvitation", taken);
    expect(taken.status).toBe(409);

    const invitation = await invite();
    const crossSite = await call<ErrorBody>("POST", "/api/auth/invitations/accept", {
      json: { token: invitation.token, password: strong },
      headers: { origin: "https://elsewhere.example" },
    });
    expect(crossSite.status).toBe(403);
    expect((await accept(invitation.token)).status).toBe(201);
  });

  it("ends a removed account's sessions at once, here and in the other services", async () => {
    const invitation = await invite();
    const accepted = await accept(invitation.token);
    const editor = cookieOf(accepted);
    expect((await call("GET", "/api/images", { headers: { cookie: editor } })).status).toBe(200);

    const removed = await call("DELETE", `/api/auth/accounts/${accepted.body.user.id}`, { headers: { cookie: owner } });
    assertMatchesSpec("deleteAccount", removed);
    expect(removed.status).toBe(204);
    expect((await call("GET", "/api/auth/session", { headers: { cookie: editor } })).status).toBe(401);
    expect((await call("GET", "/api/images", { headers: { cookie: editor } })).status).toBe(401);
    const gone = await call("DELETE", `/api/auth/accounts/${accepted.body.user.id}`, { headers: { cookie: owner } });
    expect(gone.status).toBe(404);
  });

  it("revokes the links an owner made when they are removed, demoted or sign out everywhere", async () => {
    /** A second owner, and an invitation to a third address that this owner made. */
    const ownerWithLink = async () => {
      const accepted = await accept((await invite("owner")).token);
      const cookie = cookieOf(accepted);
      const email = `made-by-${unique()}@example.com`;
      invited.push(email);
      const made = await call<CreatedInvitation>("POST", "/api/auth/invitations", {
        headers: { cookie },
        json: { email, role: "owner" },
      });
      expect(made.status).toBe(201);
      return { id: accepted.body.user.id, cookie, link: made.body, token: tokenOf(made.body.link) };
    };
    const pending = async () =>
      (await call<Array<{ id: number }>>("GET", "/api/auth/invitations", { headers: { cookie: owner } })).body.map(
        (invitation) => invitation.id,
      );

    const removed = await ownerWithLink();
    expect(await pending()).toContain(removed.link.id);
    expect((await call("DELETE", `/api/auth/accounts/${removed.id}`, { headers: { cookie: owner } })).status).toBe(204);
    expect(await pending()).not.toContain(removed.link.id);
    expect(reasonOf(await accept(removed.token))).toEqual(["invitation_revoked"]);

    const demoted = await ownerWithLink();
    const demote = await call("PATCH", `/api/auth/accounts/${demoted.id}`, {
      headers: { cookie: owner },
      json: { role: "editor" },
    });
    expect(demote.status).toBe(200);
    expect(reasonOf(await accept(demoted.token))).toEqual(["invitation_revoked"]);

    const signedOut = await ownerWithLink();
    expect((await call("DELETE", "/api/auth/sessions", { headers: { cookie: signedOut.cookie } })).status).toBe(204);
    expect(reasonOf(await accept(signedOut.token))).toEqual(["invitation_revoked"]);

    // A demotion that reached the row without the revocation (as under a race with it): still refused.
    const raced = await ownerWithLink();
    await db("auth.admins").where({ id: raced.id }).update({ role: "editor" });
    const refused = await accept(raced.token);
    expect(refused.status).toBe(400);
    expect(reasonOf(refused)).toEqual(["invitation_revoked"]);
    expect(await db("auth.admins").where({ email: raced.link.email })).toEqual([]);
    // An owner's other links are untouched by all of this.
    expect((await accept((await invite()).token)).status).toBe(201);
  });

  it("changes a role from the account's next request on", async () => {
    const invitation = await invite();
    const accepted = await accept(invitation.token);
    const editor = cookieOf(accepted);
    expect((await call("GET", "/api/newsletter", { headers: { cookie: editor } })).status).toBe(403);
    const promoted = await call<{ role: string }>("PATCH", `/api/auth/accounts/${accepted.body.user.id}`, {
      headers: { cookie: owner },
      json: { role: "owner" },
    });
    assertMatchesSpec("updateAccount", promoted);
    expect(promoted.body.role).toBe("owner");
    expect((await call("GET", "/api/newsletter", { headers: { cookie: editor } })).status).toBe(200);
    const demoted = await call("PATCH", `/api/auth/accounts/${accepted.body.user.id}`, {
      headers: { cookie: owner },
      json: { role: "editor" },
    });
    expect(demoted.status).toBe(200);
    expect((await call("GET", "/api/newsletter", { headers: { cookie: editor } })).status).toBe(403);
  });
});
