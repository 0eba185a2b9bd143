import { createHmac, timingSafeEqual } from "node:crypto";
import { gone, notFound, unavailable } from "./errors.js";

/** What a preview link lets its holder read: one item, in one language, until a time. */
export interface PreviewClaim {
  entity: "post" | "product";
  id: number;
  lang: "en" | "es";
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * Preview links are signed with a key made from the services' shared secret, so every replica of
 * catalog and content can check a link another one made, and nobody without the secret can make one.
 * Changing INTERNAL_TOKEN ends every link given out before.
 */
export class PreviewLinks {
  private readonly key: Buffer | null;

  constructor(
    internalToken: string | undefined,
    private readonly lifetimeMs = 72 * 3_600_000,
  ) {
    this.key = internalToken ? createHmac("sha256", internalToken).update("preview-links").digest() : null;
  }

  private sign(payload: string): string {
    if (!this.key) throw unavailable("Preview links need the services' secret (INTERNAL_TOKEN)");
    return createHmac("sha256", this.key).update(payload).digest("base64url");
  }

  /** A token for the item, and when it stops working. */
  create(item: Omit<PreviewClaim, "expiresAt">, now = Date.now()): { token: string; expiresAt: Date } {
    const claim: PreviewClaim = { ...item, expiresAt: now + this.lifetimeMs };
    const payload = Buffer.from(JSON.stringify([claim.entity, claim.id, claim.lang, claim.expiresAt])).toString(
      "base64url",
    );
    return { token: `${payload}.${this.sign(payload)}`, expiresAt: new Date(claim.expiresAt) };
  }

  /**
   * The claim a token makes for this kind of item. A token altered in any way, or made for another
   * kind of item, is "not found" (404); an honest one past its time is "gone" (410).
   */
  read(token: string, entity: PreviewClaim["entity"], now = Date.now()): PreviewClaim {
    const [payload = "", signature = ""] = token.split(".");
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound("Preview not found");
    const claim = decode(payload);
    if (!claim || claim.entity !== entity) throw notFound("Preview not found");
    if (claim.expiresAt <= now) throw gone("This preview link has expired");
    return claim;
  }
}

function decode(payload: string): PreviewClaim | null {
  try {
    const [entity, id, lang, expiresAt] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown[];
    if (entity !== "post" && entity !== "product") return null;
    if (lang !== "en" && lang !== "es") return null;
    if (!Number.isSafeInteger(id) || !Number.isSafeInteger(expiresAt)) return null;
    return { entity, id: id as number, lang, expiresAt: expiresAt as number };
  } catch {
    return null;
  }
}
