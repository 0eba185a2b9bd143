import { utcDay } from "./visitor-hash.js";

export const SUMMARY_DAYS = 7;
export const TOP_PRODUCTS = 10;
export const RECENT_EVENTS = 20;
export const RECENT_ACTIVITY_LIMIT = 10;
export const RECENT_ACTIVITY_HOURS = 48;

/** Today and the days before it (UTC), oldest first. */
export function lastDays(now: Date, count = SUMMARY_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => utcDay(new Date(today - (count - 1 - i) * 86_400_000)));
}

/** One entry per day, days without clicks at zero. */
export function zeroFilled(days: string[], counts: Map<string, number>): Array<{ date: string; clicks: number }> {
  return days.map((date) => ({ date, clicks: counts.get(date) ?? 0 }));
}

export function minutesAgo(now: Date, then: Date): number {
  return Math.max(0, Math.floor((now.getTime() - then.getTime()) / 60_000));
}
