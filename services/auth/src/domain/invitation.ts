import { randomBytes } from "node:crypto";

/** How long an invitation's link can be used. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type InvitationState = "pending" | "expired" | "used" | "revoked";

/** Why an invitation's link no longer works, as the contract names it for `token`. */
export type InvitationRefusal = "invitation_unknown" | "invitation_expired" | "invitation_used" | "invitation_revoked";

export interface InvitationTimes {
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

/** Used or revoked is said before expired: the link's owner learns what happened to it first. */
export function invitationState(invitation: InvitationTimes, now: Date): InvitationState {
  if (invitation.acceptedAt) return "used";
  if (invitation.revokedAt) return "revoked";
  if (invitation.expiresAt.getTime() <= now.getTime()) return "expired";
  return "pending";
}

export function refusalOf(invitation: InvitationTimes | undefined, now: Date): InvitationRefusal | null {
  if (!invitation) return "invitation_unknown";
  const state = invitationState(invitation, now);
  return state === "pending" ? null : `invitation_${state}`;
}

export const INVITATION_MESSAGES: Record<InvitationRefusal, string> = {
  invitation_unknown: "This invitation link is not valid",
  invitation_expired: "This invitation link has expired; ask for a new one",
  invitation_used: "This invitation link has already been used",
  invitation_revoked: "This invitation link was revoked",
};

/** 32 random bytes, base64url: the token an invitation's link carries. */
export function newInvitationToken(): string {
  return randomBytes(32).toString("base64url");
}

export function isWellFormedInvitationToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** The admin page, with the token in the fragment: browsers never send it to a server or in a Referer. */
export function invitationLink(origin: string, token: string): string {
  return new URL(`/admin#invitation=${token}`, origin).toString();
}

/** The rule the site keeps whatever owners do: at least one owner remains. */
export const LAST_OWNER = "The last owner cannot be demoted or removed";
