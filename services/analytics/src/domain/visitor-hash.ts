import { createHmac } from "node:crypto";
import { dayIn } from "./report.js";

/** UTC calendar day, YYYY-MM-DD. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A quarter of an hour: no time zone's day starts within one (offsets are whole quarters). */
const QUARTER_HOUR_MS = 900_000;

/**
 * The day of the site's time zone (YYYY-MM-DD) a time falls on, worked out once a quarter of an hour:
 * a formatter's answer costs microseconds, and every beacon asks.
 */
export function siteDays(timeZone: string): (at: Date) => string {
  let quarter = Number.NaN;
  let day = "";
  return (at) => {
    const now = Math.floor(at.getTime() / QUARTER_HOUR_MS);
    if (now !== quarter) [quarter, day] = [now, dayIn(timeZone, at)];
    return day;
  };
}

/**
 * The visitor hash of privacy-first analytics: HMAC-SHA256 of IP and user agent under a salt that
 * changes with every day of the site's time zone, the days its reports count (plus an optional
 * secret). The same visitor counts once a day; once the salt is deleted, nobody (us included) can tell
 * which IP a past hash came from.
 */
export function visitorHash(salt: string, secret: string | undefined, ip: string, userAgent: string): string {
  return createHmac("sha256", `${salt}:${secret ?? ""}`)
    .update(`${ip}\n${userAgent}`)
    .digest("hex");
}

/** Salts older than this many days are deleted. */
export const SALT_KEEP_DAYS = 2;
