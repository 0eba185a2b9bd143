import type { Context } from "koa";
import {
  badRequest,
  rateLimited,
  sessionToken,
  unauthorized,
  type AdminUser,
  type OperationRouter,
  type SessionResolver,
} from "@rsv/kit";
import { clearedSessionCookie, sessionCookie } from "../domain/cookie.js";
import {
  INVALID_CREDENTIALS,
  hashSessionId,
  isWellFormedSessionId,
  newSessionId,
  normalizeEmail,
} from "../domain/credentials.js";
import { hashPassword, needsRehash, verifyPassword } from "../domain/password.js";
import type { LoginLimiter } from "../http/login-limiter.js";
import type { AdminsRepository } from "../repository/admins.repository.js";
import type { SessionsRepository } from "../repository/sessions.repository.js";

export interface AuthRouteDeps {
  admins: AdminsRepository;
  sessions: SessionsRepository;
  limiter: LoginLimiter;
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
  const { admins, sessions, limiter } = deps;
  const ttlSeconds = Math.round(deps.sessionTtlDays * 24 * 60 * 60);

  router.on("login", async (ctx, { body }) => {
    ctx.set("Cache-Control", "no-store");
    const email = normalizeEmail(body.email);
    // Security events, never with the password or the address (the limit keys on it; logs do not keep it).
    const log = ctx.state.log.child({ event: "login", email });
    const wait = await limiter.attempt(email, ctx.ip);
    if (wait > 0) {
      log.warn({ outcome: "rate_limited", retryAfterSeconds: wait }, "login refused: too many attempts");
      throw rateLimited(wait);
    }

    const account = await admins.findByEmail(email);
    // An unknown email is verified against a dummy hash, so both failures take as long.
    const matches = await verifyPassword(account?.passwordHash, body.password);
    if (!account || !matches) {
      log.warn({ outcome: "failed" }, "login failed");
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await limiter.succeeded(email, ctx.ip);
    log.info({ outcome: "succeeded", adminId: account.id }, "login succeeded");
    if (needsRehash(account.passwordHash))
      await admins.updatePasswordHash(account.id, await hashPassword(body.password));

    await sessions.deleteEnded();
    const previous = sessionToken(ctx);
    if (previous && isWellFormedSessionId(previous)) await sessions.revoke(hashSessionId(previous));
    const id = newSessionId();
    await sessions.create(hashSessionId(id), account.id);
    ctx.append("Set-Cookie", sessionCookie(id, { hostname: ctx.hostname, maxAgeSeconds: ttlSeconds }));
    ctx.body = { user: { id: account.id, email: account.email } };
  });

  router.on("getSession", (ctx, { admin }) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = { user: admin };
  });

  router.on("changePassword", async (ctx, { body, admin }) => {
    ctx.set("Cache-Control", "no-store");
    if (!admin) throw unauthorized();
    // Current-password checks spend the login budgets, so a stolen session cannot guess its way in.
    const log = ctx.state.log.child({ event: "password_change", adminId: admin.id });
    const wait = await limiter.attempt(admin.email, ctx.ip);
    if (wait > 0) {
      log.warn({ outcome: "rate_limited", retryAfterSeconds: wait }, "password change refused: too many attempts");
      throw rateLimited(wait);
    }
    const account = await admins.findById(admin.id);
    if (!account || !(await verifyPassword(account.passwordHash, body.currentPassword))) {
      log.warn({ outcome: "failed" }, "password change refused: wrong current password");
      throw badRequest(WRONG_CURRENT_PASSWORD, [{ path: "currentPassword", message: WRONG_CURRENT_PASSWORD }]);
    }
    await limiter.succeeded(admin.email, ctx.ip);
    await admins.updatePasswordHash(account.id, await hashPassword(body.newPassword));
    const token = sessionToken(ctx);
    await sessions.revokeAllOf(account.id, token ? hashSessionId(token) : undefined);
    log.info({ outcome: "succeeded" }, "password changed; other sessions revoked");
    ctx.status = 204;
  });

  router.on("logoutEverywhere", async (ctx, { admin }) => {
    if (!admin) throw unauthorized();
    await sessions.revokeAllOf(admin.id);
    clearCookie(ctx);
    ctx.set("Cache-Control", "no-store");
    ctx.status = 204;
  });

  router.on("logout", async (ctx) => {
    const token = sessionToken(ctx);
    if (token) await sessions.revoke(hashSessionId(token));
    clearCookie(ctx);
    ctx.set("Cache-Control", "no-store");
    ctx.status = 204;
  });
}
