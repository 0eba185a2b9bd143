import { z } from "zod";
import { flag } from "@rsv/kit";

/** The analytics service's own settings, on top of the kit's shared ones; read with `loadConfig`. */
export const analyticsSettingsSchema = z.object({
  /** Mixed into the daily salt of visitor hashes; without it the random daily salt alone protects them. */
  ANALYTICS_SALT_SECRET: z.string().min(1).optional(),
  /** Longest a track request waits for Redis to accept the event before answering 503. */
  ANALYTICS_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /**
   * With REDIS_URL, also consume the queue in this process (one process holding the whole site, such
   * as the embedded server pointed at a real Redis). Normally the separate worker (src/worker.ts) does.
   */
  ANALYTICS_INLINE_WORKER: flag(false),
  /**
   * Days raw events (and events set aside) are kept; older ones are deleted every hour, a month's
   * partition at a time. The daily and hourly roll-ups the reports read are kept.
   */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(395),
  /** How often the worker brings the roll-ups up to date (reports read raw events for the days it has not). */
  ANALYTICS_ROLLUP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /**
   * The site's reporting currency (ISO 4217): imported commissions must be in it (a row in another is
   * refused), so earnings add up without exchange rates.
   */
  ANALYTICS_CURRENCY: z
    .string()
    .default("EUR")
    .transform((code) => code.trim().toUpperCase())
    .refine(isCurrency, "must be an ISO 4217 currency code, such as EUR"),
  /** The site's time zone (IANA name): a report's days begin and end at its midnights. */
  ANALYTICS_TIME_ZONE: z
    .string()
    .default("UTC")
    .refine(isTimeZone, "must be an IANA time zone name, such as Europe/Madrid"),
});

function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf("currency").includes(code);
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
