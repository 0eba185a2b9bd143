/**
 * How long a session lives: at most `absoluteMs` from sign-in (the cookie's own lifetime too), and
 * no longer than `idleMs` after the last request that used it. Both are checked on the server, so
 * a copied cookie stops working whatever the browser does with it.
 */
export interface SessionLifetime {
  absoluteMs: number;
  idleMs: number;
}

/**
 * Last use is written at most this often: one write a minute instead of one per request. The idle
 * limit may so end up to a minute early, never late.
 */
export const LAST_SEEN_STEP_MS = 60_000;

export function lifetimeOf(settings: { SESSION_TTL_DAYS: number; SESSION_IDLE_MINUTES: number }): SessionLifetime {
  return { absoluteMs: settings.SESSION_TTL_DAYS * 86_400_000, idleMs: settings.SESSION_IDLE_MINUTES * 60_000 };
}

/** Sessions last used before this moment have gone idle. */
export function idleSince(now: Date, lifetime: SessionLifetime): Date {
  return new Date(now.getTime() - lifetime.idleMs);
}

export function needsTouch(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_STEP_MS;
}
