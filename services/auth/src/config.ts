import { z } from "zod";
import { isEmail } from "./domain/credentials.js";

/** The auth service's own settings, on top of the kit's shared ones; read with `loadConfig`. */
export const authConfigSchema = z
  .object({
    ADMIN_EMAIL: z.string().trim().refine(isEmail, "must be an email address (name@domain.tld)").optional(),
    ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").max(1024).optional(),
    /** A session's absolute lifetime, from sign-in. */
    SESSION_TTL_DAYS: z.coerce.number().positive().max(365).default(7),
    /** A session unused this long ends, whatever is left of its lifetime. */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .positive()
      .max(24 * 60)
      .default(30),
    /**
     * Login attempts one account may take at once, from any addresses, before each further one waits
     * (1 s, doubling up to LOGIN_DELAY_MAX_SECONDS); a browser that signed in before has as many of its
     * own. Also the wrong current passwords a password change may give in 15 minutes.
     */
    LOGIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
    /** The longest wait between login attempts on one account once its free attempts are spent. */
    LOGIN_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /** Login attempts one address may take in 15 minutes, across accounts. */
    LOGIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
    /** How long the activity log keeps an event; older ones are purged daily. */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  })
  .refine((config) => !config.ADMIN_PASSWORD || config.ADMIN_EMAIL, {
    message: "ADMIN_PASSWORD needs ADMIN_EMAIL",
    path: ["ADMIN_EMAIL"],
  });
