import type { Context } from "koa";
import { assertSameOriginWrite, badRequest, conflict, notFound, sessionToken, type OperationRouter } from "@rsv/kit";
import { sessionCookie } from "../domain/cookie.js";
import { hashSessionId, isWellFormedSessionId, newSessionId, normalizeEmail } from "../domain/credentials.js";
import {
  INVITATION_MESSAGES,
  LAST_OWNER,
  invitationLink,
  isWellFormedInvitationToken,
  newInvitationToken,
  refusalOf,
  type InvitationRefusal,
} from "../domain/invitation.js";
import { hashPassword } from "../domain/password.js";
import { checkNewPassword } from "../domain/password-strength.js";
import type { AccountChange, AdminsRepository, AlsoInTransaction } from "../repository/admins.repository.js";
import type { Invitation, InvitationsRepository } from "../repository/invitations.repository.js";
import type { SessionsRepository } from "../repository/sessions.repository.js";

export interface AccountRouteDeps {
  admins: AdminsRepository;
  invitations: InvitationsRepository;
  sessions: SessionsRepository;
  /** The session cookie's Max-Age, as at login. */
  sessionTtlDays: number;
  now: () => Date;
}

const ACCOUNT_NOT_FOUND = "Account not found";

const invitationBody = (invitation: Invitation) => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  createdAt: invitation.createdAt.toISOString(),
  expiresAt: invitation.expiresAt.toISOString(),
});

const refused = (reason: InvitationRefusal) =>
  badRequest(INVITATION_MESSAGES[reason], [{ path: "token", message: INVITATION_MESSAGES[reason], reason }]);

/**
 * The site's address as the owner's browser sees it: the Origin the write came with (same host, or the
 * kit would have refused it), which keeps https when TLS ends before the gateway; else the request's own.
 */
function siteOrigin(ctx: Context): string {
  try {
    const origin = new URL(ctx.get("origin"));
    if (origin.host === ctx.host) return origin.origin;
  } catch {
    // no Origin header (Sec-Fetch-Site vouched for the write): the request's own scheme and host
  }
  return ctx.origin;
}

function answerChange(change: AccountChange): void {
  if (change === "not_found") throw notFound(ACCOUNT_NOT_FOUND);
  if (change === "last_owner") throw conflict(LAST_OWNER);
}

/** The owner's accounts and invitations, and the public page where an invitee accepts. */
export function accountRoutes(router: OperationRouter, deps: AccountRouteDeps): void {
  const { admins, invitations, sessions } = deps;
  const ttlSeconds = Math.round(deps.sessionTtlDays * 24 * 60 * 60);

  router.on("listAccounts", async (ctx) => {
    ctx.body = (await admins.list()).map((account) => ({ ...account, createdAt: account.createdAt.toISOString() }));
  });

  router.on("updateAccount", async (ctx, { params, body, admin }) => {
    const before = await admins.findSummary(params.id);
    // An owner made editor leaves no invitation of theirs behind (an editor cannot invite).
    const leaving: AlsoInTransaction | undefined =
      body.role === "owner" ? undefined : (trx) => invitations.revokeMadeBy(params.id, trx);
    answerChange(await admins.setRole(params.id, body.role, leaving));
    ctx.state.log.info(
      { event: "account_role", adminId: admin!.id, accountId: params.id, role: body.role },
      "role changed",
    );
    const account = await admins.findSummary(params.id);
    if (!account) throw notFound(ACCOUNT_NOT_FOUND);
    ctx.state.audit = {
      target: { entity: "account", id: account.id },
      before: { email: before?.email, role: before?.role },
      after: { email: account.email, role: account.role },
    };
    ctx.body = { ...account, createdAt: account.createdAt.toISOString() };
  });

  router.on("deleteAccount", async (ctx, { params, admin }) => {
    const before = await admins.findSummary(params.id);
    // The sessions and known devices go with the row (foreign keys): every later request is signed out.
    // So do its pending invitations: a link it made cannot make an account after it has gone.
    answerChange(await admins.delete(params.id, (trx) => invitations.revokeMadeBy(params.id, trx)));
    ctx.state.audit = {
      target: { entity: "account", id: params.id },
      before: { email: before?.email, role: before?.role },
    };
    ctx.state.log.info({ event: "account_deleted", adminId: admin!.id, accountId: params.id }, "account removed");
    ctx.status = 204;
  });

  router.on("listInvitations", async (ctx) => {
    ctx.body = (await invitations.listPending()).map(invitationBody);
  });

  router.on("createInvitation", async (ctx, { body, admin }) => {
    const email = normalizeEmail(body.email);
    if (await admins.findByEmail(email)) throw conflict("An account with this email already exists");
    const token = newInvitationToken();
    const invitation = await invitations.create({
      email,
      role: body.role,
      tokenHash: hashSessionId(token),
      invitedBy: admin!.id,
    });
    ctx.state.log.info({ event: "invitation_created", adminId: admin!.id, invitationId: invitation.id }, "invited");
    ctx.set("Cache-Control", "no-store");
    ctx.status = 201;
    // The activity log keeps the invitation, never its link: the link is a credential.
    ctx.state.audit = { target: { entity: "invitation", id: invitation.id }, after: invitationBody(invitation) };
    ctx.body = { ...invitationBody(invitation), link: invitationLink(siteOrigin(ctx), token) };
  });

  router.on("revokeInvitation", async (ctx, { params }) => {
    if (!(await invitations.revoke(params.id))) throw notFound("Invitation not found");
    ctx.state.audit = { target: { entity: "invitation", id: params.id } };
    ctx.status = 204;
  });

  router.on("acceptInvitation", async (ctx, { body }) => {
    ctx.set("Cache-Control", "no-store");
    // It signs a browser in, so, as an admin write, only from the site's own pages.
    assertSameOriginWrite(ctx);
    const tokenHash = isWellFormedInvitationToken(body.token) ? hashSessionId(body.token) : undefined;
    const invitation = tokenHash ? await invitations.findByTokenHash(tokenHash) : undefined;
    const refusal = refusalOf(invitation, deps.now());
    if (refusal || !invitation || !tokenHash) throw refused(refusal ?? "invitation_unknown");
    const weak = await checkNewPassword(body.password, { email: invitation.email });
    if (weak)
      throw badRequest(weak.message, [
        { path: "password", message: weak.message, reason: weak.problem, hints: weak.hints },
      ]);
    const accepted = await invitations.accept(tokenHash, await hashPassword(body.password));
    if ("refused" in accepted) {
      // Another request used, or the owner revoked, the link while the password was weighed; or its
      // inviter is an owner no more (removed or demoted as it was used): revoked in all but the row.
      if (accepted.refused === "gone")
        throw refused(refusalOf(await invitations.findByTokenHash(tokenHash), deps.now()) ?? "invitation_revoked");
      throw conflict("An account with this email already exists");
    }
    const log = ctx.state.log.child({ event: "invitation_accepted", adminId: accepted.accountId });
    const previous = sessionToken(ctx);
    if (previous && isWellFormedSessionId(previous)) await sessions.revoke(hashSessionId(previous));
    const id = newSessionId();
    await sessions.create(hashSessionId(id), accepted.accountId);
    ctx.append("Set-Cookie", sessionCookie(id, { hostname: ctx.hostname, maxAgeSeconds: ttlSeconds }));
    log.info({ role: invitation.role }, "invitation accepted; account created and signed in");
    ctx.status = 201;
    ctx.body = { user: { id: accepted.accountId, email: invitation.email, role: invitation.role } };
  });
}
