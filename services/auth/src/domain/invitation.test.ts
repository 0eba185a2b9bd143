import { describe, expect, it } from "vitest";
import {
  INVITATION_TTL_MS,
  invitationLink,
  invitationState,
  isWellFormedInvitationToken,
  newInvitationToken,
  refusalOf,
} from "./invitation.js";

const now = new Date("2026-03-01T12:00:00Z");
const pending = { expiresAt: new Date(now.getTime() + 1000), acceptedAt: null, revokedAt: null };

describe("invitations", () => {
  it("are pending until used, revoked or past their time, and say which", () => {
    expect(invitationState(pending, now)).toBe("pending");
    expect(refusalOf(pending, now)).toBeNull();
    expect(refusalOf({ ...pending, expiresAt: now }, now)).toBe("invitation_expired");
    expect(refusalOf({ ...pending, acceptedAt: now }, now)).toBe("invitation_used");
    expect(refusalOf({ ...pending, revokedAt: now }, now)).toBe("invitation_revoked");
    // What happened to the link is said before its age.
    expect(refusalOf({ expiresAt: new Date(0), acceptedAt: now, revokedAt: null }, now)).toBe("invitation_used");
    expect(refusalOf(undefined, now)).toBe("invitation_unknown");
    expect(INVITATION_TTL_MS).toBe(7 * 24 * 3_600_000);
  });

  it("carry a random token in the link's fragment, never in its path or query", () => {
    const token = newInvitationToken();
    expect(isWellFormedInvitationToken(token)).toBe(true);
    expect(newInvitationToken()).not.toBe(token);
    const link = new URL(invitationLink("https://reviews.example.com", token));
    expect(link.pathname).toBe("/admin");
    expect(link.search).toBe("");
    expect(link.hash).toBe(`#invitation=${token}`);
    expect(isWellFormedInvitationToken("short")).toBe(false);
  });
});
