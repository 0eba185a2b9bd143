import type { Context } from "koa";
import {
  badRequest,
  newAuditEvent,
  rateLimited,
  sessionToken,
  unauthorized,
  type AdminUser,
  type AuditSink,
  type OperationRouter,
  type SessionResolver,
} from "@rsv/kit";
import { clearedSessionCookie, deviceCookie, deviceCookieName, sessionCookie } from "../domain/cookie.js";
import {
  INVALID_CREDENTIALS,
  hashSessionId,
  isWellFormedSessionId,
  newSessionId,
  normalizeEmail,
} from "../domain/credentials.js";
import { hashPassword, needsRehash, verifyPassword } from "../domain/password.js";
import { checkNewPassword } from "../domain/password-strength.js";
import type { LoginLimiter } from "../http/login-limiter.js";
import type { AdminsRepository } from "../repository/admins.repository.js";
import type { DevicesRepository } from "../repository/devices.repository.js";
import type { InvitationsRepository } from "../repository/invitations.repository.js";
import type { SessionsRepository } from "../repository/sessions.repository.js";

export interface AuthRouteDeps {
  admins: AdminsRepository;
  sessions: SessionsRepository;
  devices: DevicesRepository;
  /** Signing out everywhere, or a new password, revokes the invitations the account made. */
  invitations: InvitationsRepository;
  limiter: LoginLimiter;
  /** The activity log: a sign-in is recorded here (the kit records the admin operations after it). */
  audit: AuditSink;
  /** The absolute lifetime, which the cookie's Max-Age matches; the idle limit is the server's alone. */
  sessionTtlDays: number;
}

export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";

const clearCookie = (ctx: Context) => ctx.append("Set-Cookie", clearedSessionCookie(ctx.hostname));

/** Sessions are resolved from the auth schema here, not over HTTP; a stale cookie is cleared. */
export function localSessionResolver(sessions: SessionsRepository): SessionResolver {
  return async (ctx): Promise<AdminUser | null> => {
    const token = sessionToken(ctx);
    if (!token) return null;
    const admin = isWellFormedSessionId(token) ? await sessions.resolve(hashSessionId(token)) : undefined;
    if (!admin) clearCookie(ctx);
    return admin ?? null;
  };
}

export function authRoutes(router: OperationRouter, deps: AuthRouteDeps): void {
  const { admins, sessions, devices, invitations, limiter, audit } = deps;
  const ttlSeconds = Math.round(deps.sessionTtlDays * 24 * 60 * 60);

  router.on("login", async (ctx, { body }) => {
    ctx.set("Cache-Control", "no-store");
    const email = normalizeEmail(body.email);
    // Security events, never with the password or the address (the limit keys on it; logs do not keep it).
    const log = ctx.state.log.child({ event: "login", email });
    // A browser that signed in to this account before has a budget of its own, so failures from
    // elsewhere never keep the owner out.
    const deviceId = ctx.cookies.get(deviceCookieName(ctx.hostname));
    const knownDevice =
      deviceId && isWellFormedSessionId(deviceId) && (await devices.isKnownTo(hashSessionId(deviceId), email))
        ? hashSessionId(deviceId)
        : undefined;
    const attempt = { account: email, address: ctx.ip, device: knownDevice };
    const wait = await limiter.attempt(attempt);
    if (wait > 0) {
      log.warn(
        { outcome: "rate_limited", retryAfterSeconds: wait, knownDevice: Boolean(knownDevice) },
        "login refused: too many attempts",
      );
      throw rateLimited(wait);
    }

    const account = await admins.findByEmail(email);
    // An unknown email is verified against a dummy hash, so both failures take as long.
    const matches = await verifyPassword(account?.passwordHash, body.password);
    if (!account || !matches) {
      log.warn({ outcome: "failed" }, "login failed");
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await limiter.succeeded(attempt);
    log.info({ outcome: "succeeded", adminId: account.id, knownDevice: Boolean(knownDevice) }, "login succeeded");
    if (needsRehash(account.passwordHash))
      await admins.updatePasswordHash(account.id, await hashPassword(body.password));

    await sessions.deleteEnded();
    const previous = sessionToken(ctx);
    if (previous && isWellFormedSessionId(previous)) await sessions.revoke(hashSessionId(previous));
    const id = newSessionId();
    await sessions.create(hashSessionId(id), account.id);
    ctx.append("Set-Cookie", sessionCookie(id, { hostname: ctx.hostname, maxAgeSeconds: ttlSeconds }));
    const device = knownDevice ? deviceId! : newSessionId();
    await devices.deleteEnded();
    await devices.remember(hashSessionId(device), account.id);
    ctx.append("Set-Cookie", deviceCookie(device, { hostname: ctx.hostname }));
    const user = { id: account.id, email: account.email, role: account.role };
    await audit.record(
      newAuditEvent({
        actor: user,
        action: "login",
        service: "auth",
        requestId: ctx.state.requestId,
        target: { entity: "session", id: null },
      }),
    );
    ctx.body = { user };
  });

  router.on("getSession", (ctx, { admin }) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = { user: admin };
  });

  router.on("changePassword", async (ctx, { body, admin }) => {
    ctx.set("Cache-Control", "no-store");
    if (!admin) throw unauthorized();
    // Current-password checks have a budget of their own, so a stolen session cannot guess its way in,
    // and failed logins elsewhere cannot stop the owner changing the password.
    const log = ctx.state.log.child({ event: "password_change", adminId: admin.id });
    const wait = await limiter.attemptPasswordChange(admin.id);
    if (wait > 0) {
      log.warn({ outcome: "rate_limited", retryAfterSeconds: wait }, "password change refused: too many attempts");
      throw rateLimited(wait);
    }
    const account = await admins.findById(admin.id);
    if (!account || !(await verifyPassword(account.passwordHash, body.currentPassword))) {
      log.warn({ outcome: "failed" }, "password change refused: wrong current password");
      throw badRequest(WRONG_CURRENT_PASSWORD, [
        { path: "currentPassword", message: WRONG_CURRENT_PASSWORD, reason: "current_password_incorrect" },
      ]);
    }
    await limiter.passwordChangeSucceeded(admin.id);
    const refusal = await checkNewPassword(body.newPassword, {
      email: account.email,
      currentPassword: body.currentPassword,
    });
    if (refusal) {
      log.info({ outcome: "refused", reason: refusal.problem }, "password change refused: weak new password");
      throw badRequest(refusal.message, [
        { path: "newPassword", message: refusal.message, reason: refusal.problem, hints: refusal.hints },
      ]);
    }
    await admins.updatePasswordHash(account.id, await hashPassword(body.newPassword));
    const token = sessionToken(ctx);
    await sessions.revokeAllOf(account.id, token ? hashSessionId(token) : undefined);
    // What a session stolen before the change may have left behind: invitation links it made.
    await invitations.revokeMadeBy(account.id);
    log.info({ outcome: "succeeded" }, "password changed; other sessions and pending invitations revoked");
    ctx.state.audit = { target: { entity: "account", id: account.id } };
    ctx.status = 204;
  });

  router.on("logoutEverywhere", async (ctx, { admin }) => {
    if (!admin) throw unauthorized();
    await sessions.revokeAllOf(admin.id);
    await invitations.revokeMadeBy(admin.id);
    ctx.state.audit = { target: { entity: "sessions", id: null } };
    clearCookie(ctx);
    ctx.set("Cache-Control", "no-store");
    ctx.status = 204;
  });

  router.on("logout", async (ctx) => {
    const token = sessionToken(ctx);
    if (token) await sessions.revoke(hashSessionId(token));
    ctx.state.audit = { target: { entity: "session", id: null } };
    clearCookie(ctx);
    ctx.set("Cache-Control", "no-store");
    ctx.status = 204;
  });
}
