import { createHmac } from "node:crypto";

/** UTC calendar day, YYYY-MM-DD. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The visitor hash of privacy-first analytics: HMAC-SHA256 of IP and user agent under a salt that
 * changes every UTC day (plus an optional secret). The same visitor counts once a day; once the
 * salt is deleted, nobody (us included) can tell which IP a past hash came from.
 */
export function visitorHash(salt: string, secret: string | undefined, ip: string, userAgent: string): string {
  return createHmac("sha256", `${salt}:${secret ?? ""}`)
    .update(`${ip}\n${userAgent}`)
    .digest("hex");
}

/** Salts older than this many days are deleted. */
export const SALT_KEEP_DAYS = 2;
