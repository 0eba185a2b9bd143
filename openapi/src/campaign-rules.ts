/**
 * When a campaign may be scheduled: the one copy, used by the newsletter service (which refuses
 * anything else) and by the admin's schedule field (which says why in the owner's language first).
 */

/** A time this recent counts as now: the owner's clock and the server's differ a little. */
export const JUST_PASSED_MS = 5 * 60_000;

/** How far ahead a campaign may be scheduled. */
export const SCHEDULE_AHEAD_DAYS = 366;

export type ScheduleProblem = "invalid" | "past" | "tooFar";

/**
 * What is wrong with sending at `at` (a time the contract accepts but Date cannot read, such as a leap
 * second, is invalid), or null when it is fine. A time just passed is fine: it means now.
 */
export function scheduleProblem(at: Date, now: Date): ScheduleProblem | null {
  const time = at.getTime();
  if (Number.isNaN(time)) return "invalid";
  if (time < now.getTime() - JUST_PASSED_MS) return "past";
  if (time > now.getTime() + SCHEDULE_AHEAD_DAYS * 86_400_000) return "tooFar";
  return null;
}

/**
 * The key a newsletter campaign's clicks are reported under (the campaign breakdown), beside the
 * visitors' own utm_campaign values: `newsletter-<id>`.
 */
export function newsletterCampaignKey(campaignId: number): string {
  return `newsletter-${campaignId}`;
}
